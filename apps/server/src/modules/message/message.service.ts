import { ErrorCode, type Notice, type Api, type RouteBody, type NoticeKind } from '@app/contract';
import type { NoticeRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError } from '../../http/errors.js';
import { users } from '../user/users.js';
import { pushNotice } from './message.events.js';
import { noticeRepository as repo } from './notice.repository.js';
import { toNotice } from './notice.view.js';

/** Counts one kind of unread items of users for the hall's badge (private messages, forum comments): user id → count, missing = 0. */
export type UnreadSource = (userIds: readonly number[]) => Promise<Map<number, number>>;

/** Users per counting query (an IN list well under SQLite's bound-parameter limit). */
const COUNT_CHUNK = 500;

/** How often the worker looks for notices the operator CLI queued: they reach the user within this. */
export const NOTICE_PUSH_POLL_MS = 1000;

/** System notices: listing, reading, sending, and the hall's unread count. */
/** A notice written from a template: clients render its kind with the values in the reader's language. */
type NoticeTemplate = { kind: NoticeKind; params?: Record<string, string> };

export class MessageService {
  private readonly unreadSources: UnreadSource[] = [];

  constructor(private readonly deps: Deps) {}

  /**
   * Adds a kind of unread item to the badge. The modules above this one (chat, forum) add theirs
   * when they are built, so the badge counts them without this module reading their tables.
   */
  countUnread(source: UnreadSource): void {
    this.unreadSources.push(source);
  }

  private get db() {
    return this.deps.db.kysely;
  }

  async fetch(userId: number, page: number, size: number) {
    const [{ rows, total }, unread] = await Promise.all([repo.page(this.db, userId, page, size), repo.unreadCount(this.db, userId)]);
    return { list: rows.map(toNotice), total, page, size, has_more: page * size < total, unread };
  }

  async read(userId: number, ids: number[] | 'all') {
    await repo.markRead(this.db, userId, ids, nowIso());
    const unread = await repo.unreadCount(this.db, userId);
    // Other tabs and devices of the user update their badge too.
    this.deps.hall.toUser(userId, 'rGetUnreadCount', { total: await this.unreadTotal(userId), isNew: false });
    return { unread };
  }

  /** The hall's badge: unread notices + every added source (unread private messages of unmuted conversations, unread forum comments on my posts and replies to me). */
  async unreadTotal(userId: number): Promise<number> {
    const [notices, others] = await Promise.all([repo.unreadCount(this.db, userId), this.othersUnread(userId)]);
    return notices + others;
  }

  /** The added sources' part of one user's badge (each answers one user with one compiled statement). */
  private async othersUnread(userId: number): Promise<number> {
    const counts = await Promise.all(this.unreadSources.map(async (count) => (await count([userId])).get(userId) ?? 0));
    return counts.reduce((a, b) => a + b, 0);
  }

  /** The badge of many users: one query per kind of unread item, whatever the number of users. */
  private async unreadTotals(userIds: readonly number[]): Promise<Map<number, number>> {
    const totals = new Map<number, number>();
    for (let i = 0; i < userIds.length; i += COUNT_CHUNK) {
      const chunk = userIds.slice(i, i + COUNT_CHUNK);
      const maps = await Promise.all([repo.unreadCounts(this.db, chunk), ...this.unreadSources.map((count) => count(chunk))]);
      for (const m of maps) for (const [userId, n] of m) totals.set(userId, (totals.get(userId) ?? 0) + n);
    }
    return totals;
  }

  /**
   * For the hall's `rGetUnreadCount`: `total` = unread notices + unread private messages (unmuted) +
   * unread forum comments, and the newest unread notice id. The hall socket compares that id with
   * the one it last answered (`isNew`, true once per new notice per connection); nothing is written:
   * asking is a read. Pushes after a new notice always carry `isNew: true`.
   */
  async unreadForHall(userId: number): Promise<{ total: number; newest: number }> {
    const [notices, others] = await Promise.all([repo.unreadSummary(this.db, userId), this.othersUnread(userId)]);
    return { total: notices.count + others, newest: notices.newest };
  }

  /**
   * Sends a notice to one user or every member; each recipient's sockets hear it at once. To one
   * user: the notice and their new unread total. To everyone: each member's copy is stored, then
   * one broadcast tells every socket (clients add one to their badge), instead of a count query
   * and two pushes per member. A notice written from a template carries its kind and values, so
   * clients render it in their language.
   */
  async send(input: RouteBody<Api['adminSendNotice']>, template?: NoticeTemplate) {
    if (input.user_id !== undefined) {
      if (!(await users.byId(this.db, input.user_id))) throw new BizError(ErrorCode.NOT_FOUND, 'user_id: 用户不存在');
      return { sent: await this.notify([input.user_id], input, template) };
    }
    const fields = { type: input.type, title: input.title, content: input.content, created_at: nowIso() };
    const stored = { ...fields, kind: template?.kind ?? '', params: JSON.stringify(template?.params ?? {}) };
    const sent = await repo.insertFor(this.db, users.memberIds(this.db), stored);
    this.deps.hall.toAll('newMessage', { kind: 'announcement', notice: { ...fields, kind: template?.kind ?? '', params: template?.params ?? {} } });
    return { sent };
  }

  /**
   * Pushes the notices another process queued (the operator command line, which has no hall) to
   * their users' sockets, with their unread totals; answers how many were pushed.
   */
  async pushQueued(limit = 500): Promise<number> {
    const rows = await this.deps.db.tx((conn) => repo.takeQueued(conn, limit));
    if (rows.length > 0) await this.push(rows);
    return rows.length;
  }

  /** Pushes written notices with their users' unread totals (counted for all of them at once). */
  private async push(rows: readonly NoticeRow[]): Promise<void> {
    const totals = await this.unreadTotals(rows.map((r) => r.user_id));
    for (const row of rows) pushNotice(this.deps.hall, row.user_id, toNotice(row), { total: totals.get(row.user_id) ?? 0, isNew: true });
  }

  /**
   * Writes one notice to each recipient and pushes it, with their unread total, to their hall
   * sockets; answers how many were written. The totals are counted for all recipients at once
   * (a go-live alert to thousands of followers: a few queries, not a few per follower).
   */
  async notify(recipients: readonly number[], n: Pick<Notice, 'type' | 'title' | 'content'>, template?: NoticeTemplate): Promise<number> {
    const stored = {
      type: n.type,
      title: n.title,
      content: n.content,
      created_at: nowIso(),
      kind: template?.kind ?? '',
      params: JSON.stringify(template?.params ?? {}),
    };
    const rows = [];
    // Chunks keep each INSERT under SQLite's bound-parameter limit.
    for (let i = 0; i < recipients.length; i += 500) {
      rows.push(
        ...(await repo.insertMany(
          this.db,
          recipients.slice(i, i + 500).map((user_id) => ({ user_id, ...stored })),
        )),
      );
    }
    await this.push(rows);
    return rows.length;
  }
}
