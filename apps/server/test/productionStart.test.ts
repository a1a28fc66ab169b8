import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, fullPath } from '@app/contract';
import { eventually, vapidKeyPair } from '@app/testkit';
import { loadConfig, REPO_ROOT } from '../src/config.js';
import { openDb } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedDemo, DEMO_USER } from '../src/demo/seed.js';
import { verifyPassword } from '../src/modules/auth/password.js';
import { seedDemoForum } from '../src/demo/forum.seed.js';
import { seedDemoRooms } from '../src/demo/room.seed.js';
import { unsafeProductionSettings as unsafeOf } from '../src/productionSafety.js';
import { freePort } from './helpers/spawnServer.js';
import { dropSchema, newSchemaName, pgUrl, underSchemaLock } from './helpers/testServer.js';
import { bundled } from './helpers/bundle.js';

/** The unsafe settings of an environment, as a start reads it. */
const unsafeProductionSettings = (env: Record<string, string>) => unsafeOf(loadConfig(env));

/** Settings a production deployment sets: every one of them safe. */
const SAFE = {
  NODE_ENV: 'production',
  PAY_PROVIDER: 'none',
  CIPHER_KEY: 'k'.repeat(32),
  CIPHER_IV: 'i'.repeat(16),
  MEDIA_TOKEN_SECRET: 'm'.repeat(40),
  GAMES_SECRET: 'g'.repeat(40),
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: 't'.repeat(32),
  TWILIO_FROM: '+15005550006',
} as const;

/** Each unsafe setting on top of the safe ones, and the variable the refusal must name. */
/** Stripe as production sets it. */
const STRIPE = {
  PAY_PROVIDERS: 'stripe',
  PAY_PROVIDER: '',
  STRIPE_SECRET_KEY: `sk_live_${'a'.repeat(24)}`,
  STRIPE_WEBHOOK_SECRET: `whsec_${'b'.repeat(32)}`,
  PUBLIC_URL: 'https://live.example.com',
};

/** Alipay as production sets it: a key pair made here stands for the application's and Alipay's. */
const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const ALIPAY = {
  PAY_PROVIDERS: 'alipay',
  PAY_PROVIDER: '',
  ALIPAY_APP_ID: '2021000123456789',
  ALIPAY_PRIVATE_KEY: alipayKeys.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  // The bare base64 body, as Alipay's open platform shows it.
  ALIPAY_PUBLIC_KEY: alipayKeys.publicKey
    .export({ type: 'spki', format: 'pem' })
    .toString()
    .replace(/-----[A-Z ]+-----|\s/g, ''),
  PUBLIC_URL: 'https://live.example.com',
};

/** WeChat Pay as production sets it (the keys' shapes are WeChat Pay's to check: only their presence is ours). */
const WECHAT = {
  PAY_PROVIDERS: 'wechat',
  PAY_PROVIDER: '',
  WECHAT_PAY_MCHID: '1900000109',
  WECHAT_PAY_APPID: 'wxd678efh567hg6787',
  WECHAT_PAY_PRIVATE_KEY: 'file:///etc/liveapp/apiclient_key.pem',
  WECHAT_PAY_CERT_SERIAL: '3775B6A45ACD588826D15E583A95F5DD00000000',
  WECHAT_PAY_APIV3_KEY: 'v'.repeat(32),
  WECHAT_PAY_PLATFORM_KEY: 'file:///etc/liveapp/wechatpay_public_key.pem',
  WECHAT_PAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0114232134912410000000000000',
  PUBLIC_URL: 'https://live.example.com',
};

/** Web Push as production sets it (a key pair `npm run admin -- push-keys` would print). */
const PUSH = (() => {
  const pair = vapidKeyPair();
  return { WEB_PUSH: 'on', VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'mailto:ops@live.example.com' };
})();

/** Aliyun SMS as production sets it. */
const ALIYUN = { SMS_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'LTAI5t0123456789abcdef', ALIYUN_ACCESS_KEY_SECRET: 's'.repeat(30), SMS_SIGN_NAME: '星光直播' };

