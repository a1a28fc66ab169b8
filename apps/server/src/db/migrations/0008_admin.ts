import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/** The words masked in posts and comments until an operator edits the list. */
const DEFAULT_SENSITIVE_WORDS = ['赌博', '代开发票', '刷单返利', '裸聊'];

/**
 * The operator console: the audit log of every operator action, timed bans (chat, post, login,
 * live), the sensitive-word list, members' reports, and hidden posts and comments.
 * Row types: modules/admin/admin.tables.ts (user_bans: modules/moderation/moderation.tables.ts).
 */
export function admin(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('audit_log'), dialect)
        // Null: the admin command line (no operator account behind it).
        .addColumn('operator_id', 'integer')
        .addColumn('action', 'varchar(64)', (c) => c.notNull())
        .addColumn('target', 'varchar(64)', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target', 'id']).execute();
      await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();

      await withId(db.schema.createTable('user_bans'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('scope', 'varchar(8)', (c) => c.notNull())
        .addColumn('until', 'varchar(32)', (c) => c.notNull())
        .addColumn('reason', 'varchar(255)', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('lifted_at', 'varchar(32)')
        .execute();
      await db.schema.createIndex('user_bans_user').on('user_bans').columns(['user_id', 'scope', 'until']).execute();

      await withId(db.schema.createTable('sensitive_words'), dialect)
        .addColumn('word', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      const now = new Date().toISOString();
      await db
        .insertInto('sensitive_words' as never)
        .values(DEFAULT_SENSITIVE_WORDS.map((word) => ({ word, created_at: now })) as never)
        .execute();

      await withId(db.schema.createTable('reports'), dialect)
        .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('target_type', 'varchar(8)', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('reason', 'varchar(255)', (c) => c.notNull())
        .addColumn('status', 'varchar(10)', (c) => c.notNull())
        .addColumn('resolved_by', 'integer')
        .addColumn('resolved_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('reports_once', ['reporter_id', 'target_type', 'target_id'])
        .execute();
      await db.schema.createIndex('reports_status').on('reports').columns(['status', 'id']).execute();
      await db.schema.createIndex('reports_target').on('reports').columns(['target_type', 'target_id', 'status']).execute();

      // Hidden content stays in the database (and in the console) but leaves every feed and list.
      await db.schema.alterTable('forum_posts').addColumn('hidden_at', 'varchar(32)').execute();
      await db.schema.alterTable('forum_comments').addColumn('hidden_at', 'varchar(32)').execute();
      // 1 when the sensitive-word filter masked something as it was stored (the console's "flagged").
      await db.schema
        .alterTable('forum_posts')
        .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('forum_comments')
        .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('forum_comments').dropColumn('flagged').execute();
      await db.schema.alterTable('forum_posts').dropColumn('flagged').execute();
      await db.schema.alterTable('forum_comments').dropColumn('hidden_at').execute();
      await db.schema.alterTable('forum_posts').dropColumn('hidden_at').execute();
      await db.schema.dropTable('reports').execute();
      await db.schema.dropTable('sensitive_words').execute();
      await db.schema.dropTable('user_bans').execute();
      await db.schema.dropTable('audit_log').execute();
    },
  };
}
