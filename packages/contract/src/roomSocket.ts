/**
 * The room realtime channel: socket.io namespace `/room` on the API port (path `/socket.io`, websocket
 * transport, handshake `auth: {uuid, token}` like the hall; guests may watch). A socket is in at most
 * one room: `join` switches rooms.
 *
 * Client → server events all take an ack `(r: RoomAck<T>) => void`: `code` 200 or an ErrorCode (shown
 * as a toast `code[msg]`). Server → client: volatile (may drop) for chat, entries and counts;
 * acknowledged (the client calls the `ack` it gets) for what must arrive: gifts, moderation, mic
 * decisions, seats, settings, the anchor's state and the room's end.
 */
import { z } from 'zod';
import { idNumber, userBrief } from './calls/common.js';
import { line, opaque } from './text.js';
import { giftSentEvent, type GiftSentEvent } from './calls/finance.js';
import { fanBadge } from './calls/live.js';
import { pkBattle } from './calls/pk.js';
import { redEnvelope } from './calls/redEnvelope.js';
import { luckyBag } from './calls/luckyBag.js';
import { CHAT_MAX_LENGTH, MAX_MIC_SEATS, roomAuthLevel, roomInfo, roomSeat, roomSettings, roomSettingsPatch } from './calls/room.js';
import { isoTime } from './envelope.js';
import { hallAuth } from './socket.js';

export const ROOM_NAMESPACE = '/room';
/** Handshake `auth` payload: the same as the hall's. */
export const roomHandshake = hallAuth;
/** `connect_error.message` of a refused handshake. */
export const ROOM_AUTH_FAILED = 'ROOM_AUTH_FAILED';

/** Answer of every client → server event. */
export type RoomAck<T = null> = { code: number; msg: string; data: T | null };

/** Socket payloads are JSON: ids are numbers, not coerced strings. */
const id = idNumber;
const seatIndex = z.number().int().min(1).max(MAX_MIC_SEATS, `麦位为1–${MAX_MIC_SEATS}`);
const targetUser = id.describe('the user acted on');

// ---- client → server payloads (the server validates each with these schemas) ----------------------

export const roomIn = {
  join: z.strictObject({ room_id: id, password: opaque().max(16).optional() }),
  leave: z.strictObject({}),
  chat: z.strictObject({
    text: line().trim().min(1, '消息不能为空').max(CHAT_MAX_LENGTH, `消息最多${CHAT_MAX_LENGTH}个字`),
    danmaku: z.boolean().default(false).describe('show as a scrolling bullet over the video'),
  }),
  mute: z.strictObject({ user_id: targetUser, muted: z.boolean() }),
  kick: z.strictObject({
    user_id: targetUser,
    minutes: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .optional()
      .describe('ban length; default ROOM_KICK_BAN_MINUTES'),
  }),
  setAdmin: z.strictObject({ user_id: targetUser, admin: z.boolean() }),
  micRequest: z.strictObject({ seat: seatIndex.optional().describe('the empty seat tapped (chat rooms)') }),
  micCancel: z.strictObject({}),
  micAccept: z.strictObject({ user_id: targetUser, seat: seatIndex.optional().describe('default: the requested or first free seat') }),
  micReject: z.strictObject({ user_id: targetUser }),
  /** Takes a co-host off their seat (owner/admin), or leaves one's own seat (user_id = self). */
  micRemove: z.strictObject({ user_id: targetUser }),
  /** Chat rooms with free seats: sits on the empty unlocked seat at once (no request). */
  seatTake: z.strictObject({ seat: seatIndex }),
  /** The occupant turns their own camera or microphone on or off; everyone sees it on the seat. */
  seatMedia: z
    .strictObject({ camera: z.boolean().optional(), mic: z.boolean().optional() })
    .refine((p) => p.camera !== undefined || p.mic !== undefined, { message: '请指定摄像头或麦克风', path: ['camera'] }),
  seatLock: z.strictObject({ seat: seatIndex, locked: z.boolean() }),
  /** Empties a seat (its occupant leaves the mic). */
  seatClear: z.strictObject({ seat: seatIndex }),
  settings: z.strictObject({ settings: roomSettingsPatch }),
};
export type RoomJoinInput = z.input<typeof roomIn.join>;
export type RoomChatInput = z.input<typeof roomIn.chat>;
export type RoomMuteInput = z.input<typeof roomIn.mute>;
export type RoomKickInput = z.input<typeof roomIn.kick>;
export type RoomSetAdminInput = z.input<typeof roomIn.setAdmin>;
export type MicRequestInput = z.input<typeof roomIn.micRequest>;
export type MicAcceptInput = z.input<typeof roomIn.micAccept>;
export type MicTargetInput = z.input<typeof roomIn.micReject>;
export type SeatTakeInput = z.input<typeof roomIn.seatTake>;
export type SeatMediaInput = z.input<typeof roomIn.seatMedia>;
export type SeatLockInput = z.input<typeof roomIn.seatLock>;
export type SeatClearInput = z.input<typeof roomIn.seatClear>;
export type RoomSettingsInput = z.input<typeof roomIn.settings>;