const UNSAFE: [string, Record<string, string>][] = [
  ['PAY_PROVIDERS', { PAY_PROVIDER: 'sandbox', PAY_SANDBOX_SECRET: 's'.repeat(40) }],
  ['PAY_PROVIDERS', { ...STRIPE, PAY_PROVIDERS: 'stripe,sandbox', PAY_SANDBOX_SECRET: 's'.repeat(40) }],
  ['PAY_SANDBOX_SECRET', { PAY_PROVIDER: 'sandbox', PAY_SANDBOX_IN_PRODUCTION: '1' }],
  // Stripe offered without its keys, with keys that are not Stripe's, or with no https origin to send the payer back to.
  ['STRIPE_SECRET_KEY', { ...STRIPE, STRIPE_SECRET_KEY: '' }],
  ['STRIPE_SECRET_KEY', { ...STRIPE, STRIPE_SECRET_KEY: 'pk_live_abc' }],
  ['STRIPE_WEBHOOK_SECRET', { ...STRIPE, STRIPE_WEBHOOK_SECRET: '' }],
  ['STRIPE_WEBHOOK_SECRET', { ...STRIPE, STRIPE_WEBHOOK_SECRET: 'not-a-secret' }],
  ['PUBLIC_URL', { ...STRIPE, PUBLIC_URL: '' }],
  ['STRIPE_API_BASE', { ...STRIPE, STRIPE_API_BASE: 'http://127.0.0.1:9' }],
  // Alipay offered without its keys, with keys that are not RSA keys, or over http.
  ['ALIPAY_APP_ID', { ...ALIPAY, ALIPAY_APP_ID: '' }],
  ['ALIPAY_APP_ID', { ...ALIPAY, ALIPAY_APP_ID: 'my-app' }],
  ['ALIPAY_PRIVATE_KEY', { ...ALIPAY, ALIPAY_PRIVATE_KEY: '' }],
  ['ALIPAY_PRIVATE_KEY', { ...ALIPAY, ALIPAY_PRIVATE_KEY: 'MIIEnotakey' }],
  ['ALIPAY_PUBLIC_KEY', { ...ALIPAY, ALIPAY_PUBLIC_KEY: '' }],
  ['ALIPAY_PUBLIC_KEY', { ...ALIPAY, ALIPAY_PUBLIC_KEY: ALIPAY.ALIPAY_PRIVATE_KEY.replace(/PRIVATE/g, 'PUBLIC') }],
  ['ALIPAY_GATEWAY', { ...ALIPAY, ALIPAY_GATEWAY: 'http://127.0.0.1:9/gateway.do' }],
  ['PUBLIC_URL', { ...ALIPAY, PUBLIC_URL: '' }],
  ['ALIPAY_NOTIFY_BASE', { ...ALIPAY, ALIPAY_NOTIFY_BASE: 'http://pay.example.com' }],
  // WeChat Pay offered without one of its keys, with an API or a notify URL that is not https.
  ...(['MCHID', 'APPID', 'PRIVATE_KEY', 'CERT_SERIAL', 'APIV3_KEY', 'PLATFORM_KEY', 'PLATFORM_SERIAL'] as const).map((k): [string, Record<string, string>] => [
    `WECHAT_PAY_${k}`,
    { ...WECHAT, [`WECHAT_PAY_${k}`]: '' },
  ]),
  ['PUBLIC_URL', { ...WECHAT, PUBLIC_URL: 'http://live.example.com' }],
  ['WECHAT_PAY_API_BASE', { ...WECHAT, WECHAT_PAY_API_BASE: 'http://127.0.0.1:9' }],
  // JSAPI inside WeChat (the AppSecret set) with WeChat's OAuth page or API not over https.
  ['WECHAT_OAUTH_BASE', { ...WECHAT, WECHAT_PAY_APPSECRET: 's'.repeat(32), WECHAT_OAUTH_BASE: 'http://127.0.0.1:9' }],
  ['WECHAT_SNS_API_BASE', { ...WECHAT, WECHAT_PAY_APPSECRET: 's'.repeat(32), WECHAT_SNS_API_BASE: 'http://127.0.0.1:9' }],
  ['CIPHER_KEY', { CIPHER_KEY: '' }],
  ['CIPHER_IV', { CIPHER_IV: '' }],
  ['SEED_DEMO', { SEED_DEMO: '1' }],
  ['DEV_ROUTES', { DEV_ROUTES: '1' }],
  ['MEDIA_TOKEN_SECRET', { MEDIA_TOKEN_SECRET: '' }],
  ['MEDIA_TOKEN_SECRET', { MEDIA_TOKEN_SECRET: 'short' }],
  ['GAMES_SECRET', { GAMES_SECRET: '' }],
  // A metrics listener others can reach, without a token.
  ['METRICS_TOKEN', { METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }],
  ['METRICS_TOKEN', { METRICS_GAMES_PORT: '9465', METRICS_HOST: '10.0.0.5' }],
  ['SMS_PROVIDER', { SMS_PROVIDER: 'log' }],
  // A provider chosen without its keys: no code could be sent.
  ['TWILIO_AUTH_TOKEN', { TWILIO_AUTH_TOKEN: '' }],
  ['ALIYUN_ACCESS_KEY_SECRET', { ...ALIYUN, ALIYUN_ACCESS_KEY_SECRET: '' }],
  ['SMS_SIGN_NAME', { ...ALIYUN, SMS_SIGN_NAME: '' }],
  // Operators without an authenticator would reach the console with a password alone.
  ['OPERATOR_2FA', { OPERATOR_2FA: 'enrolled' }],
  // Push wanted without its keys, or on without a contact for the push services.
  ['VAPID_PRIVATE_KEY', { WEB_PUSH: 'on' }],
  ['VAPID_SUBJECT', { ...PUSH, VAPID_SUBJECT: '' }],
];

