import type { Generated, Selectable } from 'kysely';

/** Row types of migration 0048_lucky_bags, merged into the app's `Database` interface. */
export interface LuckyBagsTable {
  id: Generated<number>;
  idem_key: string;
  room_id: number;
  anchor_id: number;
  prize: 'coins' | 'gift';
  /** Money units (× 10000) in escrow: the coin prize, or the gift's price × winners. */
  coins: number;
  gift_id: number | null;
  /** The gift as it was at the creation ('' for a coin prize). */
  gift_name: string;
  gift_icon: string;
  /** Coins each winner receives (the even split, whole coins), or the gift's price. */
  per_winner: number;
  task: 'chat' | 'follow' | 'fanclub';
  minutes: number;
  winners: number;
  entrants: number;
  /** open: entries taken until ends_at; drawn: the draw paid the winners and refunded the rest. */
  status: 'open' | 'drawn';
  ends_at: string;
  created_at: string;
  /** Hex of the 32 random bytes drawn at the draw. */
  seed: string | null;
  /** JSON arrays of user ids: the entrants in entry order, the winners in draw order. */
  entrant_ids: string | null;
  winner_ids: string | null;
  refunded: number;
  drawn_at: string | null;
}

export interface LuckyBagEntriesTable {
  id: Generated<number>;
  bag_id: number;
  user_id: number;
  entered_at: string;
  won: number;
}

export interface LuckyBagChatsTable {
  id: Generated<number>;
  bag_id: number;
  user_id: number;
  at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    lucky_bags: LuckyBagsTable;
    lucky_bag_entries: LuckyBagEntriesTable;
    lucky_bag_chats: LuckyBagChatsTable;
  }
}

export type BagRow = Selectable<LuckyBagsTable>;
