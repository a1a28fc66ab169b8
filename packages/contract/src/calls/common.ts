import { z } from 'zod';
import { isoTime } from '../envelope.js';
import { INT4_MAX, name, opaque } from '../text.js';

/** Strict object: unknown fields are refused with a validation error naming them. */
export const strict = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape);

export const mobile = z.string().regex(/^1[3-9]\d{9}$/, '请输入正确的手机号');
export const password = opaque()
  .min(6, '密码至少6位')
  .max(32, '密码最多32位')
  .regex(/^(?=.*[A-Za-z])(?=.*\d).+$/, '密码需包含字母和数字');
/** A person's shown name: no control, invisible or direction-changing character (names cannot be spoofed). */
export const nickname = name().trim().min(1, '昵称不能为空').max(20, '昵称最多20个字');
export const smsCode = z.string().regex(/^\d{6}$/, '请输入6位验证码');
export const smsScene = z.enum(['register', 'forget', 'login']);
/** A row id in a query (coerced from text): a positive int4, as the id columns on PostgreSQL. */
export const id = z.coerce.number().int().positive().max(INT4_MAX);
/** A row id in a JSON body or socket payload (a number, not coerced). */
export const idNumber = z.number().int().positive().max(INT4_MAX);

/**
 * A server-owned name in the languages other than zh-CN (the row's `name` is the zh-CN one), by
 * language code: `{"en": "Rose"}`. The client shows the reader's language, else `name`.
 */
export const names = z.record(z.string(), z.string()).describe('the name in other languages by code ({"en": "Rose"}); `name` is zh-CN');
export type Names = z.infer<typeof names>;
/** Public view of a user, shown next to content. */
export const userBrief = z.object({
  id: z.number().int(),
  uuid: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  vip_level: z.number().int().describe('VIP tier from recharge totals (0: none)'),
  level: z.number().int().describe('user level from coins spent'),
  is_anchor: z.boolean(),
});
export type UserBrief = z.infer<typeof userBrief>;

/** The logged-in user's own profile (seed §3 userInfo). Coins are integers in 1/10000 units. */
export const userInfo = userBrief.extend({
  account: z.string(),
  mobile: z.string().describe('masked'),
  signature: z.string(),
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)]).describe('0 unknown, 1 male, 2 female'),
  birthday: z.string().nullable().describe('YYYY-MM-DD'),
  coin: z.number().int().describe('gold coins × 10000'),
  message_count: z.number().int().describe('unread system notices'),
  follow_count: z.number().int(),
  fans_count: z.number().int(),
  role: z.enum(['guest', 'user', 'operator']),
  is_guest: z.boolean(),
  invite_code: z.string(),
  created_at: isoTime,
});
export type UserInfo = z.infer<typeof userInfo>;

export const session = z.object({
  token: z.string(),
  expires_at: isoTime,
  user: userInfo,
});
export type Session = z.infer<typeof session>;
