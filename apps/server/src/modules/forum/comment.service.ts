import { ErrorCode, type ForumComment, type Api, type RouteBody } from '@app/contract';
import type { UserRow } from '../../db/schema.js';
import { MINUTE, isoIn, nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import type { MessageService } from '../message/message.service.js';
import { BizError } from '../../http/errors.js';
import { briefsOf } from '../user/userBriefs.js';
import { commentRepository } from './comment.repository.js';
import { moderation } from '../moderation/moderation.service.js';
import { assertUnder, maskSensitive, sensitiveWords, WRITE_LIMITS } from './forum.safety.js';
import { commentViews, excerpt } from './forum.view.js';
import { inboxRepository } from './inbox.repository.js';
import { canModerate } from './post.service.js';
import { postRepository } from './post.repository.js';

/** Comments (threaded one level), comment likes, and the comment inbox of post authors. */
export class CommentService {
  constructor(
    private readonly deps: Deps,
    private readonly message: MessageService,
  ) {
    message.countUnread((userIds) => inboxRepository.unreadCounts(this.db, userIds));
  }

  private get db() {
    return this.deps.db.kysely;
  }

  /** The author of a comment (hidden ones too), null when there is no such comment. */
  async authorOf(commentId: number): Promise<number | null> {
    return (await commentRepository.byId(this.db, commentId))?.user_id ?? null;
  }

  async list(postId: number, page: number, size: number, viewer: UserRow | null) {
    const db = this.db;
    if (!(await postRepository.byId(db, postId))) throw new BizError(ErrorCode.NOT_FOUND, '帖子不存在或已删除');
    const { rows, total } = await commentRepository.topLevel(db, postId, page, size);
    const replies = await commentRepository.repliesOf(
      db,
      rows.map((r) => r.id),
    );
    const all = [...rows, ...replies];
    const liked = viewer
      ? await commentRepository.likedBy(
          db,
          viewer.id,
          all.map((r) => r.id),
        )
      : new Set<number>();
    const views = await commentViews(db, all, viewer?.id ?? null, liked);
    const byParent = new Map<number, typeof views>();
    for (const v of views.slice(rows.length)) byParent.set(v.parent_id!, [...(byParent.get(v.parent_id!) ?? []), v]);
    const list: ForumComment[] = views.slice(0, rows.length).map((c) => {
      const rs = byParent.get(c.id) ?? [];
      return { ...c, replies: rs, reply_count: rs.length };
    });
    return { list, total, page, size, has_more: page * size < total };
  }

  /**
   * A comment, or a reply when parent_id is given: a reply to a reply joins the same top-level
   * thread, answering that reply's author. The post author (comment) or the answered user (reply)
   * gets an inbox entry, never for their own words.
   */
  async create(user: UserRow, body: RouteBody<Api['forumCreateComment']>) {
    const db = this.db;
    await moderation.assertNotBanned(db, user.id, 'post');
    assertUnder(await commentRepository.countSince(db, user.id, isoIn(-MINUTE)), WRITE_LIMITS.commentsPerMinute);
    const words = await sensitiveWords(db, this.deps.config.forum.sensitiveWords);
    let notify: number | null = null;
    const row = await this.deps.db.tx(async (trx) => {
      const post = await postRepository.lockById(trx, body.post_id);
      if (!post) throw new BizError(ErrorCode.NOT_FOUND, '帖子不存在或已删除');
      let parentId: number | null = null;
      let replyTo: number | null = null;
      if (body.parent_id !== undefined) {
        const parent = await commentRepository.byId(trx, body.parent_id);
        if (!parent || parent.post_id !== post.id) throw new BizError(ErrorCode.NOT_FOUND, '评论不存在或已删除');
        parentId = parent.parent_id ?? parent.id;
        replyTo = parent.user_id;
      }
      const now = nowIso();
      const comment = await commentRepository.insert(trx, {
        post_id: post.id,
        user_id: user.id,
        parent_id: parentId,
        reply_to_user_id: replyTo,
        content: maskSensitive(body.content, words),
        flagged: maskSensitive(body.content, words) === body.content ? 0 : 1,
        created_at: now,
      });
      await postRepository.recountComments(trx, post.id);
      const recipient = replyTo ?? post.user_id;
      if (recipient !== user.id) {
        await inboxRepository.insert(trx, {
          user_id: recipient,
          from_user_id: user.id,
          kind: replyTo ? 'reply' : 'comment',
          post_id: post.id,
          comment_id: comment.id,
          created_at: now,
        });
        notify = recipient;
      }
      return comment;
    });
    // The recipient's badge counts it at once (their hall sockets hear the new total).
    if (notify !== null) await this.pushUnread(notify, true);
    return (await commentViews(db, [row], user.id, new Set()))[0]!;
  }

  async like(user: UserRow, commentId: number, like: boolean | undefined) {
    return this.deps.db.tx(async (trx) => {
      if (!(await commentRepository.lockById(trx, commentId))) throw new BizError(ErrorCode.NOT_FOUND, '评论不存在或已删除');
      const want = like ?? !(await commentRepository.isLiked(trx, commentId, user.id));
      await commentRepository.setLike(trx, commentId, user.id, want, nowIso());
      return { liked: want, like_count: await commentRepository.recountLikes(trx, commentId) };
    });
  }

  /** Deletes a comment and its replies: its author, the post's author, or an operator. */
  async remove(user: UserRow, commentId: number) {
    return this.deps.db.tx(async (trx) => {
      const c = await commentRepository.byId(trx, commentId);
      if (!c) throw new BizError(ErrorCode.NOT_FOUND, '评论不存在或已删除');
      const post = await postRepository.lockById(trx, c.post_id);
      if (!canModerate(user, c.user_id) && post?.user_id !== user.id) throw new BizError(ErrorCode.FORBIDDEN, '只能删除自己的评论');
      if (!(await commentRepository.removeThread(trx, commentId))) throw new BizError(ErrorCode.NOT_FOUND, '评论不存在或已删除');
      return { deleted: true as const, comment_count: await postRepository.recountComments(trx, c.post_id) };
    });
  }

  async inbox(userId: number, page: number, size: number) {
    const db = this.db;
    const [{ rows, total }, unread] = await Promise.all([inboxRepository.page(db, userId, page, size), inboxRepository.unreadCount(db, userId)]);
    const briefs = await briefsOf(
      db,
      rows.map((r) => r.from_user_id),
    );
    const list = rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      from: briefs.get(r.from_user_id) ?? { id: r.from_user_id, uuid: '', nickname: '已注销用户', avatar: '', vip_level: 0, level: 0, is_anchor: false },
      post_id: r.post_id,
      post_excerpt: excerpt(r.post_content),
      comment_id: r.comment_id,
      content: r.content,
      is_read: r.read_at !== null,
      created_at: r.created_at,
    }));
    return { list, total, page, size, has_more: page * size < total, unread };
  }

  async inboxRead(userId: number, ids: number[] | 'all') {
    await inboxRepository.markRead(this.db, userId, ids, nowIso());
    await this.pushUnread(userId, false);
    return { unread: await inboxRepository.unreadCount(this.db, userId) };
  }

  async inboxDelete(userId: number, ids: number[] | 'all') {
    await inboxRepository.remove(this.db, userId, ids);
    await this.pushUnread(userId, false);
    return { unread: await inboxRepository.unreadCount(this.db, userId) };
  }

  private async pushUnread(userId: number, isNew: boolean) {
    this.deps.hall.toUser(userId, 'rGetUnreadCount', { total: await this.message.unreadTotal(userId), isNew });
  }
}
