import { randomInt, randomUUID } from 'node:crypto';
import type { NewUser } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

// No 0/O/1/I: invite codes are read aloud and typed by hand.
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random 8-character invite code (uniqueness is checked by the caller, and by the unique index). */
export const newInviteCode = (): string => Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');

/** The defaults every new user row starts from. */
export function userDefaults(): Omit<NewUser, 'account' | 'nickname' | 'invite_code'> {
  const now = nowIso();
  return {
    uuid: randomUUID(),
    mobile: null,
    password_hash: null,
    avatar: '',
    signature: '',
    gender: 0,
    birthday: null,
    level: 1,
    vip_level: 0,
    role: 'user',
    is_guest: 0,
    device_id: null,
    referrer_code: null,
    disabled_until: null,
    notice_seen_id: 0,
    created_at: now,
    updated_at: now,
  };
}

/** A default nickname: 用户 plus six random digits (members may change it). */
export const defaultNickname = (prefix = '用户'): string => `${prefix}${String(randomInt(1_000_000)).padStart(6, '0')}`;
