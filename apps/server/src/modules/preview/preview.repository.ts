import type { Conn } from '../../db/database.js';
import type { LivePreviewsTable, PreviewRow } from './preview.tables.js';

/** Most previews one list shows (an anchor's card, the strip atop 关注). */
const LIST_MAX = 20;

/** SQL of live previews and their reminders; times are ISO text, compared as text. */
export const previewRepository = {
  insert: (db: Conn, row: Omit<LivePreviewsTable, 'id'>) => db.insertInto('live_previews').values(row).returningAll().executeTakeFirstOrThrow(),

  byId: (db: Conn, id: number) => db.selectFrom('live_previews').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Changes a preview only while it is still scheduled (a cancel and a go-live racing an edit win). */
  update: (db: Conn, id: number, set: Partial<Pick<PreviewRow, 'title' | 'starts_at' | 'status' | 'room_id' | 'updated_at'>>) =>
    db.updateTable('live_previews').set(set).where('id', '=', id).where('status', '=', 'scheduled').returningAll().executeTakeFirst(),

  /** The anchor's previews still waiting for their time (not past `since`, the time minus the grace). */
  openCount: async (db: Conn, anchorId: number, since: string): Promise<number> =>
    Number(
      (
        await db
          .selectFrom('live_previews')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('anchor_id', '=', anchorId)
          .where('status', '=', 'scheduled')
          .where('starts_at', '>', since)
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /** Scheduled or done previews whose time is after `since`, of one anchor or of those `followerId` follows, soonest first. */
  listed: (db: Conn, since: string, of: { anchorId: number } | { followerId: number }) =>
    db
      .selectFrom('live_previews as p')
      .selectAll('p')
      .where('p.status', 'in', ['scheduled', 'done'])
      .where('p.starts_at', '>', since)
      .$if('anchorId' in of, (q) => q.where('p.anchor_id', '=', (of as { anchorId: number }).anchorId))
      .$if('followerId' in of, (q) =>
        q.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('follows as f')
              .select('f.follower_id')
              .whereRef('f.followee_id', '=', 'p.anchor_id')
              .where('f.follower_id', '=', (of as { followerId: number }).followerId),
          ),
        ),
      )
      .orderBy('p.starts_at')
      .orderBy('p.id')
      .limit(LIST_MAX)
      .execute(),

  /** The earliest scheduled preview of the anchor whose time lies in [from, to]: the one a go-live fulfils. */
  fulfilled: (db: Conn, anchorId: number, from: string, to: string) =>
    db
      .selectFrom('live_previews')
      .selectAll()
      .where('anchor_id', '=', anchorId)
      .where('status', '=', 'scheduled')
      .where('starts_at', '>=', from)
      .where('starts_at', '<=', to)
      .orderBy('starts_at')
      .limit(1)
      .executeTakeFirst(),

  /** Scheduled previews whose reminder is due: their time is after `now` and not after `by`. */
  due: (db: Conn, now: string, by: string) =>
    db
      .selectFrom('live_previews')
      .selectAll()
      .where('status', '=', 'scheduled')
      .where('starts_at', '>', now)
      .where('starts_at', '<=', by)
      .orderBy('starts_at')
      .execute(),

  /**
   * Marks the preview's wanted, unsent reminders sent and answers whose they were: one statement,
   * so two sweeps (or a sweep after a crash) never claim one twice. The sending follows the claim.
   */
  claimReminders: async (db: Conn, previewId: number, at: string): Promise<number[]> =>
    (
      await db
        .updateTable('live_preview_reminds')
        .set({ sent_at: at })
        .where('preview_id', '=', previewId)
        .where('wanted', '=', 1)
        .where('sent_at', 'is', null)
        .returning('user_id')
        .execute()
    ).map((r) => r.user_id),

  /** A new time reminds again: the sent marks of the old one are cleared. */
  unsend: (db: Conn, previewId: number) => db.updateTable('live_preview_reminds').set({ sent_at: null }).where('preview_id', '=', previewId).execute(),

  setRemind: (db: Conn, previewId: number, userId: number, wanted: boolean, at: string) =>
    db
      .insertInto('live_preview_reminds')
      .values({ preview_id: previewId, user_id: userId, wanted: wanted ? 1 : 0, sent_at: null, created_at: at })
      .onConflict((oc) => oc.columns(['preview_id', 'user_id']).doUpdateSet({ wanted: wanted ? 1 : 0 }))
      .execute(),

  /** Of these previews, those the user wants a reminder of. */
  remindedBy: async (db: Conn, userId: number, previewIds: number[]): Promise<Set<number>> =>
    previewIds.length === 0
      ? new Set()
      : new Set(
          (
            await db
              .selectFrom('live_preview_reminds')
              .select('preview_id')
              .where('user_id', '=', userId)
              .where('wanted', '=', 1)
              .where('preview_id', 'in', previewIds)
              .execute()
          ).map((r) => r.preview_id),
        ),

  /** How many want a reminder of each of these previews. */
  reminderCounts: async (db: Conn, previewIds: number[]): Promise<Map<number, number>> =>
    previewIds.length === 0
      ? new Map()
      : new Map(
          (
            await db
              .selectFrom('live_preview_reminds')
              .select(['preview_id', (eb) => eb.fn.countAll<number>().as('n')])
              .where('wanted', '=', 1)
              .where('preview_id', 'in', previewIds)
              .groupBy('preview_id')
              .execute()
          ).map((r) => [r.preview_id, Number(r.n)]),
        ),
};
