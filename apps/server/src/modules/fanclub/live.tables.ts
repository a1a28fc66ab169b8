import type { Generated, Selectable } from 'kysely';

/**
 * Row types of migration 0016_live_levels (levels on users, tier-only gifts, fan clubs, go-live
 * alerts), merged into the app's `Database` interface.
 */
export interface FanClubsTable {
  anchor_id: number;
  /** Shown on every member's badge (up to 3 characters by default, the anchor's nickname's start). */
  name: string;
  created_at: string;
}

export interface FanClubMembersTable {
  id: Generated<number>;
  anchor_id: number;
  user_id: number;
  joined_at: string;
  /** Set when the member left; the row (and its gift total and days) stays for a return. */
  left_at: string | null;
  /** Coins (money units) the member sent the anchor since first joining. */
  gift_total: Generated<number>;
  /** China-time days the member entered the anchor's room while a member. */
  watch_days: Generated<number>;
  last_watch_day: string | null;
}

export interface LiveAlertMutesTable {
  user_id: number;
  anchor_id: number;
  created_at: string;
}

export interface LiveAlertsTable {
  anchor_id: number;
  sent_at: string;
}

declare module '../../db/schema.js' {
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
  interface Database {
    fan_clubs: FanClubsTable;
    fan_club_members: FanClubMembersTable;
    live_alert_mutes: LiveAlertMutesTable;
    live_alerts: LiveAlertsTable;
  }
}

export type FanClubMemberRow = Selectable<FanClubMembersTable>;
