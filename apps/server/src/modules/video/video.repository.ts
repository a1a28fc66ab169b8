import { sql, type Insertable, type Updateable } from 'kysely';
import type { Conn } from '../../db/database.js';
import type { VideoResourceRow, VideoResourcesTable, VideoRow, VideosTable } from './video.tables.js';
import { pageOf } from '../../db/paging.js';

type NewResource = Pick<Insertable<VideoResourcesTable>, 'user_id' | 'upload_id' | 'status' | 'total' | 'created_at' | 'updated_at'>;
type NewVideo = Pick<Insertable<VideosTable>, 'user_id' | 'resource_id' | 'cate_id' | 'title' | 'cover' | 'price' | 'created_at'>;
export type ListedVideo = VideoRow & Pick<VideoResourceRow, 'duration' | 'width' | 'height' | 'poster'>;

/** Published videos joined to their (ready, not deleted) upload: what lists and the player read. */
const published = (db: Conn) =>
  db
    .selectFrom('videos as v')
    .innerJoin('video_resources as r', 'r.id', 'v.resource_id')
    .where('r.status', '=', 'ready')
    .where('r.deleted', '=', 0)
    .where('v.hidden', '=', 0);
/** The columns of a published video as listed: the video's, with its upload's size and poster. */
const listed = (q: ReturnType<typeof published>) => q.selectAll('v').select(['r.duration', 'r.width', 'r.height', 'r.poster']);

