import type { Conn } from '../../db/database.js';
import { containsPattern, likeCol } from '../../db/like.js';
import { pageOf } from '../../db/paging.js';

/** SQL for the console's member search. */
export const adminUserRepository = {
  /** Members (never guests) matching a keyword: id or mobile exactly, or account / nickname containing it; newest first. */
  search: async (db: Conn, q: { page: number; size: number; keyword?: string | undefined; bannedAt?: string | undefined }) => {
    let base = db.selectFrom('users').where('is_guest', '=', 0);
    const k = q.keyword?.trim();
    if (k) {
      const pattern = containsPattern(k);
      base = base.where((eb) =>
        eb.or([...(/^\d{1,9}$/.test(k) ? [eb('id', '=', Number(k))] : []), eb('mobile', '=', k), likeCol('account', pattern), likeCol('nickname', pattern)]),
      );
    }
    if (q.bannedAt) {
      const now = q.bannedAt;
      base = base.where('id', 'in', db.selectFrom('user_bans').select('user_id').where('until', '>', now).where('lifted_at', 'is', null));
    }
    return pageOf(base, (b) => b.selectAll().orderBy('id', 'desc'), q.page, q.size);
  },
};
