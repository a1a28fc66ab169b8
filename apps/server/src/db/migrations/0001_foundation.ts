import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/** Users, sessions, verification, settings, gifts, bulletins, notices, uploads, ad clicks. */
export function foundation(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withId(db.schema.createTable('users'), dialect)
        .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
        .addColumn('account', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('mobile', 'varchar(20)', (c) => c.unique())
        .addColumn('password_hash', 'varchar(255)')
        .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
        .addColumn('avatar', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('signature', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('birthday', 'varchar(10)')
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('vip_level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('user'))
        .addColumn('is_guest', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('device_id', 'varchar(128)')
        .addColumn('invite_code', 'varchar(16)', (c) => c.notNull().unique())
        .addColumn('referrer_code', 'varchar(16)')
        .addColumn('disabled_until', 'varchar(32)')
        .addColumn('notice_seen_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_guest_device').on('users').columns(['device_id', 'is_guest']).execute();
      await db.schema.createIndex('users_nickname').on('users').column('nickname').execute();

      await withId(db.schema.createTable('sessions'), dialect)
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('device', 'varchar(128)')
        .addColumn('ip', 'varchar(64)')
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('revoked_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('captchas')
        .addColumn('unique_code', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('answer', 'varchar(16)')
        .addColumn('ip', 'varchar(64)')
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('passed_at', 'varchar(32)')
        .addColumn('used_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('captchas_expires').on('captchas').column('expires_at').execute();

      await withId(db.schema.createTable('sms_codes'), dialect)
        .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
        .addColumn('scene', 'varchar(16)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('used_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sms_codes_mobile').on('sms_codes').columns(['mobile', 'created_at']).execute();
      await db.schema.createIndex('sms_codes_ip').on('sms_codes').columns(['ip', 'created_at']).execute();
      await db.schema.createIndex('sms_codes_created').on('sms_codes').column('created_at').execute();

      await withId(db.schema.createTable('sms_outbox'), dialect)
        .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
        .addColumn('scene', 'varchar(16)', (c) => c.notNull())
        .addColumn('code', 'varchar(16)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sms_outbox_mobile').on('sms_outbox').columns(['mobile', 'id']).execute();

      await withId(db.schema.createTable('login_failures'), dialect)
        .addColumn('key', 'varchar(80)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_failures_key').on('login_failures').columns(['key', 'created_at']).execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('gifts'), dialect)
        .addColumn('name', 'varchar(32)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('icon', 'varchar(512)', (c) => c.notNull())
        .addColumn('url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('price', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('bulletins'), dialect)
        .addColumn('title', 'varchar(120)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('notices'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('title', 'varchar(120)', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('read_at', 'varchar(32)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notices_user').on('notices').columns(['user_id', 'id']).execute();

      await withId(db.schema.createTable('uploads'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key', 'varchar(255)', (c) => c.notNull().unique())
        .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
        .addColumn('mime', 'varchar(64)', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('uploads_user').on('uploads').columns(['user_id', 'id']).execute();

      await withId(db.schema.createTable('ad_clicks'), dialect)
        .addColumn('ad_id', 'integer', (c) => c.notNull())
        .addColumn('source', 'varchar(16)', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('ip', 'varchar(64)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ad_clicks_ad').on('ad_clicks').columns(['ad_id', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const t of [
        'ad_clicks',
        'uploads',
        'notices',
        'bulletins',
        'gifts',
        'settings',
        'login_failures',
        'sms_outbox',
        'sms_codes',
        'captchas',
        'sessions',
        'users',
      ]) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}
