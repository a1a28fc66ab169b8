import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { DEFAULT_CIPHER_IV, DEFAULT_CIPHER_KEY } from '@app/kit';
import { bool, int, oneOf, optionalText, section, switchOf, text, type Section, type SettingRow } from './config/setting.js';
import { egressSettings, type EgressConfig } from './modules/live/egress.config.js';
import { mediaSettings, type MediaConfig } from './media/config.js';
import { metricsSettings, type MetricsConfig } from './metrics/metrics.config.js';
import { operatorSettings, type OperatorConfig } from './modules/operator/operator.config.js';
import { backupSettings, type BackupConfig } from './modules/backup/backup.config.js';
import { callSettings, type CallConfig } from './modules/chat/call.config.js';
import { financeSettings, type FinanceConfig } from './modules/finance/finance.config.js';
import { forumSettings, type ForumConfig } from './modules/forum/forum.config.js';
import { gamesSettings, type GamesConfig } from './config/games.config.js';
import { pkSettings, type PkConfig } from './modules/pk/pk.config.js';
import { envelopeSettings, type EnvelopeConfig } from './modules/envelope/envelope.config.js';
import { luckyBagSettings, type LuckyBagConfig } from './modules/luckybag/luckybag.config.js';
import { creatorSettings, type CreatorConfig } from './modules/creator/creator.config.js';
import { previewSettings, type PreviewConfig } from './modules/preview/preview.config.js';
import { clipSettings, type ClipConfig } from './modules/clip/clip.config.js';
import { pushSettings, type PushConfig } from './modules/push/push.config.js';
import { roomSettings, type RoomConfig } from './modules/room/room.config.js';
import { videoSettings, type VideoConfig } from './modules/video/video.config.js';
import { webhookSettings, type WebhookConfig } from './modules/webhook/webhook.config.js';
import { SMS_PROVIDERS, smsSettings, type SmsConfig } from './sms/sms.config.js';
import { storageSettings, type S3Config } from './storage/storage.config.js';
import { tracingSettings, type TracingConfig } from './tracing/tracing.config.js';

/** Repository root, found from this file's location so the server behaves the same from any cwd. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Root of the server app (assets live here). */
export const SERVER_ROOT = path.resolve(REPO_ROOT, 'apps/server');

type Env = Record<string, string | undefined>;

/** The process roles an instance can take; `all` (the default) is every one, as `npm start` runs. */
export const ROLES = ['api', 'realtime', 'worker', 'media', 'games'] as const;
export type Role = (typeof ROLES)[number];

const LOCAL = (v: { NODE_ENV: string }) => v.NODE_ENV !== 'production';

