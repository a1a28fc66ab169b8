import type { Generated, Selectable } from 'kysely';

/** A fan club's tables (migration 0016_live_levels), merged into the app's `Database` interface. */
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

declare module '../../db/schema.js' {
  interface Database {
    fan_clubs: FanClubsTable;
    fan_club_members: FanClubMembersTable;
  }
}

export type FanClubMemberRow = Selectable<FanClubMembersTable>;
