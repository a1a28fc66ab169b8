import { z } from 'zod';
import { defineRoute } from '../route.js';
import { isoTime, pageOf, pageQuery } from '../envelope.js';
import { line, name, opaque, text } from '../text.js';
import { id, mobile, names, strict, userBrief } from './common.js';

// ---- constants -------------------------------------------------------------------------------------

/**
 * Room auth levels (seed §3: "room auth level, default 4"). Lower is stronger; see docs/decisions/0016-room-auth-levels.md.
 * 1 owner (the anchor), 2 room admin (appointed by the owner), 3 co-host (holds a mic seat), 4 viewer.
 */
export const RoomAuth = { OWNER: 1, ADMIN: 2, COHOST: 3, VIEWER: 4 } as const;
export const roomAuthLevel = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type RoomAuthLevel = z.infer<typeof roomAuthLevel>;

/** Mic seats of a room besides the anchor: live rooms 0–8 co-host seats, chat rooms 1–8. */
export const MAX_MIC_SEATS = 8;
/** Chat message length limit (characters, after trimming). */
export const CHAT_MAX_LENGTH = 100;
/** Media seat id of the anchor; mic seats are `seat-1` … `seat-8`. */
export const ANCHOR_SEAT = 'anchor';
export const seatId = (index: number): string => `seat-${index}`;

// ---- shared shapes ---------------------------------------------------------------------------------

/** 'live': one anchor (+ optional co-hosts); 'chat': a video chat (party) room of mic seats in a grid. */
export const roomKind = z.enum(['live', 'chat']);
export type RoomKind = z.infer<typeof roomKind>;

/** The seed's §3 room settings. */
export const roomSettings = z.object({
  front_camera: z.boolean().describe('anchor uses the front camera'),
  camera: z.boolean().describe('anchor camera on'),
  audio: z.boolean().describe('anchor microphone on'),
  screen: z.boolean().describe('anchor shares the screen'),
  allow_mic: z.boolean().describe('viewers may ask to join the mic'),
  vertical: z.boolean().describe('portrait stream'),
  pc: z.boolean().describe('anchor streams from a PC (OBS) with the WHIP URL and token'),
  free_seats: z.boolean().describe('chat rooms: members take an empty unlocked seat by tapping it, no request (needs allow_mic)'),
  allow_clips: z.boolean().describe('viewers may clip the live (clip/create); the anchor turns it off'),
});
export type RoomSettings = z.infer<typeof roomSettings>;
export const DEFAULT_ROOM_SETTINGS: RoomSettings = {
  front_camera: true,
  camera: true,
  audio: true,
  screen: false,
  allow_mic: true,
  vertical: true,
  pc: false,
  free_seats: true,
  allow_clips: true,
};
/** Stored settings JSON → the settings (unknown, missing or unreadable keys fall back to the defaults). */
export function parseRoomSettings(text: string): RoomSettings {
  try {
    const parsed = roomSettings.partial().safeParse(JSON.parse(text));
    return { ...DEFAULT_ROOM_SETTINGS, ...(parsed.success ? parsed.data : {}) };
  } catch {
    return { ...DEFAULT_ROOM_SETTINGS };
  }
}
/** Settings in a request: every field optional. */
export const roomSettingsPatch = roomSettings.partial().strict();

export const roomCategory = z.object({ id: z.number().int(), name: z.string(), names, sort: z.number().int() });
export type RoomCategory = z.infer<typeof roomCategory>;

/** One mic seat (index 1…mic_seats). */
export const roomSeat = z.object({
  index: z.number().int(),
  seat_id: z.string().describe('media seat id: seat-<index>'),
  locked: z.boolean(),
  user: userBrief.nullable(),
  live: z.boolean().describe('the occupant is publishing now'),
  camera: z.boolean().describe("the occupant's camera is on (off: everyone shows their avatar)"),
  mic: z.boolean().describe("the occupant's microphone is on (off: everyone shows the muted icon)"),
});
export type RoomSeat = z.infer<typeof roomSeat>;

/** A room in lists (live page, search). */
export const roomBrief = z.object({
  id: z.number().int(),
  number: z.string().describe('short numeric room number for /pages/user/join'),
  title: z.string(),
  cover: z.string(),
  category_id: z.number().int(),
  category: z.string(),
  kind: roomKind,
  anchor: userBrief,
  online: z.number().int().describe('people in the room channel now'),
  need_password: z.boolean(),
  live: z.boolean().describe('the anchor publishes video now'),
  status: z.enum(['open', 'closed']),
  started_at: isoTime.nullable(),
});
export type RoomBrief = z.infer<typeof roomBrief>;

