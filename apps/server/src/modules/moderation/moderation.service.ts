import { ErrorCode, type BanScope } from '@app/contract';
import { formatDateCN } from '@app/kit';
import type { Conn } from '../../db/database.js';
import { nowIso } from '../../db/time.js';
import { BizError } from '../../http/errors.js';
import { banRepository } from './ban.repository.js';
import type { BanRow } from './moderation.tables.js';

const REFUSAL = {
  chat: { code: ErrorCode.BANNED_CHAT, msg: '你已被禁言' },
  post: { code: ErrorCode.BANNED_POST, msg: '你已被禁止发帖' },
  live: { code: ErrorCode.BANNED_LIVE, msg: '你已被禁止开播' },
} as const;

/**
 * Timed bans, below every area that refuses a banned member (rooms, forum, chat) and the console
 * that places them. Functions of a connection, so a ban is written in its caller's transaction.
 */
export const moderation = {
  /**
   * Refuses an action the user is banned from now (room chat and private messages, posts and
   * comments, going live), naming until when. Login bans work through `users.disabled_until`.
   */
  async assertNotBanned(db: Conn, userId: number, scope: Exclude<BanScope, 'login'>): Promise<void> {
    const ban = await banRepository.active(db, userId, scope, nowIso());
    if (!ban) return;
    const r = REFUSAL[scope];
    throw new BizError(r.code, `${r.msg}，至 ${formatDateCN(ban.until, 'YYYY-MM-DD HH:mm')}`, { data: { until: ban.until, reason: ban.reason } });
  },

  /** Records a ban of a scope until a time. */
  ban: (db: Conn, ban: Omit<BanRow, 'id' | 'lifted_at'>): Promise<BanRow> => banRepository.insert(db, ban),

  /** Lifts the user's bans of a scope in force now; answers how many. */
  lift: (db: Conn, userId: number, scope: BanScope): Promise<number> => banRepository.lift(db, userId, scope, nowIso()),

  /** Every ban in force of these users. */
  inForceOf: (db: Conn, userIds: number[]): Promise<BanRow[]> => banRepository.activeOf(db, userIds, nowIso()),
};
