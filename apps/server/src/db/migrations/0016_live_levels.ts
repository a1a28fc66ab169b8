import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from '../columns.js';

/**
 * Levels, VIP, fan clubs and go-live alerts (issue 20).
 * - users.spent_total / recharge_total: coins spent (gifts, video buys) and bought (recharges, bonus
 *   not counted), moved only in the ledger transaction that moves the coins; users.level and
 *   users.vip_level follow from them (kit/levels.ts). Row types: modules/fanclub/live.tables.ts.
 * - gifts.vip_min: a tier-only gift (0: everyone).
 * - fan_clubs / fan_club_members: one club per anchor; a member row is never deleted (leaving sets left_at).
 * - live_alert_mutes: a follower turned an anchor's go-live alerts off; live_alerts: when an
 *   anchor's followers were last alerted (at most one alert per anchor per hour).
 */
export function liveLevels(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('spent_total', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('recharge_total', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('gifts')
        .addColumn('vip_min', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('fan_clubs')
        .addColumn('anchor_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable('fan_club_members'), dialect)
        .addColumn('anchor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('joined_at', 'text', (c) => c.notNull())
        .addColumn('left_at', 'text')
        .addColumn('gift_total', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('watch_days', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_watch_day', 'text')
        .addUniqueConstraint('fan_club_members_pair', ['anchor_id', 'user_id'])
        .execute();
      await db.schema.createIndex('fan_club_members_user').on('fan_club_members').columns(['user_id', 'anchor_id']).execute();

      await db.schema
        .createTable('live_alert_mutes')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('anchor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('live_alert_mutes_pk', ['user_id', 'anchor_id'])
        .execute();
      await db.schema
        .createTable('live_alerts')
        .addColumn('anchor_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .execute();

      // A catalogue seeded before the demo gifts had animations gets them, under a new gift_version
      // (clients reload the list and files only when the version changes).
      let filled = 0;
      for (const icon of ['lollipop', 'rose', 'heart', 'car', 'rocket', 'crown']) {
        const r = await sql`update gifts set url = ${`/static/gifts/fx/${icon}.json`} where url = '' and icon = ${`/static/gifts/${icon}.svg`}`.execute(db);
        filled += Number(r.numAffectedRows ?? 0);
      }
      if (filled > 0) await sql`update settings set value = cast(cast(value as integer) + 1 as varchar(32)) where key = 'gift_version'`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const t of ['live_alerts', 'live_alert_mutes', 'fan_club_members', 'fan_clubs']) await db.schema.dropTable(t).execute();
      await db.schema.alterTable('gifts').dropColumn('vip_min').execute();
      await db.schema.alterTable('users').dropColumn('recharge_total').execute();
      await db.schema.alterTable('users').dropColumn('spent_total').execute();
    },
  };
}