// ---- server → client payloads ------------------------------------------------------------------------

/** A user as shown in the room: with their auth level there. */
export const roomMember = userBrief.extend({ auth: roomAuthLevel });
export type RoomMember = z.infer<typeof roomMember>;

export const roomOnline = z.object({
  room_id: z.number().int(),
  online: z.number().int(),
  recent: z.array(userBrief).describe('latest arrivals still in the room, newest first (up to 8)'),
});
export type RoomOnline = z.infer<typeof roomOnline>;

export const micQueueEntry = z.object({ user: userBrief, seat: z.number().int().nullable(), at: isoTime });
export type MicQueueEntry = z.infer<typeof micQueueEntry>;

/** What `join` answers: the room as the caller sees it, and the live state. */
export const roomJoined = z.object({
  room: roomInfo,
  online: z.number().int(),
  recent: z.array(userBrief),
  queue: z.array(micQueueEntry),
});
export type RoomJoined = z.infer<typeof roomJoined>;

export const roomChat = z.object({
  room_id: z.number().int(),
  id: z.string(),
  user: roomMember,
  fan: fanBadge.nullable().describe("the sender's badge of the anchor's fan club, if a member"),
  text: z.string(),
  danmaku: z.boolean(),
  at: isoTime,
});
export type RoomChat = z.infer<typeof roomChat>;

export const roomEnter = z.object({ room_id: z.number().int(), user: roomMember });
export type RoomEnter = z.infer<typeof roomEnter>;

export const roomModeration = z.object({
  room_id: z.number().int(),
  action: z.enum(['mute', 'unmute', 'kick', 'admin', 'unadmin']),
  user: userBrief.describe('the target'),
  by: userBrief,
  auth: roomAuthLevel.describe("the target's level now"),
  muted: z.boolean().describe('the target is muted now'),
  until: isoTime.nullable().describe('kick: banned until'),
});
export type RoomModeration = z.infer<typeof roomModeration>;

export const roomKicked = z.object({ room_id: z.number().int(), until: isoTime, by: userBrief });
export type RoomKicked = z.infer<typeof roomKicked>;

export const micQueueEvent = z.object({ room_id: z.number().int(), queue: z.array(micQueueEntry) });
export type MicQueueEvent = z.infer<typeof micQueueEvent>;

/** To the requester only. On `accepted` the client asks `room/media` {kind: publish} and publishes into `seat`. */
export const micDecision = z.object({
  room_id: z.number().int(),
  user_id: z.number().int(),
  decision: z.enum(['accepted', 'rejected', 'removed']),
  seat: z.number().int().nullable(),
});
export type MicDecision = z.infer<typeof micDecision>;

export const roomSeats = z.object({ room_id: z.number().int(), seats: z.array(roomSeat) });
export type RoomSeats = z.infer<typeof roomSeats>;

export const roomSettingsEvent = z.object({ room_id: z.number().int(), settings: roomSettings });
export type RoomSettingsEvent = z.infer<typeof roomSettingsEvent>;

/** "The anchor has left" (present false, with the auto-close time) and "the anchor is back". */
export const roomAnchor = z.object({ room_id: z.number().int(), present: z.boolean(), close_at: isoTime.nullable() });
export type RoomAnchor = z.infer<typeof roomAnchor>;

/** A seat started or stopped publishing (the client (re)starts or stops playing it). */
export const roomLive = z.object({ room_id: z.number().int(), seat_id: z.string(), live: z.boolean() });
export type RoomLive = z.infer<typeof roomLive>;

/**
 * The room's media node is gone and the room was placed on another: publishers publish again and
 * viewers play again, each with fresh credentials from room/media (which name the new node).
 */
