import type { Generated, Selectable } from 'kysely';

/** Row types of migration 0043_red_envelopes, merged into the app's `Database` interface. */
export interface RedEnvelopesTable {
  id: Generated<number>;
  idem_key: string;
  room_id: number;
  sender_id: number;
  /** Money units (× 10000), whole coins. */
  amount: number;
  shares: number;
  greeting: string;
  countdown_s: number;
  /** open: grabbable from opens_at (before it the view says waiting); finished: every share grabbed; expired: the rest refunded. */
  status: 'open' | 'finished' | 'expired';
  opens_at: string;
  expires_at: string;
  grabbed: number;
  grabbed_amount: number;
  refunded: number;
  created_at: string;
  ended_at: string | null;
}

export interface RedEnvelopeSharesTable {
  id: Generated<number>;
  envelope_id: number;
  /** 1..shares: the order shares are handed out in. */
  seq: number;
  amount: number;
  user_id: number | null;
  grabbed_at: string | null;
}

declare module '../../db/schema.js' {
  interface Database {
    red_envelopes: RedEnvelopesTable;
    red_envelope_shares: RedEnvelopeSharesTable;
  }
}

export type EnvelopeRow = Selectable<RedEnvelopesTable>;
export type ShareRow = Selectable<RedEnvelopeSharesTable>;
