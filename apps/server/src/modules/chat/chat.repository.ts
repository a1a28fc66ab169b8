import { sql } from 'kysely';
import type { Conn } from '../../db/database.js';
import { runCompiled } from '../../db/compiled.js';
import type { ChatMemberRow, ChatMessageRow, ChatMessagesTable } from '../social/social.tables.js';
import { pageOf } from '../../db/paging.js';

export type NewChatMessage = Omit<ChatMessagesTable, 'id'>;

/** The conversation key of two users: (smaller id, larger id). */
export const pairOf = (a: number, b: number) => (a < b ? { low_id: a, high_id: b } : { low_id: b, high_id: a });

/** SQL for private messages and each user's side of a conversation. */
export const chatRepository = {
  /** Stores a message unless this sender already used the client id; undefined then. */
  insertOnce: (db: Conn, m: NewChatMessage): Promise<ChatMessageRow | undefined> =>
    db
      .insertInto('chat_messages')
      .values(m)
      .onConflict((oc) => oc.columns(['sender_id', 'client_id']).doNothing())
      .returningAll()
      .executeTakeFirst(),

  byClientId: (db: Conn, senderId: number, clientId: string): Promise<ChatMessageRow | undefined> =>
    db.selectFrom('chat_messages').selectAll().where('sender_id', '=', senderId).where('client_id', '=', clientId).executeTakeFirst(),

  byId: (db: Conn, id: number): Promise<ChatMessageRow | undefined> => db.selectFrom('chat_messages').selectAll().where('id', '=', id).executeTakeFirst(),

  byIds: async (db: Conn, ids: number[]): Promise<ChatMessageRow[]> =>
    ids.length === 0 ? [] : db.selectFrom('chat_messages').selectAll().where('id', 'in', ids).execute(),

  member: (db: Conn, userId: number, peerId: number): Promise<ChatMemberRow | undefined> =>
    db.selectFrom('chat_members').selectAll().where('user_id', '=', userId).where('peer_id', '=', peerId).executeTakeFirst(),

  /** Reads the user's side and holds its row until the transaction ends (a no-op write). */
  lockMember: (db: Conn, userId: number, peerId: number): Promise<ChatMemberRow | undefined> =>
    db
      .updateTable('chat_members')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('user_id', '=', userId)
      .where('peer_id', '=', peerId)
      .returningAll()
      .executeTakeFirst(),

  /**
   * Holds both sides of a conversation (creating them when missing), in user-id order so two
   * opposite sends cannot deadlock. Taken before a message gets its id, sends between two users
   * then commit in id order (PostgreSQL), so last_message_id never goes back and a client that
   * resumes after the highest id it saw misses nothing.
   */
  lockPair: async (db: Conn, a: number, b: number, at: string): Promise<void> => {
    for (const [userId, peerId] of a < b
      ? [
          [a, b],
          [b, a],
        ]
      : [
          [b, a],
          [a, b],
        ]) {
      await db
        .insertInto('chat_members')
        .values({ user_id: userId!, peer_id: peerId!, updated_at: at })
        .onConflict((oc) => oc.columns(['user_id', 'peer_id']).doUpdateSet((eb) => ({ updated_at: eb.ref('chat_members.updated_at') })))
        .execute();
    }
  },

  /** The sender's side after a send: shown again, its own message counts as read. */
  touchSender: async (db: Conn, userId: number, peerId: number, messageId: number, at: string): Promise<void> => {
    await db
      .insertInto('chat_members')
      .values({ user_id: userId, peer_id: peerId, last_message_id: messageId, read_id: 0, updated_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'peer_id']).doUpdateSet({ last_message_id: messageId, hidden: 0, updated_at: at }))
      .execute();
  },

  /** The receiver's side after a send: shown again, one more unread. */
  touchReceiver: async (db: Conn, userId: number, peerId: number, messageId: number, at: string): Promise<void> => {
    await db
      .insertInto('chat_members')
      .values({ user_id: userId, peer_id: peerId, last_message_id: messageId, unread: 1, updated_at: at })
      .onConflict((oc) =>
        oc.columns(['user_id', 'peer_id']).doUpdateSet({ last_message_id: messageId, hidden: 0, unread: sql<number>`chat_members.unread + 1`, updated_at: at }),
      )
      .execute();
  },

  /** Creates the caller's side when missing (settings before any message), then patches it. */
  upsertSide: async (
    db: Conn,
    userId: number,
    peerId: number,
    patch: Partial<Pick<ChatMemberRow, 'muted' | 'pinned' | 'blocked' | 'hidden' | 'unread' | 'read_id' | 'cleared_id'>>,
    at: string,
  ) => {
    await db
      .insertInto('chat_members')
      .values({ user_id: userId, peer_id: peerId, ...patch, updated_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'peer_id']).doUpdateSet({ ...patch, updated_at: at }))
      .execute();
  },

  /** Messages from the peer after `afterId` (the unread count of a read pointer). */
  countFrom: async (db: Conn, peerId: number, userId: number, afterId: number): Promise<number> => {
    const r = await db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sender_id', '=', peerId)
      .where('receiver_id', '=', userId)
      .where('id', '>', afterId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** The same for many users at once (a notice to many: one query, not one per user). */
  unreadTotals: async (db: Conn, userIds: readonly number[]): Promise<Map<number, number>> => {
    const query = () =>
      db
        .selectFrom('chat_members')
        .select(['user_id', (eb) => eb.fn.sum<number | null>('unread').as('n')])
        .where('user_id', 'in', [...userIds])
        .where('muted', '=', sql.lit(0))
        .groupBy('user_id');
    // One user (every hall badge): compiled once; a list's SQL depends on its length.
    const rows = userIds.length === 1 ? await runCompiled(db, 'chat.unreadTotals.one', userIds, () => query().compile()) : await query().execute();
    return new Map(rows.map((r) => [r.user_id, Number(r.n ?? 0)]));
  },

  /** Unread private messages of a user's unmuted conversations (the hall's badge). */
  unreadTotal: async (db: Conn, userId: number): Promise<number> => {
    const r = await db
      .selectFrom('chat_members')
      .select((eb) => eb.fn.sum<number | null>('unread').as('n'))
      .where('user_id', '=', userId)
      .where('muted', '=', 0)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  },

  /** A page of a user's listed conversations: pinned first, then newest message. */
  sides: async (db: Conn, userId: number, page: number, size: number): Promise<{ rows: ChatMemberRow[]; total: number }> => {
    const base = db.selectFrom('chat_members').where('user_id', '=', userId).where('hidden', '=', 0).where('last_message_id', '>', 0);
    return pageOf(base, (q) => q.selectAll().orderBy('pinned', 'desc').orderBy('last_message_id', 'desc'), page, size);
  },

  /** The peers' sides facing this user (their read pointers), by peer id. */
  peerSides: async (db: Conn, userId: number, peerIds: number[]): Promise<ChatMemberRow[]> =>
    peerIds.length === 0 ? [] : db.selectFrom('chat_members').selectAll().where('peer_id', '=', userId).where('user_id', 'in', peerIds).execute(),

  /** Up to `limit` messages of a pair with id in (afterId, beforeId), newest first. */
  history: (db: Conn, a: number, b: number, afterId: number, beforeId: number | undefined, limit: number): Promise<ChatMessageRow[]> => {
    const { low_id, high_id } = pairOf(a, b);
    let q = db.selectFrom('chat_messages').selectAll().where('low_id', '=', low_id).where('high_id', '=', high_id).where('id', '>', afterId);
    if (beforeId !== undefined) q = q.where('id', '<', beforeId);
    return q.orderBy('id', 'desc').limit(limit).execute();
  },

  /** Up to `limit` messages to or from a user after `afterId`, oldest first. */
  since: (db: Conn, userId: number, afterId: number, limit: number): Promise<ChatMessageRow[]> =>
    db
      .selectFrom('chat_messages')
      .selectAll()
      .where((eb) => eb.or([eb('sender_id', '=', userId), eb('receiver_id', '=', userId)]))
      .where('id', '>', afterId)
      .orderBy('id', 'asc')
      .limit(limit)
      .execute(),
};