export const roomMediaMoved = z.object({ room_id: z.number().int(), reason: z.enum(['node_lost']) });
export type RoomMediaMoved = z.infer<typeof roomMediaMoved>;

export const roomClosed = z.object({
  room_id: z.number().int(),
  reason: z.enum(['owner', 'operator', 'anchor_left']).describe('anchor_left: the grace period ran out'),
  note: z.string().nullable().describe("operator: the reason the operator gave (the anchor's room shows it)"),
});
export type RoomClosed = z.infer<typeof roomClosed>;

/** An operator's warning, to the anchor's sockets in their room: shown as a banner until dismissed. */
export const roomWarning = z.object({ room_id: z.number().int(), text: z.string(), at: isoTime });
export type RoomWarning = z.infer<typeof roomWarning>;

/**
 * A PK battle of this room changed (started, a score moved, result, punishment, end), to everyone in
 * both rooms; an invitation and its answer (inviting, declined, expired, cancelled) to the two anchors only.
 */
export const roomPk = z.object({ room_id: z.number().int(), battle: pkBattle });
export type RoomPk = z.infer<typeof roomPk>;

/** A red envelope of this room arrived, opened, was grabbed, finished or expired: to everyone in the room. */
export const roomEnvelope = z.object({ room_id: z.number().int(), envelope: redEnvelope });
export type RoomEnvelope = z.infer<typeof roomEnvelope>;

/** A lucky bag of this room was put up, entered (counts, coalesced), or drawn: to everyone in the room. */
export const roomLuckyBag = z.object({ room_id: z.number().int(), bag: luckyBag });
export type RoomLuckyBag = z.infer<typeof roomLuckyBag>;

/** The wallet's gift event, carried as is. */
export const roomGift = giftSentEvent;

type Ack<T> = (r: RoomAck<T>) => void;
/** The client calls it on acknowledged server events. */
type Received = () => void;

/** Client → server room events. */
export interface RoomClientEvents {
  join: (p: RoomJoinInput, ack: Ack<RoomJoined>) => void;
  leave: (p: Record<string, never>, ack: Ack<null>) => void;
  chat: (p: RoomChatInput, ack: Ack<{ id: string }>) => void;
  mute: (p: RoomMuteInput, ack: Ack<null>) => void;
  kick: (p: RoomKickInput, ack: Ack<null>) => void;
  setAdmin: (p: RoomSetAdminInput, ack: Ack<null>) => void;
  micRequest: (p: MicRequestInput, ack: Ack<null>) => void;
  micCancel: (p: Record<string, never>, ack: Ack<null>) => void;
  micAccept: (p: MicAcceptInput, ack: Ack<{ seat: number }>) => void;
  micReject: (p: MicTargetInput, ack: Ack<null>) => void;
  micRemove: (p: MicTargetInput, ack: Ack<null>) => void;
  seatTake: (p: SeatTakeInput, ack: Ack<{ seat: number }>) => void;
  seatMedia: (p: SeatMediaInput, ack: Ack<null>) => void;
  seatLock: (p: SeatLockInput, ack: Ack<null>) => void;
  seatClear: (p: SeatClearInput, ack: Ack<null>) => void;
  settings: (p: RoomSettingsInput, ack: Ack<RoomSettingsEvent>) => void;
}

/** Server → client room events. */
export interface RoomServerEvents {
  /** volatile, at most about once a second per room */
  online: (p: RoomOnline) => void;
  /** volatile */
  chat: (p: RoomChat) => void;
  /** volatile: "X entered" */
  enter: (p: RoomEnter) => void;
  moderation: (p: RoomModeration, ack: Received) => void;
  kicked: (p: RoomKicked, ack: Received) => void;
  micQueue: (p: MicQueueEvent, ack: Received) => void;
  micDecision: (p: MicDecision, ack: Received) => void;
  seats: (p: RoomSeats, ack: Received) => void;
  settings: (p: RoomSettingsEvent, ack: Received) => void;
  anchor: (p: RoomAnchor, ack: Received) => void;
  live: (p: RoomLive, ack: Received) => void;
  media: (p: RoomMediaMoved, ack: Received) => void;
  closed: (p: RoomClosed, ack: Received) => void;
  warning: (p: RoomWarning, ack: Received) => void;
  gift: (p: GiftSentEvent, ack: Received) => void;
  pk: (p: RoomPk, ack: Received) => void;
  envelope: (p: RoomEnvelope, ack: Received) => void;
  luckyBag: (p: RoomLuckyBag, ack: Received) => void;
}
