import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * Messages and friends: follows (friends = mutual follows; counters on users), private messages, and each user's
 * side of a conversation (read pointer, unread counter, cleared/hidden, mute, pin, block).
 * Row types: modules/social/social.tables.ts.
 */
export function social(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // Counters kept by the follow transaction: user/info reads them from the session's user row.
      await db.schema
        .alterTable('users')
        .addColumn('follow_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('fans_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('follows')
        .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('followee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
        .execute();
      await db.schema.createIndex('follows_followee').on('follows').columns(['followee_id', 'created_at']).execute();
      await db.schema.createIndex('follows_follower_time').on('follows').columns(['follower_id', 'created_at']).execute();

      await withId(db.schema.createTable('chat_messages'), dialect)
        .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('receiver_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // The pair (smaller id, larger id) names the conversation for both sides.
        .addColumn('low_id', 'integer', (c) => c.notNull())
        .addColumn('high_id', 'integer', (c) => c.notNull())
        .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('type', 'varchar(8)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('reply_to_id', 'integer')
        .addColumn('reply_sender_id', 'integer')
        .addColumn('reply_type', 'varchar(8)')
        .addColumn('reply_preview', 'varchar(255)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('chat_messages_client', ['sender_id', 'client_id'])
        .execute();
      await db.schema.createIndex('chat_messages_pair').on('chat_messages').columns(['low_id', 'high_id', 'id']).execute();
      await db.schema.createIndex('chat_messages_receiver').on('chat_messages').columns(['receiver_id', 'id']).execute();
      await db.schema.createIndex('chat_messages_sender').on('chat_messages').columns(['sender_id', 'id']).execute();

      await db.schema
        .createTable('chat_members')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('peer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('last_message_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('read_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cleared_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('muted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('chat_members_pk', ['user_id', 'peer_id'])
        .execute();
      await db.schema.createIndex('chat_members_list').on('chat_members').columns(['user_id', 'hidden', 'pinned', 'last_message_id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('chat_members').execute();
      await db.schema.dropTable('chat_messages').execute();
      await db.schema.dropTable('follows').execute();
      await db.schema.alterTable('users').dropColumn('fans_count').execute();
      await db.schema.alterTable('users').dropColumn('follow_count').execute();
    },
  };
}