describe('production settings', () => {
  it('names nothing outside production, and nothing when every setting is safe', () => {
    expect(unsafeProductionSettings({})).toEqual([]);
    expect(unsafeProductionSettings({ NODE_ENV: 'development', SEED_DEMO: '1', DEV_ROUTES: '1', OPERATOR_2FA: 'enrolled' })).toEqual([]);
    // The second factor is required by default in production, and may be said so.
    expect(unsafeProductionSettings({ ...SAFE, OPERATOR_2FA: 'required' })).toEqual([]);
    expect(unsafeProductionSettings(SAFE)).toEqual([]);
    // The sandbox with its explicit opt-in and a secret of its own is a staging deployment: allowed.
    expect(unsafeProductionSettings({ ...SAFE, PAY_PROVIDER: 'sandbox', PAY_SANDBOX_IN_PRODUCTION: '1', PAY_SANDBOX_SECRET: 's'.repeat(40) })).toEqual([]);
    // Aliyun SMS with its keys.
    expect(unsafeProductionSettings({ ...SAFE, ...ALIYUN })).toEqual([]);
    // Stripe with its keys; WeChat Pay with its.
    expect(unsafeProductionSettings({ ...SAFE, ...STRIPE })).toEqual([]);
    // Alipay with its keys (PEM or the bare base64 body), beside Stripe: PUBLIC_URL is named once when both need it.
    expect(unsafeProductionSettings({ ...SAFE, ...ALIPAY })).toEqual([]);
    expect(unsafeProductionSettings({ ...SAFE, ...STRIPE, ...ALIPAY, PAY_PROVIDERS: 'alipay,stripe' })).toEqual([]);
    expect(unsafeProductionSettings({ ...SAFE, ...STRIPE, ...ALIPAY, PAY_PROVIDERS: 'alipay,stripe', PUBLIC_URL: '' }).map((u) => u.setting)).toEqual([
      'PUBLIC_URL',
    ]);
    expect(unsafeProductionSettings({ ...SAFE, ...WECHAT })).toEqual([]);
    expect(unsafeProductionSettings({ ...SAFE, ...WECHAT, WECHAT_PAY_APPSECRET: 's'.repeat(32) })).toEqual([]);
    expect(unsafeProductionSettings({ ...SAFE, ...PUSH })).toEqual([]);
    // Metrics on loopback, or behind a token on any interface.
    expect(unsafeProductionSettings({ ...SAFE, METRICS_PORT: '9464' })).toEqual([]);
    expect(unsafeProductionSettings({ ...SAFE, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 't'.repeat(32) })).toEqual([]);
  });

  it.each(UNSAFE)('names %s when it is unsafe', (name, change) => {
    expect(unsafeProductionSettings({ ...SAFE, ...change }).map((u) => u.setting)).toEqual([name]);
  });

  it('names every key of the SMS provider chosen without them', () => {
    expect(unsafeProductionSettings({ ...SAFE, SMS_PROVIDER: 'aliyun' }).map((u) => u.setting)).toEqual([
      'ALIYUN_ACCESS_KEY_ID',
      'ALIYUN_ACCESS_KEY_SECRET',
      'SMS_SIGN_NAME',
    ]);
  });

  it('with NODE_ENV=production alone, names every default that is unsafe', () => {
    expect(
      unsafeProductionSettings({ NODE_ENV: 'production' })
        .map((u) => u.setting)
        .sort(),
    ).toEqual(['CIPHER_IV', 'CIPHER_KEY', 'GAMES_SECRET', 'MEDIA_TOKEN_SECRET', 'PAY_PROVIDERS', 'PAY_SANDBOX_SECRET', 'SMS_PROVIDER'].sort());
  });
});

