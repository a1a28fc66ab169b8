import type { UserInfo } from '@app/contract';
import { maskText } from '@app/kit';
import type { UserRow } from '../../db/schema.js';

/** The contract's view of a user row, with its coin balance. Counts not built yet (follows, fans) are 0 until their issues. */
export function toUserInfo(u: UserRow, unread: number, coin: number): UserInfo {
  return {
    id: u.id,
    uuid: u.uuid,
    nickname: u.nickname,
    avatar: u.avatar,
    vip_level: u.vip_level,
    is_anchor: false,
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