/** SQL of videos: uploads and their transcode jobs, published videos, purchases, likes. */
export const videoRepository = {
  categories: (db: Conn) => db.selectFrom('video_categories').selectAll().orderBy('sort').orderBy('id').execute(),
  category: (db: Conn, id: number) => db.selectFrom('video_categories').selectAll().where('id', '=', id).executeTakeFirst(),

  // Uploads.
  insertResource: (db: Conn, row: NewResource): Promise<VideoResourceRow> =>
    db.insertInto('video_resources').values(row).returningAll().executeTakeFirstOrThrow(),
  /** A video made on the server (a clip): ready at once, no transcode job. */
  insertMadeResource: (
    db: Conn,
    row: Pick<
      Insertable<VideoResourcesTable>,
      'user_id' | 'upload_id' | 'total' | 'received' | 'duration' | 'width' | 'height' | 'renditions' | 'poster' | 'created_at' | 'updated_at'
    >,
  ) =>
    db
      .insertInto('video_resources')
      .values({ ...row, status: 'ready' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  resourceByUploadId: (db: Conn, uploadId: string) => db.selectFrom('video_resources').selectAll().where('upload_id', '=', uploadId).executeTakeFirst(),
  resource: (db: Conn, id: number) => db.selectFrom('video_resources').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Moves `received` from `from` to `to` only if nobody else did: answers whether this caller won. */
  advance: async (db: Conn, id: number, from: number, to: number, now: string): Promise<boolean> => {
    const r = await db
      .updateTable('video_resources')
      .set({ received: to, updated_at: now })
      .where('id', '=', id)
      .where('received', '=', from)
      .where('status', '=', 'receiving')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  update: (db: Conn, id: number, patch: Updateable<VideoResourcesTable>) => db.updateTable('video_resources').set(patch).where('id', '=', id).execute(),

  resourcesOf: async (db: Conn, userId: number, page: number, size: number) => {
    const q = db.selectFrom('video_resources').where('user_id', '=', userId).where('deleted', '=', 0).where('status', '!=', 'receiving');
    return pageOf(q, (q) => q.selectAll().orderBy('id', 'desc'), page, size);
  },

  /** Uploads still receiving chunks that were last touched before `before` (abandoned). */
  staleReceiving: (db: Conn, before: string) =>
    db.selectFrom('video_resources').select(['id', 'upload_id']).where('status', '=', 'receiving').where('updated_at', '<', before).limit(100).execute(),

  // The transcode queue.

  /** The next job to run: an uploaded file, or a processing one whose worker's lease ran out (it died). */
  nextJob: (db: Conn, now: string) =>
    db
      .selectFrom('video_resources')
      .select(['id', 'status', 'lease_until'])
      .where('deleted', '=', 0)
      .where((eb) => eb.or([eb('status', '=', 'uploaded'), eb.and([eb('status', '=', 'processing'), eb('lease_until', '<', now)])]))
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),

  /** Takes a job for this worker unless another took it first (guarded on what was read). */
  claim: async (db: Conn, job: { id: number; status: string; lease_until: string | null }, leaseUntil: string, now: string): Promise<boolean> => {
    let q = db
      .updateTable('video_resources')
      .set((eb) => ({ status: 'processing', lease_until: leaseUntil, attempts: eb('attempts', '+', 1), updated_at: now }))
      .where('id', '=', job.id)
      .where('status', '=', job.status as 'uploaded');
    q = job.lease_until === null ? q.where('lease_until', 'is', null) : q.where('lease_until', '=', job.lease_until);
    return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
  },

  renewLease: (db: Conn, id: number, leaseUntil: string) =>
    db.updateTable('video_resources').set({ lease_until: leaseUntil }).where('id', '=', id).where('status', '=', 'processing').execute(),

  // Published videos.
  insertVideo: (db: Conn, row: NewVideo): Promise<VideoRow> => db.insertInto('videos').values(row).returningAll().executeTakeFirstOrThrow(),
  videoByResource: (db: Conn, resourceId: number) => db.selectFrom('videos').selectAll().where('resource_id', '=', resourceId).executeTakeFirst(),
  videosByResources: (db: Conn, ids: number[]) =>
    ids.length ? db.selectFrom('videos').selectAll().where('resource_id', 'in', ids).execute() : Promise.resolve([] as VideoRow[]),
  video: (db: Conn, id: number) => db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst(),
  listedVideo: (db: Conn, id: number): Promise<ListedVideo | undefined> => listed(published(db).where('v.id', '=', id)).executeTakeFirst(),

  list: async (db: Conn, f: { cate_id?: number | undefined; user_id?: number | undefined; sort: 'new' | 'hot' }, page: number, size: number) => {
    let base = published(db);
    if (f.cate_id) base = base.where('v.cate_id', '=', f.cate_id);
    if (f.user_id) base = base.where('v.user_id', '=', f.user_id);
    return pageOf(
      base,
      (q) => (f.sort === 'hot' ? listed(q).orderBy('v.views', 'desc').orderBy('v.id', 'desc') : listed(q).orderBy('v.id', 'desc')),
      page,
      size,
    );
  },

  renditionsOf: async (db: Conn, videoId: number): Promise<string | undefined> =>
    (
      await db
        .selectFrom('videos as v')
        .innerJoin('video_resources as r', 'r.id', 'v.resource_id')
        .select('r.renditions')
        .where('v.id', '=', videoId)
        .executeTakeFirst()
    )?.renditions,

  countView: (db: Conn, id: number) =>
    db
      .updateTable('videos')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('id', '=', id)
      .execute(),
  setHidden: (db: Conn, id: number, hidden: boolean) =>
    db
      .updateTable('videos')
      .set({ hidden: hidden ? 1 : 0 })
      .where('id', '=', id)
      .executeTakeFirst(),
  hideByResource: (db: Conn, resourceId: number) => db.updateTable('videos').set({ hidden: 1 }).where('resource_id', '=', resourceId).execute(),

  // Purchases.
  purchase: (db: Conn, videoId: number, userId: number) =>
    db.selectFrom('video_purchases').selectAll().where('video_id', '=', videoId).where('user_id', '=', userId).executeTakeFirst(),
  purchaseByKey: (db: Conn, key: string) => db.selectFrom('video_purchases').selectAll().where('idem_key', '=', key).executeTakeFirst(),
  insertPurchase: (db: Conn, row: { video_id: number; user_id: number; price: number; idem_key: string; created_at: string }) =>
    db.insertInto('video_purchases').values(row).returning('id').executeTakeFirstOrThrow(),

  // Likes: the counter moves in the transaction that adds or removes the row.
  liked: async (db: Conn, videoId: number, userId: number) =>
    Boolean(await db.selectFrom('video_likes').select('video_id').where('video_id', '=', videoId).where('user_id', '=', userId).executeTakeFirst()),
  addLike: async (db: Conn, videoId: number, userId: number, now: string): Promise<boolean> => {
    const r = await db
      .insertInto('video_likes')
      .values({ video_id: videoId, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['video_id', 'user_id']).doNothing())
      .executeTakeFirst();
    const added = Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
    if (added)
      await db
        .updateTable('videos')
        .set({ likes: sql`likes + 1` })
        .where('id', '=', videoId)
        .execute();
    return added;
  },
  removeLike: async (db: Conn, videoId: number, userId: number): Promise<boolean> => {
    const r = await db.deleteFrom('video_likes').where('video_id', '=', videoId).where('user_id', '=', userId).executeTakeFirst();
    const removed = Number(r.numDeletedRows) === 1;
    if (removed)
      await db
        .updateTable('videos')
        .set({ likes: sql`likes - 1` })
        .where('id', '=', videoId)
        .execute();
    return removed;
  },
  // Clips (modules/clip): what a clip's card shows, and its MP4 to remove with the video.
  clipsOf: (db: Conn, videoIds: number[]) =>
    videoIds.length
      ? db
          .selectFrom('live_clips as c')
          .leftJoin('rooms as r', 'r.id', 'c.room_id')
          .select(['c.id', 'c.video_id', 'c.anchor_id', 'c.room_id', 'c.replay_id', 'c.start_s', 'r.status'])
          .where('c.video_id', 'in', videoIds)
          .execute()
      : Promise.resolve([]),
  clipFileOf: async (db: Conn, resourceId: number) =>
    (
      await db
        .selectFrom('live_clips as c')
        .innerJoin('videos as v', 'v.id', 'c.video_id')
        .select('c.mp4_key')
        .where('v.resource_id', '=', resourceId)
        .executeTakeFirst()
    )?.mp4_key,
  likes: async (db: Conn, videoId: number) => Number((await db.selectFrom('videos').select('likes').where('id', '=', videoId).executeTakeFirst())?.likes ?? 0),
};
