import type { UserBrief } from '@app/contract';
import type { Conn } from '../../db/database.js';

/** Public views of users by id, for records and rankings. */
export async function briefsOf(db: Conn, ids: Iterable<number>): Promise<Map<number, UserBrief>> {
  const unique = [...new Set(ids)];
  const out = new Map<number, UserBrief>();
  if (unique.length === 0) return out;
  const rows = await db.selectFrom('users').select(['id', 'uuid', 'nickname', 'avatar', 'vip_level']).where('id', 'in', unique).execute();
  for (const r of rows) out.set(r.id, { ...r, is_anchor: false });
  return out;
}

/** The brief of a user that may have been removed since (records outlive nothing, but stay safe). */
export const briefOrGone = (m: Map<number, UserBrief>, id: number): UserBrief =>
  m.get(id) ?? { id, uuid: '', nickname: '', avatar: '', vip_level: 0, is_anchor: false };
