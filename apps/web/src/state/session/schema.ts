import * as z from 'zod/mini';
import type { Gift, SystemConfig, UserInfo } from '@app/contract';

/*
 * The remembered half of the session (seed §3), read back from localStorage through this schema.
 * zod/mini keeps the first-load bundle small (the full contract loads with the first API call);
 * each field has its own fallback, so one corrupt value resets that field only, never the app.
 */

/** Keys the app relies on in a stored user; session.test.ts checks they match the contract's userInfo. */
const storedUser = z.looseObject({
  id: z.number(),
  uuid: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  vip_level: z.number(),
  is_anchor: z.boolean(),
  account: z.string(),
  mobile: z.string(),
  signature: z.string(),
  gender: z.number(),
  birthday: z.nullable(z.string()),
  level: z.number(),
  coin: z.number(),
  message_count: z.number(),
  follow_count: z.number(),
  fans_count: z.number(),
  role: z.string(),
  is_guest: z.boolean(),
  invite_code: z.string(),
  created_at: z.string(),
});
export const STORED_USER_KEYS = Object.keys(storedUser.shape);

const storedConfig = z.looseObject({
  gift: z.array(z.unknown()),
  remote_gift: z.string(),
  app_version: z.looseObject({ version: z.string(), code: z.number() }),
  game_is_open: z.boolean(),
  video_is_open: z.boolean(),
  app_open_key: z.string(),
});

const record = z.record(z.string(), z.unknown());
const stringRecord = z.record(z.string(), z.string());
// `as never`: zod's NoUndefined<output<T>> does not narrow for a generic T; callers pass concrete defaults.
const fallback = <T extends z.ZodMiniType>(schema: T, value: z.output<T>) => z.catch(z._default(schema, value as never), value as never);

/** The viewer's danmaku settings (decision 0233): each field falls back on its own. */
const danmakuSettings = z.object({
  /** off: nothing flies; bullets: the lines sent with 弹; all: every chat line and gift. */
  mode: fallback(z.enum(['off', 'bullets', 'all']), 'bullets'),
  density: fallback(z.enum(['low', 'normal', 'high']), 'normal'),
  /** Keep lines off the anchor's face where the layout has one. */
  avoidFace: fallback(z.boolean(), true),
  opacity: fallback(z.number().check(z.gte(0.2), z.lte(1)), 1),
});
export type DanmakuSettings = z.output<typeof danmakuSettings>;

export const rememberedSchema = z.object({
  token: fallback(z.string(), ''),
  account: fallback(z.string(), ''),
  rememberMe: fallback(z.boolean(), false),
  userInfo: fallback(z.nullable(storedUser), null),
  roomConfig: fallback(record, {}),
  systemConfig: fallback(z.nullable(storedConfig), null),
  /** Room id → the password that opened it. */
  roomPassword: fallback(stringRecord, {}),
  roomGiftList: fallback(z.array(z.looseObject({ gift_id: z.number() })), []),
  /** Recent search keywords, newest first. */
  userSearch: fallback(z.array(z.string()), []),
  postDraft: fallback(z.nullable(record), null),
  /** Post id → unfinished comment. */
  commentDrafts: fallback(stringRecord, {}),
  replyComments: fallback(record, {}),
  giftVersion: fallback(z.number(), 0),
  /** Referral (invite) code the user arrived with. */
  referer: fallback(z.string(), ''),
  gameList: fallback(z.array(z.unknown()), []),
  chatUserInfo: fallback(z.nullable(record), null),
  /** Beyond seed §3: the viewer's danmaku settings, kept across rooms, replays and reloads. */
  danmaku: fallback(danmakuSettings, danmakuSettings.parse({})),
});

/** The remembered keys with the contract's types where the contract has them. */
export type Remembered = Omit<z.output<typeof rememberedSchema>, 'userInfo' | 'systemConfig' | 'roomGiftList'> & {
  userInfo: UserInfo | null;
  systemConfig: SystemConfig | null;
  roomGiftList: Gift[];
};

export const REMEMBERED_KEYS = Object.keys(rememberedSchema.shape) as (keyof Remembered)[];

/** Parses whatever was stored (anything, including garbage) into a valid remembered state. */
export function readRemembered(stored: unknown): Remembered {
  const input = stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
  return rememberedSchema.parse(input) as Remembered;
}

export const defaultRemembered = (): Remembered => readRemembered({});

/** Room settings toggles (seed §3), session-only. */
export interface RoomSettings {
  frontCamera: boolean;
  camera: boolean;
  audio: boolean;
  screen: boolean;
  allowMic: boolean;
  vertical: boolean;
  pc: boolean;
}

/** The session-only half: kept in memory, gone on reload. */
export interface Ephemeral {
  isGuest: boolean;
  roomSettings: RoomSettings;
  /** Unread notices + private messages, from the hall's rGetUnreadCount. */
  unreadCount: number;
  chatReply: Record<string, unknown> | null;
}

export const defaultEphemeral = (): Ephemeral => ({
  isGuest: false,
  roomSettings: { frontCamera: true, camera: true, audio: true, screen: false, allowMic: true, vertical: true, pc: false },
  unreadCount: 0,
  chatReply: null,
});
