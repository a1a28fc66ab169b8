import { ErrorCode, type BanScope } from '@app/contract';
import { formatDateCN } from '@app/kit';
import type { Conn } from '../../db/database.js';
import { nowIso } from '../../db/time.js';
import { BizError } from '../../http/errors.js';
import { banRepository } from './ban.repository.js';

const REFUSAL = {
  chat: { code: ErrorCode.BANNED_CHAT, msg: '你已被禁言' },
  post: { code: ErrorCode.BANNED_POST, msg: '你已被禁止发帖' },
  live: { code: ErrorCode.BANNED_LIVE, msg: '你已被禁止开播' },
} as const;

/**
 * Refuses an action the user is banned from now (room chat and private messages, posts and
 * comments, going live), naming until when. Login bans work through `users.disabled_until`.
 */
export async function assertNotBanned(db: Conn, userId: number, scope: Exclude<BanScope, 'login'>): Promise<void> {
  const ban = await banRepository.active(db, userId, scope, nowIso());
  if (!ban) return;
  const r = REFUSAL[scope];
  throw new BizError(r.code, `${r.msg}，至 ${formatDateCN(ban.until, 'YYYY-MM-DD HH:mm')}`, { data: { until: ban.until, reason: ban.reason } });
}
