import type { Conn } from '../../db/database.js';
import type { AnchorApplicationRow } from '../room/room.tables.js';
import { pageOf } from '../../db/paging.js';

type Status = AnchorApplicationRow['status'];

/** SQL for anchor applications (one row per user; a new application replaces a rejected one). */
export const anchorRepository = {
  byUser: (db: Conn, userId: number): Promise<AnchorApplicationRow | undefined> =>
    db.selectFrom('anchor_applications').selectAll().where('user_id', '=', userId).executeTakeFirst(),

  isApproved: async (db: Conn, userId: number): Promise<boolean> =>
    (await db.selectFrom('anchor_applications').select('id').where('user_id', '=', userId).where('status', '=', 'approved').executeTakeFirst()) !== undefined,

  /** A new application, or a resubmission over a rejected one; undefined when one is pending or approved (a concurrent write). */
  submit: async (
    db: Conn,
    row: Omit<AnchorApplicationRow, 'id' | 'status' | 'reason' | 'reviewed_by' | 'reviewed_at'>,
  ): Promise<AnchorApplicationRow | undefined> =>
    db
      .insertInto('anchor_applications')
      .values({ ...row, status: 'pending', reason: null, reviewed_by: null, reviewed_at: null })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({
            real_name: row.real_name,
            id_card: row.id_card,
            mobile: row.mobile,
            introduction: row.introduction,
            status: 'pending',
            reason: null,
            reviewed_by: null,
            reviewed_at: null,
            created_at: row.created_at,
          })
          .where('anchor_applications.status', '=', 'rejected'),
      )
      .returningAll()
      .executeTakeFirst(),

  review: (db: Conn, userId: number, patch: { status: Status; reason: string | null; reviewed_by: number | null; reviewed_at: string }) =>
    db.updateTable('anchor_applications').set(patch).where('user_id', '=', userId).returningAll().executeTakeFirst(),

  page: async (db: Conn, q: { page: number; size: number; status?: Status | undefined }) => {
    let base = db.selectFrom('anchor_applications');
    if (q.status) base = base.where('status', '=', q.status);
    return pageOf(base, (b) => b.selectAll().orderBy('id', 'desc'), q.page, q.size);
  },
};
