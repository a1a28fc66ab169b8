import {
  API_BASE,
  ErrorCode,
  type Page,
  type RoomBrief,
  type VideoCard,
  type VideoCategory,
  type VideoInfo,
  type VideoResource,
  type Api,
  type RouteQuery,
  type RouteBody,
} from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError, reusedKey, validationError } from '../../http/errors.js';
import type { Auth } from '../auth/session.service.js';
import type { Finance } from '../finance/finance.js';
import { keepRefusal, opKey, pastRefusal } from '../finance/idempotency.js';
import { Overdraft } from '../finance/ledger/ledger.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { briefsOf } from '../user/userBriefs.js';
import type { SocialService } from '../social/social.service.js';
import { isOwnUpload } from '../upload/ownUpload.js';
import type { VideoConfig } from './video.config.js';
import { videoRepository as repo, type ListedVideo } from './video.repository.js';
import { toCard, toResource } from './video.view.js';
import { parseNames } from '../../db/names.js';
import type { Conn } from '../../db/database.js';
import type { Rendition } from './video.tables.js';

/** What the home page needs from the rooms feature: the rooms on air. */
export interface RoomLister {
  list(q: { page: number; size: number }): Promise<Page<RoomBrief>>;
}

/** Where the player fetches a video's master playlist (served by video.play.ts). */
export const playUrl = (id: number): string => `${API_BASE}/video/play/${id}/master.m3u8`;

/** Published videos: lists, the player's view, likes, publishing, and buying a paid one through the ledger. */
export class VideoService {
  constructor(
    private readonly deps: Deps,
    private readonly config: VideoConfig,
    private readonly finance: Finance,
    private readonly social: SocialService,
    private readonly rooms: RoomLister,
  ) {}

  async categories(): Promise<{ list: VideoCategory[] }> {
    return { list: (await repo.categories(this.deps.db.kysely)).map((c) => ({ ...c, names: parseNames(c.names) })) };
  }

  async list(q: RouteQuery<Api['videoList']>): Promise<Page<VideoCard>> {
    const { rows, total } = await repo.list(this.deps.db.kysely, q, q.page, q.size);
    return { list: await this.cards(rows), total, page: q.page, size: q.size, has_more: q.page * q.size < total };
  }

  private async cards(rows: ListedVideo[]): Promise<VideoCard[]> {
    const db = this.deps.db.kysely;
    const clips = await repo.clipsOf(
      db,
      rows.map((r) => r.id),
    );
    const users = await briefsOf(db, [...rows.map((r) => r.user_id), ...clips.map((c) => c.anchor_id)]);
    const clipOf = new Map(clips.map((c) => [c.video_id, c]));
    return rows.map((r) => {
      const c = clipOf.get(r.id);
      const anchor = c && users.get(c.anchor_id);
      return toCard(
        r,
        users,
        c && anchor ? { id: c.id, anchor, room_id: c.room_id, replay_id: c.replay_id, start_s: Number(c.start_s), live: c.status === 'open' } : null,
      );
    });
  }

  /** Whether this caller may play every segment: free videos, the uploader, and buyers. */
  async canPlayFull(userId: number | null, v: { id: number; user_id: number; price: number | string }): Promise<boolean> {
    if (Number(v.price) === 0) return true;
    if (userId === null) return false;
    if (userId === v.user_id) return true;
    return Boolean(await repo.purchase(this.deps.db.kysely, v.id, userId));
  }

  /** A ready, listed video or NOT_FOUND. */
  async listed(id: number): Promise<ListedVideo> {
    const v = await repo.listedVideo(this.deps.db.kysely, id);
    if (!v) throw new BizError(ErrorCode.NOT_FOUND, '视频不存在或已下架');
    return v;
  }

  /** Seconds a non-buyer may watch: VIDEO_PREVIEW_S, but never more than half the video (else a short paid video would be free). */
  previewOf(duration: number): number {
    return Math.max(1, Math.min(this.config.previewS, Math.floor(Number(duration) / 2)));
  }