/** The environment of a spawned process: this one's, without any setting under test. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of [
    'NODE_ENV',
    'PAY_PROVIDER',
    'PAY_PROVIDERS',
    'PAY_SANDBOX_SECRET',
    'PAY_SANDBOX_IN_PRODUCTION',
    'CIPHER_KEY',
    'CIPHER_IV',
    'SEED_DEMO',
    'DEV_ROUTES',
    'MEDIA_TOKEN_SECRET',
    'GAMES_SECRET',
    'REDIS_URL',
    'SMS_PROVIDER',
    'OPERATOR_2FA',
  ])
    delete env[k];
  return env;
}

interface Run {
  exitCode: Promise<number | null>;
  stderr: () => string;
  kill: () => void;
}

function run(entry: 'main' | 'games', env: NodeJS.ProcessEnv): Run {
  const child = spawn(process.execPath, bundled(entry), { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exitCode = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { exitCode, stderr: () => err, kill: () => child.kill('SIGKILL') };
}

/** Resolves once the URL answers, or rejects when the process ends first. */
const up = (url: string, r: Run): Promise<unknown> =>
  Promise.race([
    eventually(async () => (await fetch(url)).ok, { timeout: 60_000, interval: 150, what: 'the server to answer' }),
    r.exitCode.then(() => {
      throw new Error(`exited before answering: ${r.stderr()}`);
    }),
  ]);

