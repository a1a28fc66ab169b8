import type { Generated } from 'kysely';

/**
 * Row types of the game catalogue (migration 0007_games), merged into the app's `Database`.
 * The games host keeps its own tables (game wallets, sessions, rounds) in its own database.
 */
export interface GamesTable {
  id: Generated<number>;
  /** Path of the game's page on the games host. */
  code: string;
  name: string;
  intro: string;
  /** Site-relative cover image. */
  cover: string;
  /** Coins (× 10000) one round costs. */
  entry: number;
  /** Most coins (× 10000) one round can earn. */
  reward_max: number;
  /** Score points that earn one coin. */
  points_per_coin: number;
  /** Plausibility: most points a player can score per second of play. */
  max_points_per_s: number;
  sort: number;
  enabled: number;
  created_at: string;
}

/** Who has played what (the catalogue's player count). */
export interface GamePlayersTable {
  game_code: string;
  user_id: number;
  created_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    games: GamesTable;
    game_players: GamePlayersTable;
  }
}