/** The server's own settings (HTTP, database, Redis, sessions): the first section of the schema. */
const serverSettings = section(
  {
    PORT: int(8080, 'HTTP port of the app, the API and the realtime hall', { max: 65535 }),
    HOST: text('0.0.0.0', '0.0.0.0', 'Interface to listen on'),
    NODE_ENV: text(
      'development',
      'development',
      '`production` refuses to start with unsafe settings (SECURITY.md) and turns demo content and dev-only routes off by default',
    ),
    ROLES: text(
      'all',
      'all',
      `What this instance runs, comma separated: ${ROLES.map((r) => `\`${r}\``).join(', ')} (README, "Running several instances")`,
      (v) => {
        const bad = v
          .split(',')
          .map((r) => r.trim())
          .filter((r) => r !== 'all' && !(ROLES as readonly string[]).includes(r));
        return bad.length > 0 ? `names unknown roles (${bad.join(', ')}); known: all, ${ROLES.join(', ')}` : undefined;
      },
    ),
    WORKER_LEASE_MS: int(
      15_000,
      "The worker role's lease: an instance runs the background jobs while it holds it, and another takes them over this long after it died",
      { min: 300 },
    ),
    DATA_DIR: text(path.join(REPO_ROOT, 'data'), '<repo>/data', 'SQLite file and uploaded files'),
    DATABASE_URL: optionalText('(unset: SQLite at DATA_DIR/app.db)', 'PostgreSQL connection string'),
    DATABASE_SCHEMA: optionalText('(unset: public)', 'PostgreSQL schema to use (created if missing)'),
    REDIS_URL: optionalText('(unset: in-memory)', 'Redis for the socket.io adapter and rate limits; needed to run several instances'),
    REDIS_PREFIX: text('liveapp:', 'liveapp:', 'Prefix of every Redis key and channel'),
    CIPHER_KEY: text(DEFAULT_CIPHER_KEY, '@app/kit DEFAULT_CIPHER_KEY', 'AES key of the Requested-Encrypt wire format (16/24/32 bytes)'),
    CIPHER_IV: text(DEFAULT_CIPHER_IV, '@app/kit DEFAULT_CIPHER_IV', 'AES-CBC iv (16 bytes)'),
    SMS_PROVIDER: oneOf(
      SMS_PROVIDERS,
      'log',
      'SMS sender: `log` logs the code and keeps it for the dev sink (refused in production); `tencent` sends through Tencent Cloud SMS (TENCENT_*, SMS_SIGN_NAME, SMS_TEMPLATE_*); `aliyun` through Aliyun SMS (ALIYUN_*, SMS_SIGN_NAME, SMS_TEMPLATE_*); `twilio` through Twilio (TWILIO_*)',
    ),
    SMS_IP_PER_HOUR: int(10, 'SMS codes one IP may request per hour'),
    SMS_GLOBAL_PER_HOUR: int(500, 'SMS codes the whole platform sends per hour'),
    AUTH_RATE_PER_MINUTE: int(60, 'Requests per minute per IP on each auth and verification route'),
    TRUST_PROXY: bool(false, 'false', 'Trust X-Forwarded-For (set behind a load balancer)'),
    PUBLIC_URL: text('', '(unset: relative URLs)', 'Public origin prefixed to asset and upload URLs'),
    CSP_EXTRA_ORIGINS: text(
      '',
      '(unset: none)',
      "Origins the web app may also load media from and connect to, space-separated (other instances' MEDIA_PUBLIC_URL, a CDN in front of the uploads); PUBLIC_URL, MEDIA_PUBLIC_URL, S3_PUBLIC_URL and the games host are allowed already",
    ),
    WEB_DIST: text(path.join(REPO_ROOT, 'apps/web/dist'), '<repo>/apps/web/dist', 'Built web app served at /'),
    TOKEN_TTL_DAYS: int(7, 'Session lifetime in days', { min: 1 }),
    TOKEN_TTL_REMEMBER_DAYS: int(30, 'Session lifetime with "remember me"', { min: 1 }),
    SEED_DEMO: optionalText('1 (0 in production)', 'Seed demo content (demo accounts, rooms, posts, bulletins, gifts) at start; refused in production'),
    DEV_ROUTES: optionalText(
      '1 (0 in production)',
      'Serve the dev-only routes (the SMS sink, the captcha answer) that tests and a local try-out use; refused in production',
    ),
    LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info', 'pino log level (`silent` to mute)'),
  },
  (v, fail) => {
    // A local run has demo content and the test helpers; production has neither unless asked (and then refuses).
    const flag = (name: 'SEED_DEMO' | 'DEV_ROUTES'): boolean => {
      const raw = v[name];
      if (raw === undefined) return LOCAL(v);
      const on = switchOf(raw);
      if (on === undefined) fail(name, `must be 1 or 0, got "${raw}"`);
      return on ?? false;
    };
    const named = v.ROLES.split(',').map((r) => r.trim());
    const roles = new Set<Role>(named.includes('all') ? ROLES : (named as Role[]));
    // Events cross processes through Redis (the socket.io adapter): without it every role but the games host shares one process.
    if (!v.REDIS_URL && ROLES.some((r) => r !== 'games' && !roles.has(r)) && [...roles].some((r) => r !== 'games')) {
      fail(
        'ROLES',
        `an instance without every role (${ROLES.filter((r) => r !== 'games').join(', ')}) needs REDIS_URL: events reach the other instances through it`,
      );
    }
    return {
      port: v.PORT,
      host: v.HOST,
      nodeEnv: v.NODE_ENV,
      roles,
      workerLeaseMs: v.WORKER_LEASE_MS,
      dataDir: path.resolve(v.DATA_DIR),
      databaseUrl: v.DATABASE_URL,
      databaseSchema: v.DATABASE_SCHEMA,
      redisUrl: v.REDIS_URL,
      redisPrefix: v.REDIS_PREFIX,
      cipherKey: v.CIPHER_KEY,
      cipherIv: v.CIPHER_IV,
      smsProvider: v.SMS_PROVIDER,
      smsIpPerHour: v.SMS_IP_PER_HOUR,
      smsGlobalPerHour: v.SMS_GLOBAL_PER_HOUR,
      authRatePerMinute: v.AUTH_RATE_PER_MINUTE,
      trustProxy: v.TRUST_PROXY,
      publicUrl: v.PUBLIC_URL.replace(/\/+$/, ''),
      cspExtraOrigins: v.CSP_EXTRA_ORIGINS.split(/\s+/).filter(Boolean),
      webDist: path.resolve(v.WEB_DIST),
      tokenTtlDays: v.TOKEN_TTL_DAYS,
      tokenTtlRememberDays: v.TOKEN_TTL_REMEMBER_DAYS,
      seedDemo: flag('SEED_DEMO'),
      devRoutes: flag('DEV_ROUTES'),
      logLevel: v.LOG_LEVEL,
    };
  },
);

type ServerConfig = typeof serverSettings extends Section<infer R> ? R : never;

/** The whole configuration: the server's settings and one section per module. Built once, at start. */
export interface Config extends ServerConfig {
  room: RoomConfig;
  media: MediaConfig;
  /** HLS egress and replays (LIVE_*). */
  egress: EgressConfig;
  finance: FinanceConfig;
  video: VideoConfig;
  games: GamesConfig;
  call: CallConfig;
  forum: ForumConfig;
  /** PK battles (PK_*). */
  pk: PkConfig;
  envelope: EnvelopeConfig;
  luckyBag: LuckyBagConfig;
  /** The creator dashboard's viewer samples (LIVE_STATS_*). */
  creator: CreatorConfig;
  /** Live previews (PREVIEW_*). */
  preview: PreviewConfig;
  /** Clips of lives and replays (CLIP_*). */
  clip: ClipConfig;
  /** Outbound webhooks (WEBHOOK_*). */
  webhook: WebhookConfig;
  /** Web Push (WEB_PUSH, VAPID_*, PUSH_*). */
  push: PushConfig;
  /** The SMS provider's text and keys (SMS_PROVIDER picks it). */
  sms: SmsConfig;
  /** The S3 bucket, or undefined when files stay on local disk. */
  s3: S3Config | undefined;
  /** Prometheus exposition (METRICS_*). */
  metrics: MetricsConfig;
  /** The worker's backups (BACKUP_*). */
  backup: BackupConfig;
  /** OpenTelemetry traces (OTEL_*), or undefined when no OTLP endpoint is set (tracing off). */
  tracing: TracingConfig | undefined;
  /** Console sign-in: the second factor (OPERATOR_*). */
  operator: OperatorConfig;
}

/** Every section, in the order the README's table lists them. */
const SECTIONS = {
  server: serverSettings,
  storage: storageSettings,
  media: mediaSettings,
  egress: egressSettings,
  room: roomSettings,
  finance: financeSettings,
  video: videoSettings,
  games: gamesSettings,
  call: callSettings,
  forum: forumSettings,
  pk: pkSettings,
  envelope: envelopeSettings,
  luckyBag: luckyBagSettings,
  creator: creatorSettings,
  preview: previewSettings,
  clip: clipSettings,
  metrics: metricsSettings,
  tracing: tracingSettings,
  backup: backupSettings,
  webhook: webhookSettings,
  push: pushSettings,
  operator: operatorSettings,
  sms: smsSettings,
} as const;

/** Every environment variable the server reads, with its default and meaning (README.md and ENV.md list them). */
export const SETTINGS: SettingRow[] = Object.values(SECTIONS).flatMap((s: Section<unknown>) => s.rows);

/** A start refused for bad settings: every problem, one line each. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Reads and checks the whole environment at once (only the entry points hand it the process
 * environment; nothing else reads that). Throws a ConfigError naming every bad setting, not just the first.
 */
export function loadConfig(env: Env): Config {
  const problems: string[] = [];
  const parsed: Record<string, unknown> = {};
  for (const [key, s] of Object.entries(SECTIONS) as [string, Section<unknown>][]) {
    const out = s.schema.safeParse(env);
    if (out.success) parsed[key] = out.data;
    else for (const issue of out.error.issues) problems.push(`${String(issue.path[0] ?? key)}: ${issue.message}`);
  }
  const server = parsed.server as ServerConfig | undefined;
  const room = parsed.room as RoomConfig | undefined;
  const games = parsed.games as (Omit<GamesConfig, 'mainUrl'> & { mainUrl: string | undefined }) | undefined;
  if (problems.length > 0 || !server || !room || !games) throw new ConfigError(problems);
  return {
    ...server,
    room,
    media: parsed.media as MediaConfig,
    egress: parsed.egress as EgressConfig,
    finance: parsed.finance as FinanceConfig,
    video: parsed.video as VideoConfig,
    games: { ...games, mainUrl: games.mainUrl ?? `http://${server.host === '0.0.0.0' || server.host === '::' ? '127.0.0.1' : server.host}:${server.port}` },
    call: parsed.call as CallConfig,
    forum: parsed.forum as ForumConfig,
    pk: parsed.pk as PkConfig,
    envelope: parsed.envelope as EnvelopeConfig,
    luckyBag: parsed.luckyBag as LuckyBagConfig,
    creator: parsed.creator as CreatorConfig,
    preview: parsed.preview as PreviewConfig,
    clip: parsed.clip as ClipConfig,
    webhook: parsed.webhook as WebhookConfig,
    push: parsed.push as PushConfig,
    sms: parsed.sms as SmsConfig,
    s3: parsed.storage as S3Config | undefined,
    metrics: parsed.metrics as MetricsConfig,
    tracing: parsed.tracing as TracingConfig | undefined,
    backup: parsed.backup as BackupConfig,
    operator: parsed.operator as OperatorConfig,
  };
}

/**
 * The secrets every instance must share when several can run (a shared database or Redis): a random
 * one per process makes an instance refuse the media tokens and game calls another one signed. A
 * serving process refuses to start without them; the operator's command line needs none.
 */
export function sharedSecretProblems(c: Config, needs: readonly ('media' | 'games')[] = ['media', 'games']): string[] {
  if (!c.databaseUrl && !c.redisUrl) return [];
  const out: string[] = [];
  if (needs.includes('media') && !c.room.mediaTokenSecretGiven)
    out.push('MEDIA_TOKEN_SECRET: must be set with DATABASE_URL or REDIS_URL (every instance signs and checks media tokens with it)');
  if (needs.includes('games') && !c.games.secretGiven)
    out.push('GAMES_SECRET: must be set with DATABASE_URL or REDIS_URL (the games host and every instance share it)');
  return out;
}

export const isProduction = (c: Pick<Config, 'nodeEnv'>): boolean => c.nodeEnv === 'production';

/** Whether this instance takes a role. */
export const runs = (c: Pick<Config, 'roles'>, role: Role): boolean => c.roles.has(role);
