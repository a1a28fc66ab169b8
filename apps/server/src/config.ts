import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { DEFAULT_CIPHER_IV, DEFAULT_CIPHER_KEY } from '@app/kit';

/** Repository root, found from this file's location so the server behaves the same from any cwd. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Root of the server app (assets live here). */
export const SERVER_ROOT = path.resolve(REPO_ROOT, 'apps/server');

type Env = Record<string, string | undefined>;

/** One environment variable: its name, default (as documented) and what it does. ENV.md mirrors this table. */
interface EnvVar {
  name: string;
  default: string;
  doc: string;
}

/** The table of every environment variable the server reads. */
export const ENV_VARS: EnvVar[] = [
  { name: 'PORT', default: '8080', doc: 'HTTP port of the app, the API and the realtime hall' },
  { name: 'HOST', default: '0.0.0.0', doc: 'Interface to listen on' },
  { name: 'NODE_ENV', default: 'development', doc: '`production` refuses to start with unsafe settings (SECURITY.md) and turns demo content and dev-only routes off by default' },
  { name: 'DATA_DIR', default: '<repo>/data', doc: 'SQLite file and uploaded files' },
  { name: 'DATABASE_URL', default: '(unset: SQLite at DATA_DIR/app.db)', doc: 'PostgreSQL connection string' },
  { name: 'DATABASE_SCHEMA', default: '(unset: public)', doc: 'PostgreSQL schema to use (created if missing)' },
  { name: 'REDIS_URL', default: '(unset: in-memory)', doc: 'Redis for the socket.io adapter and rate limits; needed to run several instances' },
  { name: 'REDIS_PREFIX', default: 'liveapp:', doc: 'Prefix of every Redis key and channel' },
  { name: 'CIPHER_KEY', default: '@app/kit DEFAULT_CIPHER_KEY', doc: 'AES key of the Requested-Encrypt wire format (16/24/32 bytes)' },
  { name: 'CIPHER_IV', default: '@app/kit DEFAULT_CIPHER_IV', doc: 'AES-CBC iv (16 bytes)' },
  { name: 'SMS_PROVIDER', default: 'log', doc: 'SMS sender; `log` logs the code and keeps it for the dev sink' },
  { name: 'SMS_IP_PER_HOUR', default: '10', doc: 'SMS codes one IP may request per hour' },
  { name: 'SMS_GLOBAL_PER_HOUR', default: '500', doc: 'SMS codes the whole platform sends per hour' },
  { name: 'AUTH_RATE_PER_MINUTE', default: '60', doc: 'Requests per minute per IP on each auth and verification route' },
  { name: 'TRUST_PROXY', default: 'false', doc: 'Trust X-Forwarded-For (set behind a load balancer)' },
  { name: 'PUBLIC_URL', default: '(unset: relative URLs)', doc: 'Public origin prefixed to asset and upload URLs' },
  { name: 'WEB_DIST', default: '<repo>/apps/web/dist', doc: 'Built web app served at /' },
  { name: 'TOKEN_TTL_DAYS', default: '7', doc: 'Session lifetime in days' },
  { name: 'TOKEN_TTL_REMEMBER_DAYS', default: '30', doc: 'Session lifetime with "remember me"' },
  { name: 'SEED_DEMO', default: '1 (0 in production)', doc: 'Seed demo content (demo accounts, rooms, posts, bulletins, gifts) at start; refused in production' },
  { name: 'DEV_ROUTES', default: '1 (0 in production)', doc: 'Serve the dev-only routes (the SMS sink, the captcha answer) that tests and a local try-out use; refused in production' },
  { name: 'LOG_LEVEL', default: 'info', doc: 'pino log level (`silent` to mute)' },
];

/** Resolved configuration; every field has a working default. */
export interface Config {
  port: number;
  host: string;
  nodeEnv: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  cipherKey: string;
  cipherIv: string;
  smsProvider: string;
  smsIpPerHour: number;
  smsGlobalPerHour: number;
  authRatePerMinute: number;
  trustProxy: boolean;
  publicUrl: string;
  webDist: string;
  tokenTtlDays: number;
  tokenTtlRememberDays: number;
  seedDemo: boolean;
  /** Whether the contract's devOnly routes (SMS sink, captcha answer) are served. */
  devRoutes: boolean;
  logLevel: string;
}

const int = (v: string | undefined, d: number, name: string): number => {
  if (v === undefined || v === '') return d;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${v}"`);
  return n;
};
const bool = (v: string | undefined, d: boolean): boolean =>
  v === undefined || v === '' ? d : !['0', 'false', 'no', 'off'].includes(v.toLowerCase());
const str = (v: string | undefined): string | undefined => (v === undefined || v === '' ? undefined : v);

/** Reads the configuration from the environment (process.env by default). */
export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(str(env.DATA_DIR) ?? path.join(REPO_ROOT, 'data'));
  const nodeEnv = str(env.NODE_ENV) ?? 'development';
  // A local run has demo content and the test helpers; production has neither unless asked (and then refuses).
  const local = nodeEnv !== 'production';
  return {
    port: int(env.PORT, 8080, 'PORT'),
    host: str(env.HOST) ?? '0.0.0.0',
    nodeEnv,
    dataDir,
    databaseUrl: str(env.DATABASE_URL),
    databaseSchema: str(env.DATABASE_SCHEMA),
    redisUrl: str(env.REDIS_URL),
    redisPrefix: str(env.REDIS_PREFIX) ?? 'liveapp:',
    cipherKey: str(env.CIPHER_KEY) ?? DEFAULT_CIPHER_KEY,
    cipherIv: str(env.CIPHER_IV) ?? DEFAULT_CIPHER_IV,
    smsProvider: str(env.SMS_PROVIDER) ?? 'log',
    smsIpPerHour: int(env.SMS_IP_PER_HOUR, 10, 'SMS_IP_PER_HOUR'),
    smsGlobalPerHour: int(env.SMS_GLOBAL_PER_HOUR, 500, 'SMS_GLOBAL_PER_HOUR'),
    authRatePerMinute: int(env.AUTH_RATE_PER_MINUTE, 60, 'AUTH_RATE_PER_MINUTE'),
    trustProxy: bool(env.TRUST_PROXY, false),
    publicUrl: (str(env.PUBLIC_URL) ?? '').replace(/\/+$/, ''),
    webDist: path.resolve(str(env.WEB_DIST) ?? path.join(REPO_ROOT, 'apps/web/dist')),
    tokenTtlDays: int(env.TOKEN_TTL_DAYS, 7, 'TOKEN_TTL_DAYS'),
    tokenTtlRememberDays: int(env.TOKEN_TTL_REMEMBER_DAYS, 30, 'TOKEN_TTL_REMEMBER_DAYS'),
    seedDemo: bool(env.SEED_DEMO, local),
    devRoutes: bool(env.DEV_ROUTES, local),
    logLevel: str(env.LOG_LEVEL) ?? 'info',
  };
}

export const isProduction = (c: Pick<Config, 'nodeEnv'>): boolean => c.nodeEnv === 'production';