/** A room with everything the room page needs, seen by the caller. */
export const roomInfo = roomBrief.extend({
  settings: roomSettings,
  mic_seats: z.number().int(),
  seats: z.array(roomSeat),
  anchor_present: z.boolean().describe('false while "the anchor has left" (grace period running)'),
  close_at: isoTime.nullable().describe('when the room closes itself unless the anchor comes back'),
  my_auth: roomAuthLevel.describe('the caller: 1 owner, 2 admin, 3 co-host, 4 viewer (also for anonymous callers)'),
  my_muted: z.boolean(),
  my_seat: z.number().int().nullable(),
  my_following: z.boolean().describe('the caller follows the anchor (false for guests and the anchor)'),
});
export type RoomInfo = z.infer<typeof roomInfo>;

export const anchorApplyStatus = z.enum(['none', 'pending', 'approved', 'rejected']);
export type AnchorApplyStatus = z.infer<typeof anchorApplyStatus>;

export const anchorApplication = z.object({
  status: anchorApplyStatus,
  reason: z.string().nullable().describe('why it was rejected'),
  real_name: z.string().describe('masked'),
  submitted_at: isoTime.nullable(),
  reviewed_at: isoTime.nullable(),
});
export type AnchorApplication = z.infer<typeof anchorApplication>;

/** What an operator sees of an application. */
export const anchorApplicationAdmin = z.object({
  id: z.number().int(),
  user: userBrief,
  status: anchorApplyStatus,
  real_name: z.string(),
  id_card: z.string().describe('masked'),
  mobile: z.string(),
  introduction: z.string(),
  reason: z.string().nullable(),
  submitted_at: isoTime,
  reviewed_at: isoTime.nullable(),
});
export type AnchorApplicationAdmin = z.infer<typeof anchorApplicationAdmin>;

/** Credentials for one WHIP publish or WHEP play (apps/server/src/media). */
export const mediaCredentials = z.object({
  kind: z.enum(['publish', 'play']),
  url: z.string().describe('WHIP URL (publish) or WHEP URL (play); absolute with PUBLIC_URL, else a path'),
  token: z.string().describe('Authorization: Bearer <token> on the WHIP/WHEP POST; short-lived'),
  expires_at: isoTime,
  seat: z.string().nullable().describe('publish: the seat this token publishes to'),
  seats: z.array(z.string()).describe('play: seats to ask for, in slot order (anchor first)'),
  max_bitrate: z.number().int().describe('publish: video bitrate cap, bit/s'),
  hls_url: z
    .string()
    .nullable()
    .describe(
      "play: the room's live HLS playlist, played when WebRTC is full or cannot connect: a public room's storage or CDN URL (no token needed); a password room's API URL carrying this viewer's token, checked at every refresh, its segments signed links; null when the room has no HLS egress",
    ),
  hls_only: z.boolean().describe('play: an operator sent this room to HLS: plain viewers play hls_url at once'),
});
export type MediaCredentials = z.infer<typeof mediaCredentials>;

// ---- request fields --------------------------------------------------------------------------------

export const roomPassword = z.string().regex(/^[A-Za-z0-9]{6,16}$/, '房间密码为6–16位字母或数字');
/** A live's title (a room's, a live preview's). */
export const liveTitle = name().trim().min(1, '请输入直播标题').max(30, '标题最多30个字');
const keyword = line().trim().min(1, '请输入关键词').max(30, '关键词最多30个字');
const roomRef = z
  .object({
    room_id: id.optional(),
    number: z
      .string()
      .regex(/^\d{4,10}$/, '房间号为4–10位数字')
      .optional(),
  })
  .strict()
  .refine((q) => q.room_id !== undefined || q.number !== undefined, { message: '请提供房间ID或房间号', path: ['room_id'] });

// ---- routes ----------------------------------------------------------------------------------------

