import type { Conn } from '../../db/database.js';
import { containsPattern, likeCol } from '../../db/like.js';
import type { ReportRow, ReportsTable } from './admin.tables.js';
import { pageOf } from '../../db/paging.js';

type TargetType = ReportsTable['target_type'];
export type ContentFilter = 'all' | 'reported' | 'flagged' | 'hidden';

/** SQL for reports, the console's content lists, hiding, and the sensitive-word list. */
export const adminContentRepository = {
  /** One report per member and item: a second one answers the first (`created` false). */
  report: async (db: Conn, row: Omit<ReportRow, 'id' | 'status' | 'resolved_by' | 'resolved_at'>): Promise<{ id: number; created: boolean }> => {
    const inserted = await db
      .insertInto('reports')
      .values({ ...row, status: 'open', resolved_by: null, resolved_at: null })
      .onConflict((oc) => oc.columns(['reporter_id', 'target_type', 'target_id']).doNothing())
      .executeTakeFirst();
    const found = await db
      .selectFrom('reports')
      .select('id')
      .where('reporter_id', '=', row.reporter_id)
      .where('target_type', '=', row.target_type)
      .where('target_id', '=', row.target_id)
      .executeTakeFirstOrThrow();
    return { id: found.id, created: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 };
  },

  reports: async (db: Conn, status: ReportRow['status'], page: number, size: number) => {
    const base = db.selectFrom('reports').where('status', '=', status);
    return pageOf(base, (q) => q.selectAll().orderBy('id', 'desc'), page, size);
  },

  /** Open reports per item of one type. */
  openCounts: async (db: Conn, type: TargetType, ids: number[]): Promise<Map<number, number>> => {
    if (!ids.length) return new Map();
    const rows = await db
      .selectFrom('reports')
      .select(['target_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('target_type', '=', type)
      .where('status', '=', 'open')
      .where('target_id', 'in', ids)
      .groupBy('target_id')
      .execute();
    return new Map(rows.map((r) => [r.target_id, Number(r.n)]));
  },

  /** Closes the open reports of an item; answers how many. */
  settle: async (db: Conn, type: TargetType, id: number, status: 'resolved' | 'dismissed', by: number, at: string): Promise<number> => {
    const r = await db
      .updateTable('reports')
      .set({ status, resolved_by: by, resolved_at: at })
      .where('target_type', '=', type)
      .where('target_id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  /** Posts or comments for the console, newest first. */
  content: async (
    db: Conn,
    table: 'forum_posts' | 'forum_comments',
    type: TargetType,
    q: { filter: ContentFilter; keyword?: string | undefined; page: number; size: number },
  ) => {
    let base = db.selectFrom(table as 'forum_posts');
    if (q.filter === 'hidden') base = base.where('hidden_at', 'is not', null);
    if (q.filter === 'flagged') base = base.where('flagged', '=', 1);
    if (q.filter === 'reported') {
      base = base.where('id', 'in', db.selectFrom('reports').select('target_id').where('target_type', '=', type).where('status', '=', 'open'));
    }
    if (q.keyword) base = base.where(likeCol('content', containsPattern(q.keyword)));
    return pageOf(base, (b) => b.selectAll().orderBy('id', 'desc'), q.page, q.size);
  },

  setHidden: async (db: Conn, table: 'forum_posts' | 'forum_comments', id: number, hiddenAt: string | null): Promise<boolean> => {
    const r = await db
      .updateTable(table as 'forum_posts')
      .set({ hidden_at: hiddenAt })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Published videos for the console (title as the text, cover as the picture), newest first. */
  videos: async (db: Conn, q: { filter: ContentFilter; keyword?: string | undefined; page: number; size: number }) => {
    let base = db.selectFrom('videos');
    if (q.filter === 'hidden') base = base.where('hidden', '=', 1);
    // Titles are not filtered for words: nothing of a video is ever "flagged".
    if (q.filter === 'flagged') base = base.where('id', '<', 0);
    if (q.filter === 'reported') {
      base = base.where('id', 'in', db.selectFrom('reports').select('target_id').where('target_type', '=', 'video').where('status', '=', 'open'));
    }
    if (q.keyword) base = base.where(likeCol('title', containsPattern(q.keyword)));
    return pageOf(base, (b) => b.select(['id', 'user_id', 'title', 'cover', 'hidden', 'created_at']).orderBy('id', 'desc'), q.page, q.size);
  },

  /** Posts or comments by id, hidden ones too. */
  contentByIds: (db: Conn, table: 'forum_posts' | 'forum_comments', ids: number[]) =>
    ids.length
      ? db
          .selectFrom(table as 'forum_posts')
          .selectAll()
          .where('id', 'in', ids)
          .execute()
      : Promise.resolve([]),

  /** The anchors of the videos among `ids` that are clips (modules/clip). */
  clipAnchors: (db: Conn, ids: number[]) =>
    ids.length ? db.selectFrom('live_clips').select(['video_id', 'anchor_id']).where('video_id', 'in', ids).execute() : Promise.resolve([]),
  videosByIds: (db: Conn, ids: number[]) =>
    ids.length
      ? db.selectFrom('videos').select(['id', 'user_id', 'title', 'cover', 'hidden', 'created_at']).where('id', 'in', ids).execute()
      : Promise.resolve([]),

  words: (db: Conn) => db.selectFrom('sensitive_words').selectAll().orderBy('id').execute(),

  addWords: async (db: Conn, words: string[], at: string) => {
    await db
      .insertInto('sensitive_words')
      .values(words.map((word) => ({ word, created_at: at })))
      .onConflict((oc) => oc.column('word').doNothing())
      .execute();
  },

  removeWord: async (db: Conn, id: number): Promise<boolean> =>
    Number((await db.deleteFrom('sensitive_words').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0,
};
