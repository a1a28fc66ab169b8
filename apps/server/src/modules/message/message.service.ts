import { ErrorCode, type UnreadCount, type Api, type RouteBody } from '@app/contract';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError } from '../../http/errors.js';
import { users } from '../user/users.js';
import { pushNotice } from './message.events.js';
import { noticeRepository as repo } from './notice.repository.js';
import { toNotice } from './notice.view.js';

/** Counts one kind of a user's unread items for the hall's badge (private messages, forum comments). */
export type UnreadSource = (userId: number) => Promise<number>;

/** System notices: listing, reading, sending, and the hall's unread count. */
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
    const counts = await Promise.all([repo.unreadCount(this.db, userId), ...this.unreadSources.map((count) => count(userId))]);
    return counts.reduce((a, b) => a + b, 0);
  }

  /**
   * The hall's `rGetUnreadCount`. `total` = unread notices + unread private messages (unmuted) + unread forum comments.
   * `isNew` = an unread notice arrived since the user last asked: the newest unread id is above the
   * `notice_seen_id` recorded at the previous ask. Asking records the newest id, so a client that
   * asks twice hears `isNew: true` once; pushes after a new notice always carry `isNew: true`.
   */
  async unreadForHall(userId: number): Promise<UnreadCount> {
    const [total, maxId, user] = await Promise.all([this.unreadTotal(userId), repo.maxUnreadId(this.db, userId), users.byId(this.db, userId)]);
    const seen = user?.notice_seen_id ?? 0;
    if (maxId > seen) await users.update(this.db, userId, { notice_seen_id: maxId });
    return { total, isNew: maxId > seen };
  }

  /** Sends a notice to one user or every member; each recipient's sockets hear it at once. */
  async send(input: RouteBody<Api['adminSendNotice']>) {
    if (input.user_id !== undefined && !(await users.byId(this.db, input.user_id))) {
      throw new BizError(ErrorCode.NOT_FOUND, 'user_id: 用户不存在');
    }
    const recipients = input.user_id !== undefined ? [input.user_id] : await users.memberIds(this.db);
    const created_at = nowIso();
    // Chunks keep each INSERT under SQLite's bound-parameter limit.
    const rows = [];
    for (let i = 0; i < recipients.length; i += 500) {
      const chunk = recipients.slice(i, i + 500).map((user_id) => ({ user_id, type: input.type, title: input.title, content: input.content, created_at }));
      rows.push(...(await repo.insertMany(this.db, chunk)));
    }
    for (const row of rows) {
      const total = await this.unreadTotal(row.user_id);
      pushNotice(this.deps.hall, row.user_id, toNotice(row), { total, isNew: true });
    }
    return { sent: rows.length };
  }
}
