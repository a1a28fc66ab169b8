/**
 * Mini-games settings, read by the main server (catalogue, internal API) and by the games host
 * (its own process). Same table shape as ENV_VARS, merged into the README's table.
 */
import { randomBytes } from 'node:crypto';

type Env = Record<string, string | undefined>;

export const GAMES_ENV_VARS = [
  { name: 'GAMES_PORT', default: '8090', doc: 'HTTP port of the games host (the mini games and `/api/f4/*`)' },
  { name: 'GAMES_PUBLIC_URL', default: '(unset: this page\'s host on GAMES_PORT)', doc: 'Public origin of the games host, as the browser reaches it' },
  { name: 'GAMES_SPAWN', default: '1', doc: '`npm start` runs the games host as a supervised child process; `0` when it runs on its own (`npm run games -w apps/server`)' },
  { name: 'GAMES_SECRET', default: '(unset: random per start, handed to the child)', doc: 'Shared secret of the internal API between the games host and the main server; set it when they run apart' },
  { name: 'GAMES_MAIN_URL', default: '(unset: http://127.0.0.1:PORT)', doc: 'Where the games host reaches the main server\'s internal API' },
  { name: 'GAMES_DATABASE_SCHEMA', default: 'games', doc: 'PostgreSQL schema of the games host\'s tables (with DATABASE_URL; SQLite: DATA_DIR/games.db)' },
  { name: 'GAMES_SESSION_TTL_MIN', default: '120', doc: 'Lifetime of a game session in minutes' },
  { name: 'GAMES_DAILY_REWARD_CAP', default: '50', doc: 'Most coins of game rewards one user earns per China-time day' },
  { name: 'GAMES_RATE_PER_MINUTE', default: '1200', doc: 'Calls one IP may make to each `/api/f4/*` call per minute (a flood gets 429 / 10003)' },
] as const;

export interface GamesConfig {
  port: number;
  publicUrl: string;
  spawn: boolean;
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

function int(env: Env, name: string, d: number): number {
  const v = env[name];
  if (v === undefined || v === '') return d;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${v}"`);
  return n;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Reads the games settings (process.env by default). */
export function loadGamesConfig(env: Env = process.env): GamesConfig {
  const port = int(env, 'GAMES_PORT', 8090);
  const schema = env.GAMES_DATABASE_SCHEMA || 'games';
  if (!SCHEMA_NAME.test(schema)) throw new Error(`GAMES_DATABASE_SCHEMA "${schema}" is not a plain identifier`);
  const secret = env.GAMES_SECRET || '';
  return {
    port,
    publicUrl: (env.GAMES_PUBLIC_URL || '').replace(/\/+$/, ''),
    spawn: !['0', 'false', 'no', 'off'].includes((env.GAMES_SPAWN || '1').toLowerCase()),
    secret: secret || randomBytes(24).toString('hex'),
    secretGiven: secret !== '',
    mainUrl: (env.GAMES_MAIN_URL || `http://127.0.0.1:${int(env, 'PORT', 8080)}`).replace(/\/+$/, ''),
    databaseSchema: schema,
    sessionTtlMs: Math.max(1, int(env, 'GAMES_SESSION_TTL_MIN', 120)) * 60_000,
    dailyRewardCap: int(env, 'GAMES_DAILY_REWARD_CAP', 50) * 10_000,
    ratePerMinute: Math.max(1, int(env, 'GAMES_RATE_PER_MINUTE', 1200)),
  };
}

/** The games host as the client addresses it: its public origin, or ":<port>" on the page's own host. */
export const gamesHostForClient = (c: GamesConfig): string => c.publicUrl || `:${c.port}`;
