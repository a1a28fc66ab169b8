import type { Generated } from 'kysely';

/** Levels' columns (migration 0016_live_levels): what a user spent and bought, and the VIP tier a gift needs. */
declare module '../../../db/schema.js' {
  interface UsersTable {
    /** Coins spent (gifts, video buys), money units; moved only with the ledger transfer. */
    spent_total: Generated<number>;
    /** Coins bought (recharges, bonus not counted), money units; moved only with the ledger transfer. */
    recharge_total: Generated<number>;
  }
  interface GiftsTable {
    /** Lowest VIP tier that may send it (0: everyone). */
    vip_min: number;
  }
}