  /** The stored HLS renditions (JSON) of a video. */
  renditionsOf(videoId: number): Promise<string | undefined> {
    return repo.renditionsOf(this.deps.db.kysely, videoId);
  }

  /** The player's view of a video (counts a view). */
  async info(auth: Auth | null, id: number, countView = true): Promise<VideoInfo> {
    const db = this.deps.db.kysely;
    const v = await this.listed(id);
    if (countView) {
      await repo.countView(db, id);
      v.views += 1;
    }
    const me = auth && !auth.user.is_guest ? auth.user.id : null;
    const [card] = await this.cards([v]);
    const [full, bought, liked, followed] = await Promise.all([
      this.canPlayFull(me, v),
      me !== null && me !== v.user_id ? repo.purchase(db, id, me).then(Boolean) : Promise.resolve(false),
      me !== null ? repo.liked(db, id, me) : Promise.resolve(false),
      me !== null && me !== v.user_id ? this.social.relation(me, v.user_id).then((r) => r.is_following) : Promise.resolve(false),
    ]);
    return {
      ...card!,
      play_url: playUrl(id),
      full,
      preview_s: this.previewOf(v.duration),
      bought,
      liked,
      followed,
      is_owner: me === v.user_id,
      uploader_share_bp: this.config.uploaderShareBp,
    };
  }

  /**
   * Buys a paid video: the price from the buyer's coins to the uploader's gift earnings (pending),
   * the platform's share back to revenue, in one ledger transaction with the purchase row. Bought
   * once (UNIQUE (video, buyer)): buying again moves nothing; the same request_id answers the first result.
   */
  async buy(auth: Auth, input: RouteBody<Api['videoBuy']>): Promise<{ video: VideoInfo; coin: number }> {
    const db = this.deps.db.kysely;
    const buyer = auth.user.id;
    const key = opKey('video', buyer, input.request_id);
    const answer = async () => ({ video: await this.info(auth, input.video_id, false), coin: await this.finance.wallet.coin(buyer) });
    const seen = await repo.purchaseByKey(db, key);
    if (seen) {
      if (seen.video_id !== input.video_id) throw reusedKey();
      return answer();
    }
    // A key refused for a short balance stays refused (idempotency.ts): a retry after a recharge is not a new purchase.
    const bound = { video_id: input.video_id };
    const refused = await pastRefusal(db, key, bound);
    if (refused) throw refused;
    const v = await this.listed(input.video_id);
    const price = Number(v.price);
    if (price === 0 || v.user_id === buyer || (await repo.purchase(db, v.id, buyer))) return answer();

    const { ledger } = this.finance;
    const [from, to, platform] = await Promise.all([ledger.userAccounts(buyer), ledger.userAccounts(v.user_id), ledger.platformAccounts()]);
    const fee = price - Math.floor((price * this.config.uploaderShareBp) / 10_000);
    try {
      await this.deps.db.tx(async (conn) => {
        const now = nowIso();
        const { id } = await repo.insertPurchase(conn, { video_id: v.id, user_id: buyer, price, idem_key: key, created_at: now });
        const ref = `V${id}`;
        const remark = `《${v.title}》`;
        await ledger.post(
          conn,
          [
            { key, kind: 'video_buy', from: from.coin, to: to.gift_pending, amount: price, ref, remark, params: { title: v.title } },
            ...(fee > 0
              ? [
                  {
                    key: `${key}:fee`,
                    kind: 'video_fee' as const,
                    from: to.gift_pending,
                    to: platform.revenue,
                    amount: fee,
                    ref,
                    remark,
                    params: { title: v.title },
                  },
                ]
              : []),
          ],
          now,
        );
      });
    } catch (err) {
      if (err instanceof Overdraft) throw await keepRefusal(db, key, buyer, bound, new BizError(ErrorCode.BALANCE_NOT_ENOUGH));
      // The same key or the same (video, buyer) committed first: it is bought, once.
      if (!isUniqueViolation(err)) throw err;
      const first = await repo.purchaseByKey(db, key);
      if (first && first.video_id !== input.video_id) throw reusedKey();
    }
    return answer();
  }

