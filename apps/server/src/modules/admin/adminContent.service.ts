import { ErrorCode, type ModeratedItem, type Page, type Report, type ReportTargetType, type Api, type RouteBody, type RouteQuery } from '@app/contract';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError, validationError } from '../../http/errors.js';
import type { Auth } from '../auth/session.service.js';
import type { CommentService } from '../forum/comment.service.js';
import { sensitiveWordsChanged } from '../forum/forum.safety.js';
import type { PostService } from '../forum/post.service.js';
import { briefsOf } from '../user/userBriefs.js';
import type { Video } from '../video/video.js';
import type { MessageService } from '../message/message.service.js';
import { adminContentRepository as repo } from './adminContent.repository.js';
import { emitWebhook } from '../webhook/outbox.js';

/** A row of forum_posts or forum_comments as the console reads it. */
interface ContentRow {
  id: number;
  user_id: number;
  content: string;
  hidden_at: string | null;
  flagged: number;
  created_at: string;
  images?: string;
  post_id?: number;
}

const TABLE = { post: 'forum_posts', comment: 'forum_comments' } as const;
const gone = (type: ReportTargetType) =>
  new BizError(ErrorCode.NOT_FOUND, type === 'comment' ? '评论不存在或已删除' : type === 'video' ? '视频不存在或已删除' : '帖子不存在或已删除');

/**
 * Content moderation: members' reports, the console's lists of posts and comments (reported,
 * flagged by the sensitive-word filter, hidden), hiding and deleting, and the word list.
 * Deleting goes through the forum services (the same rules and cascades as an author's delete).
 */
export class AdminContentService {
  constructor(
    private readonly deps: Deps,
    private readonly posts: PostService,
    private readonly comments: CommentService,
    private readonly video: Video,
    private readonly messages: MessageService,
  ) {}

  /** The author of an item (before it is hidden or deleted), to tell them. */
  private async authorOf(type: ReportTargetType, id: number): Promise<number | null> {
    if (type === 'post') return this.posts.authorOf(id);
    if (type === 'comment') return this.comments.authorOf(id);
    return (await repo.videosByIds(this.db, [id]))[0]?.user_id ?? null;
  }

  private async tell(userId: number | null, type: ReportTargetType, what: 'hidden' | 'deleted'): Promise<void> {
    if (userId === null) return;
    const noun = type === 'post' ? '帖子' : type === 'comment' ? '评论' : '视频';
    const verb = what === 'hidden' ? '已被隐藏' : '已被删除';
    await this.messages.send(
      {
        user_id: userId,
        type: 'system',
        title: `你的${noun}${verb}`,
        content: `你发布的一条${noun}因违反社区规范${verb}。如有疑问，请联系客服。`,
      },
      { kind: 'content_removed', params: { target: type, action: what } },
    );
  }

  private get db() {
    return this.deps.db.kysely;
  }

  async report(auth: Auth, input: RouteBody<Api['reportCreate']>) {
    if (input.target_type === 'user') {
      // A person (reported from their card in a room): a member other than oneself.
      if (input.target_id === auth.user.id) throw validationError([{ path: 'target_id', message: '不能举报自己' }]);
      if (!(await briefsOf(this.db, [input.target_id])).has(input.target_id)) throw new BizError(ErrorCode.NOT_FOUND, '用户不存在');
    } else if ((await this.authorOf(input.target_type, input.target_id)) === null) throw gone(input.target_type); // hidden ones can be reported too
    const report = { reporter_id: auth.user.id, target_type: input.target_type, target_id: input.target_id, reason: input.reason, created_at: nowIso() };
    const id = await this.deps.db.tx(async (trx) => {
      const saved = await repo.report(trx, report);
      // A second report of the same thing by the same member answers the first: reported once.
      if (saved.created) await emitWebhook(trx, 'report.created', { id: saved.id, ...report }, { at: report.created_at });
      return saved.id;
    });
    return { id };
  }

  async reports(q: RouteQuery<Api['adminReports']>): Promise<Page<Report>> {
    const { rows, total } = await repo.reports(this.db, q.status, q.page, q.size);
    const items = new Map<string, ModeratedItem>();
    for (const type of ['post', 'comment'] as const) {
      const ids = rows.filter((r) => r.target_type === type).map((r) => r.target_id);
      if (!ids.length) continue;
      const found = (await repo.contentByIds(this.db, TABLE[type], ids)) as unknown as ContentRow[];
      for (const item of await this.items(type, found)) items.set(`${type}:${item.id}`, item);
    }
    const videoIds = rows.filter((r) => r.target_type === 'video').map((r) => r.target_id);
    for (const item of await this.videoItems(await repo.videosByIds(this.db, videoIds))) items.set(`video:${item.id}`, item);
    const reporters = await briefsOf(this.db, [...rows.map((r) => r.reporter_id), ...rows.filter((r) => r.target_type === 'user').map((r) => r.target_id)]);
    const list = rows.flatMap((r) => {
      const reporter = reporters.get(r.reporter_id);
      if (!reporter) return [];
      return [
        {
          id: r.id,
          target_type: r.target_type,
          target_id: r.target_id,
          target_user: r.target_type === 'user' ? (reporters.get(r.target_id) ?? null) : null,
          reporter,
          reason: r.reason,
          status: r.status,
          created_at: r.created_at,
          item: items.get(`${r.target_type}:${r.target_id}`) ?? null,
        },
      ];
    });
    return { list, total, page: q.page, size: q.size, has_more: q.page * q.size < total };
  }

