import { ErrorCode, INT4_MAX, type RouteBody, type RouteQuery, type Api, type ForumPost } from '@app/contract';
import type { UserRow } from '../../db/schema.js';
import { MINUTE, nowIso, isoIn } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError, validationError } from '../../http/errors.js';
import { isOwnUpload } from '../upload/ownUpload.js';
import { catalogRepository } from './catalog.repository.js';
import { moderation } from '../moderation/moderation.service.js';
import { assertUnder, maskSensitive, sensitiveWords, WRITE_LIMITS } from './forum.safety.js';
import { postViews } from './forum.view.js';
import { postRepository, type FeedFilter } from './post.repository.js';

type FeedQuery = RouteQuery<Api['forumFetch']>;
type CreateBody = RouteBody<Api['forumCreate']>;

export const canModerate = (user: UserRow, ownerId: number) => user.id === ownerId || user.role === 'operator';

/** Posts: the feed, publishing, reading, likes and deletion. */
export class PostService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db.kysely;
  }

  /**
   * The feed. `latest` pages by id cursor (new posts never shift later pages); `hot` by offset.
   * `following` lists authors the viewer follows (modules/social).
   */
  async feed(q: FeedQuery, viewer: UserRow | null) {
    const filter: FeedFilter = { cate_id: q.cate_id, tag_id: q.tag_id, activity_id: q.activity_id };
    if (q.user_id !== undefined) filter.user_ids = [q.user_id];
    if (q.type === 'mine') {
      if (!viewer || viewer.is_guest) throw new BizError(ErrorCode.LOGIN_REQUIRED);
      filter.user_ids = [viewer.id];
    }
    if (q.type === 'following') {
      // A visitor follows nobody: an empty feed, and the client offers login.
      if (!viewer || viewer.is_guest) return { list: [], next_cursor: null, has_more: false };
      filter.followed_by = viewer.id;
    }
    if (q.type === 'hot') {
      const offset = q.cursor ? Number.parseInt(q.cursor.replace(/^o:/, ''), 10) || 0 : 0;
      if (!(offset >= 0 && offset <= INT4_MAX)) throw validationError([{ path: 'cursor', message: '无效的游标' }]);
      const rows = await postRepository.hot(this.db, filter, offset, q.size + 1);
      const more = rows.length > q.size;
      const list = await postViews(this.db, rows.slice(0, q.size), viewer?.id ?? null);
      return { list, has_more: more, next_cursor: more ? `o:${offset + q.size}` : null };
    }
    const before = q.cursor ? Number.parseInt(q.cursor, 10) : undefined;
    if (before !== undefined && !(before > 0 && before <= INT4_MAX)) throw validationError([{ path: 'cursor', message: '无效的游标' }]);
    const rows = await postRepository.latest(this.db, filter, before, q.size + 1);
    const more = rows.length > q.size;
    const page = rows.slice(0, q.size);
    const list = await postViews(this.db, page, viewer?.id ?? null);
    return { list, has_more: more, next_cursor: more ? String(page[page.length - 1]!.id) : null };
  }

  /** The author of a post (hidden ones too), null when there is no such post. */
  async authorOf(postId: number): Promise<number | null> {
    return (await postRepository.byId(this.db, postId))?.user_id ?? null;
  }

  async info(id: number, viewer: UserRow | null): Promise<ForumPost> {
    const row = await postRepository.byId(this.db, id);
    // A post an operator hid is gone for everyone but its author and the operators.
    const hiddenFrom = row?.hidden_at && viewer?.id !== row.user_id && viewer?.role !== 'operator';
    if (!row || hiddenFrom) throw new BizError(ErrorCode.NOT_FOUND, '帖子不存在或已删除');
    return (await postViews(this.db, [row], viewer?.id ?? null))[0]!;
  }

  async create(user: UserRow, body: CreateBody): Promise<ForumPost> {
    const db = this.db;
    await moderation.assertNotBanned(db, user.id, 'post');
    if (!(await catalogRepository.categoryById(db, body.cate_id))) throw validationError([{ path: 'cate_id', message: '分类不存在' }]);
    await this.assertOwnMedia(user.id, body);
    const tagIds = [...new Set(body.tag_ids)];
    const known = await catalogRepository.existingTagIds(db, tagIds);
    const unknown = tagIds.find((t) => !known.includes(t));
    if (unknown !== undefined) throw validationError([{ path: 'tag_ids', message: `话题不存在: ${unknown}` }]);
    const now = nowIso();
    let activityId = body.activity_id ?? null;
    if (activityId !== null) {
      const a = await catalogRepository.activityById(db, activityId);
      if (!a) throw validationError([{ path: 'activity_id', message: '活动不存在' }]);
      if (a.end_at <= now || a.start_at > now) throw new BizError(ErrorCode.FORBIDDEN, '活动未在进行中');
    } else {
      activityId = (await catalogRepository.ongoingActivityOfTags(db, tagIds, now))?.id ?? null;
    }
    assertUnder(await postRepository.countSince(db, user.id, isoIn(-MINUTE)), WRITE_LIMITS.postsPerMinute);
    const words = await sensitiveWords(db, this.deps.config.forum.sensitiveWords);
    const row = await this.deps.db.tx(async (trx) => {
      const post = await postRepository.insert(trx, {
        user_id: user.id,
        cate_id: body.cate_id,
        activity_id: activityId,
        content: maskSensitive(body.content, words),
        flagged: maskSensitive(body.content, words) === body.content ? 0 : 1,
        images: JSON.stringify(body.images),
        video: body.video ?? '',
        location_name: body.location?.name ?? null,
        location_lat: body.location?.lat ?? null,
        location_lng: body.location?.lng ?? null,
        created_at: now,
      });
      await postRepository.addTags(trx, post.id, tagIds);
      return post;
    });
    return (await postViews(db, [row], user.id))[0]!;
  }

  /**
   * A post's images and video are files its author uploaded, like avatars, covers and chat images:
   * never another site, another user's upload or any other address every reader's browser would fetch.
   */
  private async assertOwnMedia(userId: number, body: CreateBody): Promise<void> {
    const { storage } = this.deps;
    for (const [i, url] of body.images.entries()) {
      if (!(await isOwnUpload(this.db, storage, userId, url))) throw validationError([{ path: `images.${i}`, message: '请先上传图片' }]);
    }
    if (body.video && !(await isOwnUpload(this.db, storage, userId, body.video))) {
      throw validationError([{ path: 'video', message: '请先上传视频' }]);
    }
  }

  /** Sets (like given) or toggles the viewer's like; the counter is recounted in the same transaction. */
  async like(user: UserRow, postId: number, like: boolean | undefined) {
    return this.deps.db.tx(async (trx) => {
      if (!(await postRepository.lockById(trx, postId))) throw new BizError(ErrorCode.NOT_FOUND, '帖子不存在或已删除');
      const want = like ?? !(await postRepository.isLiked(trx, postId, user.id));
      await postRepository.setLike(trx, postId, user.id, want, nowIso());
      return { liked: want, like_count: await postRepository.recountLikes(trx, postId) };
    });
  }

  /** Deletes a post with its comments and likes: its author or an operator (others: FORBIDDEN). */
  async remove(user: UserRow, postId: number) {
    await this.deps.db.tx(async (trx) => {
      const post = await postRepository.lockById(trx, postId);
      if (!post) throw new BizError(ErrorCode.NOT_FOUND, '帖子不存在或已删除');
      if (!canModerate(user, post.user_id)) throw new BizError(ErrorCode.FORBIDDEN, '只能删除自己的帖子');
      await postRepository.remove(trx, postId);
    });
    return { deleted: true as const };
  }
}
