/**
 * Mini-games settings, read by the main server (catalogue, internal API) and by the games host
 * (its own process).
 */
import { randomBytes } from 'node:crypto';
import { int, optionalText, section, text } from './setting.js';

export interface GamesConfig {
  port: number;
  publicUrl: string;
  secret: string;
  secretGiven: boolean;
  mainUrl: string;
  databaseSchema: string;
  sessionTtlMs: number;
  /** × 10000 */
  dailyRewardCap: number;
  /** Calls to each /api/f4/* call per IP per minute. */
  ratePerMinute: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The games settings: one section of the configuration schema (read by the server and by the games host). */
export const gamesSettings = section(
  {
    GAMES_PORT: int(8090, 'HTTP port of the games host (the mini games and `/api/f4/*`)', { max: 65535 }),
    GAMES_PUBLIC_URL: text('', "(unset: this page's host on GAMES_PORT)", 'Public origin of the games host, as the browser reaches it'),
    GAMES_SECRET: optionalText(
      '(unset: random per start, handed to the child; required with DATABASE_URL or REDIS_URL)',
      'Shared secret of the internal API between the games host and the main server; set it when they run apart',
    ),
    GAMES_MAIN_URL: optionalText('(unset: http://127.0.0.1:PORT)', "Where the games host reaches the main server's internal API"),
    GAMES_DATABASE_SCHEMA: text('games', 'games', "PostgreSQL schema of the games host's tables (with DATABASE_URL; SQLite: DATA_DIR/games.db)", (v) =>
      SCHEMA_NAME.test(v) ? undefined : 'is not a plain identifier',
    ),
    GAMES_SESSION_TTL_MIN: int(120, 'Lifetime of a game session in minutes', { min: 1 }),
    GAMES_DAILY_REWARD_CAP: int(50, 'Most coins of game rewards one user earns per China-time day'),
    GAMES_RATE_PER_MINUTE: int(1200, 'Calls one IP may make to each `/api/f4/*` call per minute (a flood gets 429 / 10003)', { min: 1 }),
  },
  (v): Omit<GamesConfig, 'mainUrl'> & { mainUrl: string | undefined } => ({
    port: v.GAMES_PORT,
    publicUrl: v.GAMES_PUBLIC_URL.replace(/\/+$/, ''),
    secret: v.GAMES_SECRET ?? randomBytes(24).toString('hex'),
    secretGiven: v.GAMES_SECRET !== undefined,
    mainUrl: v.GAMES_MAIN_URL?.replace(/\/+$/, ''),
    databaseSchema: v.GAMES_DATABASE_SCHEMA,
    sessionTtlMs: v.GAMES_SESSION_TTL_MIN * 60_000,
    dailyRewardCap: v.GAMES_DAILY_REWARD_CAP * 10_000,
    ratePerMinute: v.GAMES_RATE_PER_MINUTE,
  }),
);

/** The games host as the client addresses it: its public origin, or ":<port>" on the page's own host. */
export const gamesHostForClient = (c: GamesConfig): string => c.publicUrl || `:${c.port}`;
