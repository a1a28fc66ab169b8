import type { UserBrief } from '@app/contract';
import type { Conn } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';

type BriefRow = Pick<UserRow, 'id' | 'uuid' | 'nickname' | 'avatar' | 'vip_level' | 'level'> & { is_anchor: number | null };

export const toBrief = (u: BriefRow): UserBrief => ({
  id: u.id,
  uuid: u.uuid,
  nickname: u.nickname,
  avatar: u.avatar,
  vip_level: u.vip_level,
  level: u.level,
  is_anchor: Number(u.is_anchor ?? 0) > 0,
});

/** Public views of these users (an anchor is a user whose application was approved), by id. */
export async function briefsOf(db: Conn, ids: Iterable<number>): Promise<Map<number, UserBrief>> {
  const unique = [...new Set(ids)];
  const out = new Map<number, UserBrief>();
  if (unique.length === 0) return out;
  const rows = await db
    .selectFrom('users')
    .leftJoin('anchor_applications as a', (j) => j.onRef('a.user_id', '=', 'users.id').on('a.status', '=', 'approved'))
    .select(['users.id', 'users.uuid', 'users.nickname', 'users.avatar', 'users.vip_level', 'users.level', 'a.id as is_anchor'])
    .where('users.id', 'in', unique)
    .execute();
  for (const r of rows) out.set(r.id, toBrief(r));
  return out;
}

export async function briefOf(db: Conn, id: number): Promise<UserBrief | undefined> {
  return (await briefsOf(db, [id])).get(id);
}

/** The brief of a user that may have been removed since (records outlive nothing, but stay safe). */
export const briefOrGone = (m: Map<number, UserBrief>, id: number): UserBrief =>
  m.get(id) ?? { id, uuid: '', nickname: '', avatar: '', vip_level: 0, level: 0, is_anchor: false };
