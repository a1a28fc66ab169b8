import type { Generated, Selectable } from 'kysely';

/** Row type of timed bans (table of migration 0008_admin), merged into the app's `Database`. */
export interface UserBansTable {
  id: Generated<number>;
  user_id: number;
  scope: 'chat' | 'post' | 'login' | 'live';
  until: string;
  reason: string;
  created_by: number | null;
  created_at: string;
  lifted_at: string | null;
}

declare module '../../db/schema.js' {
  interface Database {
    user_bans: UserBansTable;
  }
}

export type BanRow = Selectable<UserBansTable>;
