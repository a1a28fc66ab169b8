import type { Kysely } from 'kysely';

/**
 * Gift effect tiers as rows (decision 0262). Row type: modules/finance/finance.tables.ts.
 * - gift_tiers: a send whose total reaches `min_coins` (whole gold coins) plays its tier's effect:
 *   a banner held `banner_ms` in `banner_style` (a style the web app draws; an unknown one falls
 *   back to the plain banner) and, when `fullscreen` is 1, the gift's animation over the room.
 *   The highest tier a total reaches wins. Three rows to start: a plain banner for every send, a
 *   gold banner held longer from 100 coins, and the full-screen animation from 500 (what
 *   GIFT_BIG_EFFECT_COINS defaulted to before the tiers were rows).
 */
export function giftTiers() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('gift_tiers')
        .addColumn('level', 'integer', (c) => c.primaryKey())
        .addColumn('min_coins', 'integer', (c) => c.notNull().unique())
        .addColumn('banner_ms', 'integer', (c) => c.notNull())
        .addColumn('banner_style', 'text', (c) => c.notNull())
        .addColumn('fullscreen', 'integer', (c) => c.notNull())
        .execute();
      const k = db as Kysely<Record<string, Record<string, unknown>>>;
      await k
        .insertInto('gift_tiers')
        .values([
          { level: 0, min_coins: 0, banner_ms: 3200, banner_style: 'plain', fullscreen: 0 },
          { level: 1, min_coins: 100, banner_ms: 5000, banner_style: 'gold', fullscreen: 0 },
          { level: 2, min_coins: 500, banner_ms: 5000, banner_style: 'gold', fullscreen: 1 },
        ])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('gift_tiers').execute();
    },
  };
}