  /** Publishes an upload; the same upload again answers its video as it is. */
  async create(auth: Auth, input: RouteBody<Api['videoCreate']>): Promise<VideoResource> {
    const db = this.deps.db.kysely;
    const me = auth.user.id;
    const r = await repo.resource(db, input.resource_id);
    if (!r || r.user_id !== me || r.deleted || r.status === 'receiving') throw new BizError(ErrorCode.NOT_FOUND, '视频不存在，请重新上传');
    if (r.status === 'failed') throw new BizError(ErrorCode.UPLOAD_BAD_FILE, r.error || '视频处理失败，请重新上传');
    const existing = await repo.videoByResource(db, r.id);
    if (existing) return toResource(r, existing);
    if (!(await repo.category(db, input.cate_id))) throw validationError([{ path: 'cate_id', message: '分类不存在' }]);
    if (input.cover && !(await isOwnUpload(db, this.deps.storage, me, input.cover))) {
      throw validationError([{ path: 'cover', message: '封面请先上传' }]);
    }
    try {
      const v = await repo.insertVideo(db, {
        user_id: me,
        resource_id: r.id,
        cate_id: input.cate_id,
        title: input.title,
        cover: input.cover ?? '',
        price: input.price_coins * MONEY_UNIT,
        created_at: nowIso(),
      });
      return toResource(r, v);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      return toResource(r, await repo.videoByResource(db, r.id));
    }
  }

  /**
   * Publishes a video made on the server from files already stored (a clip: one HLS rendition and
   * a poster, also its cover), free and ready at once, in the caller's transaction; answers its id.
   */
  async publishMade(
    conn: Conn,
    v: { user_id: number; upload_id: string; title: string; duration: number; bytes: number; rendition: Rendition; poster: string; now: string },
  ): Promise<number> {
    const cate = (await repo.categories(conn))[0];
    if (!cate) throw new Error('no video category to publish in');
    const { id } = await repo.insertMadeResource(conn, {
      user_id: v.user_id,
      upload_id: v.upload_id,
      total: v.bytes,
      received: v.bytes,
      duration: v.duration,
      width: v.rendition.width,
      height: v.rendition.height,
      renditions: JSON.stringify([v.rendition]),
      poster: v.poster,
      created_at: v.now,
      updated_at: v.now,
    });
    const video = await repo.insertVideo(conn, {
      user_id: v.user_id,
      resource_id: id,
      cate_id: cate.id,
      title: v.title,
      cover: v.poster,
      price: 0,
      created_at: v.now,
    });
    return video.id;
  }

  async like(auth: Auth, input: RouteBody<Api['videoLike']>): Promise<{ liked: boolean; likes: number }> {
    await this.listed(input.video_id);
    const now = nowIso();
    await this.deps.db.tx((trx) => (input.like ? repo.addLike(trx, input.video_id, auth.user.id, now) : repo.removeLike(trx, input.video_id, auth.user.id)));
    return { liked: input.like, likes: await repo.likes(this.deps.db.kysely, input.video_id) };
  }

  /** home/travel: rooms on air first, then the most viewed videos. */
  async travel(): Promise<{ rooms: RoomBrief[]; videos: VideoCard[] }> {
    const [rooms, videos] = await Promise.all([this.rooms.list({ page: 1, size: 10 }), repo.list(this.deps.db.kysely, { sort: 'hot' }, 1, 6)]);
    return { rooms: rooms.list.filter((r) => r.status === 'open').slice(0, 6), videos: await this.cards(videos.rows) };
  }

  /** For operators (the console): unlist or list a video again. Answers whether it exists. */
  async hide(videoId: number, hidden = true): Promise<boolean> {
    return Number((await repo.setHidden(this.deps.db.kysely, videoId, hidden)).numUpdatedRows) === 1;
  }
}
