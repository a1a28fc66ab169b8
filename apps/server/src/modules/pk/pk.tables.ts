import type { Generated, Selectable } from 'kysely';

/** Row types of migration 0019_pk_battles, merged into the app's `Database` interface. */
export interface PkBattlesTable {
  id: Generated<number>;
  mode: 'invite' | 'random';
  status: 'inviting' | 'declined' | 'expired' | 'cancelled' | 'battle' | 'punish' | 'ended';
  a_room_id: number;
  a_anchor_id: number;
  b_room_id: number;
  b_anchor_id: number;
  duration_s: number;
  punish_s: number;
  invited_at: string;
  answer_by: string;
  started_at: string | null;
  ends_at: string | null;
  punish_ends_at: string | null;
  ended_at: string | null;
  /** The next deadline the worker's sweep acts on (null once ended). */
  due_at: string | null;
  /** Final scores (money units), set when the battle part ends; live scores are sums of gift records. */
  a_score: number | null;
  b_score: number | null;
  winner: 'a' | 'b' | 'draw' | null;
  end_reason: 'time' | 'forfeit' | 'stream_lost' | 'room_closed' | null;
  ended_by: number | null;
  a_down_since: string | null;
  b_down_since: string | null;
}

export interface PkBusyTable {
  anchor_id: number;
  battle_id: number;
}

export interface PkQueueTable {
  anchor_id: number;
  room_id: number;
  duration_s: number;
  since: string;
}

declare module '../../db/schema.js' {
  interface Database {
    pk_battles: PkBattlesTable;
    pk_busy: PkBusyTable;
    pk_queue: PkQueueTable;
  }
}

export type PkRow = Selectable<PkBattlesTable>;