export const roomRoutes = {
  anchorApply: defineRoute({
    method: 'POST',
    path: 'user/anchor/apply',
    auth: 'member',
    tag: 'room',
    summary: 'Apply to become an anchor (again after a rejection); an operator reviews it',
    body: strict({
      real_name: name()
        .trim()
        .regex(/^[\u4e00-\u9fa5A-Za-z·\s]{2,20}$/, '请输入2–20个字的真实姓名'),
      // Shape here; the server also checks the date and GB 11643 check character (@app/kit isIdCardCN).
      id_card: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[1-9]\d{16}[\dX]$/, '请输入正确的身份证号'),
      mobile,
      introduction: text().trim().min(1, '请填写个人简介').max(140, '简介最多140个字'),
    }),
    data: anchorApplication,
  }),
  anchorApplyStatus: defineRoute({
    method: 'GET',
    path: 'user/anchor/apply_status',
    auth: 'member',
    tag: 'room',
    summary: 'My anchor application: none, pending, approved, or rejected with the reason',
    data: anchorApplication,
  }),
  roomCategories: defineRoute({
    method: 'GET',
    path: 'room/category',
    auth: 'public',
    tag: 'room',
    summary: 'Room categories (tabs of the live page, the create form)',
    data: z.object({ list: z.array(roomCategory) }),
  }),
  roomOpen: defineRoute({
    method: 'POST',
    path: 'room/open',
    auth: 'member',
    tag: 'room',
    summary: 'Go live (approved anchors only). One open room per anchor: when it is open already, it is returned as is',
    body: strict({
      title: liveTitle,
      cover: opaque().max(512).default('').describe('an uploaded image URL, or empty'),
      category_id: id,
      kind: roomKind.default('live'),
      password: roomPassword.optional().describe('set for a password room; stored hashed'),
      mic_seats: z
        .number()
        .int()
        .min(0)
        .max(MAX_MIC_SEATS, `麦位最多${MAX_MIC_SEATS}个`)
        .optional()
        .describe('default: live 3, chat 8; chat rooms need at least 1'),
      settings: roomSettingsPatch.default({}),
    }),
    data: roomInfo,
  }),
  roomClose: defineRoute({
    method: 'POST',
    path: 'room/close',
    auth: 'member',
    tag: 'room',
    summary: 'End the live (the owner, or an operator): every media session ends, viewers get `closed`',
    body: strict({ room_id: id }),
    data: z.object({ closed: z.boolean() }),
  }),
  roomInfo: defineRoute({
    method: 'GET',
    path: 'home/room_info',
    auth: 'public',
    tag: 'room',
    summary: 'A room by id or number: anchor, online count, seats, whether a password is needed, the caller’s auth level',
    query: roomRef,
    data: roomInfo,
  }),
  anchorList: defineRoute({
    method: 'GET',
    path: 'home/anchor/list',
    auth: 'public',
    tag: 'room',
    summary: 'Open rooms (live first, newest first), optionally of one category or kind, with online counts',
    query: pageQuery.extend({ category_id: id.optional(), kind: roomKind.optional() }).strict(),
    data: pageOf(roomBrief),
  }),
  searchRoom: defineRoute({
    method: 'GET',
    path: 'common/search_room',
    auth: 'public',
    tag: 'room',
    summary: 'Open rooms whose title, number or anchor nickname matches the keyword',
    query: pageQuery.extend({ keyword }).strict(),
    data: pageOf(roomBrief),
  }),
  searchUser: defineRoute({
    method: 'GET',
    path: 'common/search_user',
    auth: 'public',
    tag: 'room',
    summary: 'Members whose nickname or account matches the keyword; with their open room when live',
    query: pageQuery.extend({ keyword }).strict(),
    data: pageOf(userBrief.extend({ signature: z.string(), room_id: z.number().int().nullable() })),
  }),
  roomMedia: defineRoute({
    method: 'POST',
    path: 'room/media',
    auth: 'session',
    tag: 'room',
    summary:
      'WHIP/WHEP URL and a short-lived media token. publish: the owner (seat anchor, also for OBS) or the co-host of that seat; play: a caller who joined the room channel',
    body: strict({
      room_id: id,
      kind: z.enum(['publish', 'play']),
      seat: z
        .string()
        .regex(/^(anchor|seat-[1-8])$/, '麦位应为 anchor 或 seat-1…seat-8')
        .optional()
        .describe('publish: default anchor for the owner, the caller’s own seat for a co-host'),
    }),
    data: mediaCredentials,
  }),

  adminAnchorApplications: defineRoute({
    method: 'GET',
    path: '/api/admin/anchor/applications',
    auth: 'operator',
    tag: 'admin',
    summary: 'Anchor applications, newest first, optionally by status',
    query: pageQuery.extend({ status: z.enum(['pending', 'approved', 'rejected']).optional() }).strict(),
    data: pageOf(anchorApplicationAdmin),
  }),
  adminAnchorApprove: defineRoute({
    method: 'POST',
    path: '/api/admin/anchor/approve',
    auth: 'operator',
    tag: 'admin',
    summary: 'Approve a pending anchor application (the user may then open rooms)',
    body: strict({ user_id: id }),
    data: anchorApplicationAdmin,
  }),
  adminAnchorReject: defineRoute({
    method: 'POST',
    path: '/api/admin/anchor/reject',
    auth: 'operator',
    tag: 'admin',
    summary: 'Reject a pending application with a reason the applicant sees (an approved anchor is revoked the same way)',
    body: strict({ user_id: id, reason: line().trim().min(1, '请填写原因').max(140, '原因最多140个字') }),
    data: anchorApplicationAdmin,
  }),
};