describe('a production start', () => {
  const dirs: string[] = [];
  const schemas: string[] = [];
  const runs: Run[] = [];
  /** A fresh data dir and, on PostgreSQL, a fresh schema, as the process's database settings. */
  const database = () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'liveapp-prod-'));
    dirs.push(dataDir);
    const url = pgUrl();
    const schema = url ? newSchemaName() : undefined;
    if (schema) schemas.push(schema);
    return { dataDir, env: { DATA_DIR: dataDir, ...(url && schema ? { DATABASE_URL: url, DATABASE_SCHEMA: schema } : {}) } };
  };
  /** The processes migrate as they start: under the schema lock, so no other file drops a schema meanwhile. */
  const migrating = (fn: () => Promise<void>) => () => underSchemaLock('migrate', fn);
  afterAll(async () => {
    for (const r of runs) r.kill();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    for (const s of schemas) await dropSchema(s);
  });

  it(
    'with nothing set, refuses to start and names every unsafe setting',
    migrating(async () => {
      const db = database();
      const r = run('main', {
        ...baseEnv(),
        ...db.env,
        NODE_ENV: 'production',
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        ROLES: 'api,realtime,worker,media',
      });
      runs.push(r);
      expect(await r.exitCode).toBe(1);
      for (const name of ['PAY_PROVIDERS', 'PAY_SANDBOX_SECRET', 'CIPHER_KEY', 'CIPHER_IV', 'MEDIA_TOKEN_SECRET', 'GAMES_SECRET', 'SMS_PROVIDER'])
        expect(r.stderr()).toContain(`- ${name} `);
    }),
  );

  it(
    'with safe settings, starts without demo accounts or dev routes',
    migrating(async () => {
      const db = database();
      const port = await freePort();
      const r = run('main', {
        ...baseEnv(),
        ...db.env,
        ...SAFE,
        PORT: String(port),
        HOST: '127.0.0.1',
        ROLES: 'api,realtime,worker,media',
        LOG_LEVEL: 'error',
      });
      runs.push(r);
      const url = `http://127.0.0.1:${port}`;
      await up(`${url}/healthz`, r);
      const login = await fetch(`${url}${fullPath(api.login)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', noToken: '1' },
        body: JSON.stringify({ account: DEMO_USER.mobile, password: DEMO_USER.password }),
      });
      expect(((await login.json()) as { code: number }).code).not.toBe(200);
      expect((await fetch(`${url}${fullPath(api.devLastSms)}?mobile=${DEMO_USER.mobile}`)).status).toBe(404);
      r.kill();
    }),
  );

  it(
    'refuses a database that still holds demo accounts with the demo password',
    migrating(async () => {
      const db = database();
      const seeded = openDb({ dataDir: db.dataDir, databaseUrl: db.env.DATABASE_URL, databaseSchema: db.env.DATABASE_SCHEMA });
      await migrateToLatest(seeded);
      await seedDemo(seeded);
      await seedDemoRooms(seeded);
      await seedDemoForum(seeded);
      // Every account any demo seed made that takes the demo password (the forum's members too).
      const open: string[] = [];
      for (const u of await seeded.kysely.selectFrom('users').select(['mobile', 'password_hash']).execute()) {
        if (u.mobile && u.password_hash && (await verifyPassword(DEMO_USER.password, u.password_hash))) open.push(u.mobile);
      }
      expect(open).toEqual(expect.arrayContaining(['13800000021', '13800000026']));
      await seeded.close();
      const r = run('main', {
        ...baseEnv(),
        ...db.env,
        ...SAFE,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        ROLES: 'api,realtime,worker,media',
      });
      runs.push(r);
      expect(await r.exitCode).toBe(1);
      for (const mobile of open) expect(r.stderr()).toContain(`account ${mobile}`);
    }),
  );

  it(
    'of the games host refuses to start without GAMES_SECRET',
    migrating(async () => {
      const db = database();
      const r = run('games', {
        ...baseEnv(),
        ...db.env,
        NODE_ENV: 'production',
        GAMES_PORT: String(await freePort()),
        HOST: '127.0.0.1',
      });
      runs.push(r);
      expect(await r.exitCode).toBe(1);
      expect(r.stderr()).toContain('GAMES_SECRET');
    }),
  );

  it('refuses Redis (or PostgreSQL) without the shared secrets, naming both, before connecting to anything', async () => {
    // Several instances may share this one's Redis or database: secrets random per process would not agree.
    const r = run('main', {
      ...baseEnv(),
      // Nothing listens there: the refusal comes from the settings alone.
      REDIS_URL: 'redis://127.0.0.1:1',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      ROLES: 'api,realtime,worker,media',
    });
    runs.push(r);
    expect(await r.exitCode).toBe(1);
    expect(r.stderr()).toContain('MEDIA_TOKEN_SECRET: must be set with DATABASE_URL or REDIS_URL');
    expect(r.stderr()).toContain('GAMES_SECRET: must be set with DATABASE_URL or REDIS_URL');
  });
});
