import type { UserInfo } from '@app/contract';
import { maskText } from '@app/kit';
import type { Conn } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { anchorRepository } from '../anchor/anchor.repository.js';
import { ledgerRepository } from '../finance/ledger/ledger.repository.js';
import { noticeRepository } from '../message/notice.repository.js';

/** The user's profile as the contract shows it: the row plus unread notices, coin balance and anchor status. */
export async function loadUserInfo(db: Conn, u: UserRow): Promise<UserInfo> {
  const [unread, coin, isAnchor] = await Promise.all([
    noticeRepository.unreadCount(db, u.id),
    ledgerRepository.balanceOf(db, u.id, 'coin'),
    anchorRepository.isApproved(db, u.id),
  ]);
  return toUserInfo(u, unread, coin, isAnchor);
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