  async dismiss(op: Auth, input: RouteBody<Api['adminReportDismiss']>) {
    return { dismissed: await repo.settle(this.db, input.type, input.id, 'dismissed', op.user.id, nowIso()) };
  }

  async content(q: RouteQuery<Api['adminContent']>): Promise<Page<ModeratedItem>> {
    if (q.type === 'video') {
      const { rows, total } = await repo.videos(this.db, q);
      return { list: await this.videoItems(rows), total, page: q.page, size: q.size, has_more: q.page * q.size < total };
    }
    const { rows, total } = await repo.content(this.db, TABLE[q.type], q.type, q);
    return { list: await this.items(q.type, rows as unknown as ContentRow[]), total, page: q.page, size: q.size, has_more: q.page * q.size < total };
  }

  /** Hides (or shows again) an item; hiding resolves its open reports in the same transaction. */
  async hide(op: Auth, input: RouteBody<Api['adminContentHide']>) {
    const type = input.type;
    if (type === 'video') {
      // Through the video module (its own listing rules); then the reports, as for posts.
      if (!(await this.video.hide(input.id, input.hidden))) throw gone('video');
      if (input.hidden) await repo.settle(this.db, 'video', input.id, 'resolved', op.user.id, nowIso());
      if (input.hidden) await this.tell(await this.authorOf('video', input.id), 'video', 'hidden');
      return { type: input.type, id: input.id, hidden: input.hidden };
    }
    await this.deps.db.tx(async (trx) => {
      const now = nowIso();
      if (!(await repo.setHidden(trx, TABLE[type], input.id, input.hidden ? now : null))) throw gone(input.type);
      if (input.hidden) await repo.settle(trx, input.type, input.id, 'resolved', op.user.id, now);
    });
    if (input.hidden) await this.tell(await this.authorOf(type, input.id), type, 'hidden');
    return { type: input.type, id: input.id, hidden: input.hidden };
  }

  /** Deletes an item through its own service (the same cascade as the author's delete) and resolves its reports. */
  async remove(op: Auth, input: RouteBody<Api['adminContentDelete']>) {
    const author = await this.authorOf(input.type, input.id);
    if (input.type === 'post') await this.posts.remove(op.user, input.id);
    else if (input.type === 'comment') await this.comments.remove(op.user, input.id);
    else if (!(await this.video.delete(input.id))) throw gone('video');
    await repo.settle(this.db, input.type, input.id, 'resolved', op.user.id, nowIso());
    await this.tell(author, input.type, 'deleted');
    return { deleted: true as const };
  }

  async words() {
    const rows = await repo.words(this.db);
    return { list: rows.map((r) => ({ id: r.id, word: r.word, created_at: r.created_at })) };
  }

  async addWords(words: string[]) {
    await repo.addWords(this.db, [...new Set(words)], nowIso());
    sensitiveWordsChanged(this.db);
    return this.words();
  }

  async removeWord(id: number) {
    if (!(await repo.removeWord(this.db, id))) throw new BizError(ErrorCode.NOT_FOUND, '该词不在列表中');
    sensitiveWordsChanged(this.db);
    return this.words();
  }

  private async videoItems(
    rows: { id: number; user_id: number; title: string; cover: string; hidden: number; created_at: string }[],
  ): Promise<ModeratedItem[]> {
    const ids = rows.map((r) => r.id);
    const clips = await repo.clipAnchors(this.db, ids);
    const [users, reports] = await Promise.all([
      briefsOf(this.db, [...rows.map((r) => r.user_id), ...clips.map((c) => c.anchor_id)]),
      repo.openCounts(this.db, 'video', ids),
    ]);
    const clipOf = new Map(clips.map((c) => [c.video_id, users.get(c.anchor_id) ?? null]));
    return rows.flatMap((r) => {
      const user = users.get(r.user_id);
      if (!user) return [];
      const images = r.cover ? [r.cover] : [];
      return [
        {
          type: 'video' as const,
          id: r.id,
          post_id: null,
          user,
          content: r.title,
          images,
          hidden: Number(r.hidden) === 1,
          flagged: false,
          report_count: reports.get(r.id) ?? 0,
          clip_of: clipOf.get(r.id) ?? null,
          created_at: r.created_at,
        },
      ];
    });
  }

  private async items(type: 'post' | 'comment', rows: ContentRow[]): Promise<ModeratedItem[]> {
    const ids = rows.map((r) => r.id);
    const [users, reports] = await Promise.all([
      briefsOf(
        this.db,
        rows.map((r) => r.user_id),
      ),
      repo.openCounts(this.db, type, ids),
    ]);
    return rows.flatMap((r) => {
      const user = users.get(r.user_id);
      if (!user) return [];
      return [
        {
          type,
          id: r.id,
          post_id: type === 'comment' ? (r.post_id ?? null) : null,
          user,
          content: r.content,
          images: type === 'post' && r.images ? (JSON.parse(r.images) as string[]) : [],
          hidden: r.hidden_at !== null,
          flagged: Number(r.flagged) === 1,
          report_count: reports.get(r.id) ?? 0,
          clip_of: null,
          created_at: r.created_at,
        },
      ];
    });
  }
}
