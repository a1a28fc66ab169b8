import type { UserInfo } from '@app/contract';
import { maskText } from '@app/kit';
import { sql } from 'kysely';
import type { Conn } from '../../db/database.js';
import { runCompiled } from '../../db/compiled.js';
import type { UserRow } from '../../db/schema.js';

/**
 * Unread notices, coin balance and anchor status of one user in one statement: user/info is the
 * most frequent authenticated call, and each separate query costs a round through Kysely's driver.
 * The same rules as noticeRepository.unreadCount, ledgerRepository.balanceOf and
 * anchorRepository.isApproved; the auth, home, finance and room suites check each field.
 */
const profileCounts = (db: Conn, noticeUser: number, coinUser: number, anchorUser: number) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('notices').select(eb.fn.countAll<number>().as('n')).where('user_id', '=', noticeUser).where('read_at', 'is', null).as('unread'),
    eb.selectFrom('accounts').select('balance').where('user_id', '=', coinUser).where('kind', '=', sql.lit('coin')).as('coin'),
    eb
      .selectFrom('anchor_applications')
      .select(eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', anchorUser)
      .where('status', '=', sql.lit('approved'))
      .as('anchor'),
  ]);

/** The user's profile as the contract shows it: the row plus unread notices, coin balance and anchor status. */
export async function loadUserInfo(db: Conn, u: UserRow): Promise<UserInfo> {
  const [row] = await runCompiled(db, 'user.profileCounts', [u.id, u.id, u.id], () => profileCounts(db, u.id, u.id, u.id).compile());
  return toUserInfo(u, Number(row?.unread ?? 0), Number(row?.coin ?? 0), Number(row?.anchor ?? 0) > 0);
}

/** The contract's view of a user row, given what is counted elsewhere. */
export function toUserInfo(u: UserRow, unread: number, coin: number, isAnchor: boolean): UserInfo {
  return {
    id: u.id,
    uuid: u.uuid,
    nickname: u.nickname,
    avatar: u.avatar,
    vip_level: u.vip_level,
    is_anchor: isAnchor,
    account: u.account,
    mobile: u.mobile ? maskText(u.mobile) : '',
    signature: u.signature,
    gender: (u.gender === 1 || u.gender === 2 ? u.gender : 0) as 0 | 1 | 2,
    birthday: u.birthday,
    level: u.level,
    coin,
    message_count: unread,
    follow_count: u.follow_count,
    fans_count: u.fans_count,
    role: u.role,
    is_guest: u.is_guest === 1,
    invite_code: u.invite_code,
    created_at: u.created_at,
  };
}
