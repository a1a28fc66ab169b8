/**
 * What a production start refuses: settings whose defaults are public (and so hand out coins,
 * forge payments or decrypt traffic), demo content, dev-only routes, and per-process secrets that
 * several instances must share. `npm start` on a fresh machine keeps its working defaults; a
 * start with NODE_ENV=production names every unsafe setting and exits (SECURITY.md).
 */
import { DEFAULT_CIPHER_IV, DEFAULT_CIPHER_KEY } from '@app/kit';
import { isProduction, type Config } from './config.js';
import type { Db } from './db/database.js';
import { DEMO_MOBILES, DEMO_USER } from './demo/seed.js';
import { isLoopback } from './metrics/metrics.config.js';
import { verifyPassword } from './modules/auth/password.js';
import { DEFAULT_SANDBOX_SECRET } from './modules/finance/finance.config.js';
import { alipayKey } from './modules/finance/recharge/alipayProvider.js';
import { users } from './modules/user/users.js';
import { missingSmsSettings } from './sms/sms.config.js';

/** One setting a production start refuses, and what to do about it. */
export interface UnsafeSetting {
  setting: string;
  problem: string;
}

/** A shared secret shorter than this is refused: it must not be guessable. */
export const MIN_SECRET_LENGTH = 32;

const secretProblem = (value: string | undefined, what: string): string | undefined => {
  if (!value) return `is not set: ${what}; set the same random value (≥ ${MIN_SECRET_LENGTH} characters) on every instance`;
  if (value.length < MIN_SECRET_LENGTH) return `is shorter than ${MIN_SECRET_LENGTH} characters`;
  return undefined;
};

/** Every unsafe setting of this configuration when NODE_ENV=production; none otherwise. */
export function unsafeProductionSettings(config: Config): UnsafeSetting[] {
  if (!isProduction(config)) return [];
  const out: UnsafeSetting[] = [];
  const add = (setting: string, problem: string | undefined) => {
    // A setting two providers need (PUBLIC_URL) is named once, with the first problem found.
    if (problem && !out.some((u) => u.setting === setting)) out.push({ setting, problem });
  };
  const { finance, room, games } = config;
  if (finance.payProviders.includes('sandbox')) {
    add(
      'PAY_PROVIDERS',
      finance.paySandboxInProduction
        ? undefined
        : 'offers the sandbox, whose checkout page pays any order for free; list real providers only (`stripe`, `alipay`, `wechat`), `none` (recharge off), or set PAY_SANDBOX_IN_PRODUCTION=1 for a staging deployment',
    );
    add(
      'PAY_SANDBOX_SECRET',
      finance.paySandboxSecret === DEFAULT_SANDBOX_SECRET
        ? 'is the public default: anyone can sign a "paid" callback; set your own secret'
        : secretProblem(finance.paySandboxSecret, 'it signs payment callbacks'),
    );
  }
  if (finance.payProviders.includes('stripe')) {
    const { secretKey, webhookSecret, api } = finance.stripe;
    add(
      'STRIPE_SECRET_KEY',
      !secretKey
        ? 'is not set while PAY_PROVIDERS offers stripe: no order could be paid'
        : !/^(sk|rk)_(live|test)_\w+$/.test(secretKey)
          ? 'is not a Stripe secret key (`sk_live_…`, or a restricted `rk_live_…`)'
          : undefined,
    );
    add(
      'STRIPE_WEBHOOK_SECRET',
      !webhookSecret
        ? "is not set while PAY_PROVIDERS offers stripe: no payment notify could be verified; copy the endpoint's signing secret from Stripe"
        : !/^whsec_\w{16,}$/.test(webhookSecret)
          ? 'is not a Stripe webhook signing secret (`whsec_…`)'
          : undefined,
    );
    add('PUBLIC_URL', !config.publicUrl.startsWith('https://') ? 'is not an https origin: Stripe sends the payer back to it after paying' : undefined);
    add('STRIPE_API_BASE', api.protocol !== 'https' ? 'is not https: API keys would cross the network in the clear' : undefined);
  }
  if (finance.payProviders.includes('alipay')) {
    const { appId, privateKey, alipayPublicKey, gateway, notifyBase } = finance.alipay;
    const missing = (what: string) => `is not set while PAY_PROVIDERS offers alipay: ${what}`;
    add('ALIPAY_APP_ID', !appId ? missing('no order could be paid') : !/^\d{16}$/.test(appId) ? 'is not an Alipay APPID (16 digits)' : undefined);
    add(
      'ALIPAY_PRIVATE_KEY',
      !privateKey
        ? missing('no request to Alipay could be signed')
        : !alipayKey(privateKey, 'private')
          ? 'is not an RSA private key (PEM or its base64 body)'
          : undefined,
    );
    add(
      'ALIPAY_PUBLIC_KEY',
      !alipayPublicKey
        ? missing("no notify could be verified; copy Alipay's public key of the application from its open platform")
        : !alipayKey(alipayPublicKey, 'public')
          ? 'is not an RSA public key (PEM or its base64 body)'
          : undefined,
    );
    add('ALIPAY_GATEWAY', !gateway.startsWith('https://') ? 'is not https: signed requests and answers would cross the network in the clear' : undefined);
    add(
      notifyBase ? 'ALIPAY_NOTIFY_BASE' : 'PUBLIC_URL',
      !(notifyBase || config.publicUrl).startsWith('https://') ? 'is not an https origin: Alipay sends its notifies there, and the payer back' : undefined,
    );
  }
  if (finance.payProviders.includes('wechat')) {
    const w = finance.wechat;
    const missing = (value: string | undefined, what: string) => (value ? undefined : `is not set while PAY_PROVIDERS offers wechat: ${what}`);
    add('WECHAT_PAY_MCHID', missing(w.mchid, 'no order could be made'));
    add('WECHAT_PAY_APPID', missing(w.appid, 'no order could be made'));
    add('WECHAT_PAY_PRIVATE_KEY', missing(w.privateKey, 'no request to WeChat Pay could be signed'));
    add('WECHAT_PAY_CERT_SERIAL', missing(w.certSerial, 'no request to WeChat Pay could be signed'));
    add('WECHAT_PAY_APIV3_KEY', missing(w.apiV3Key, 'no notify could be decrypted'));
    add('WECHAT_PAY_PLATFORM_KEY', missing(w.platformKey, 'no answer or notify could be verified'));
    add('WECHAT_PAY_PLATFORM_SERIAL', missing(w.platformSerial, 'no answer or notify could be verified'));
    add(
      'PUBLIC_URL',
      !config.publicUrl.startsWith('https://') ? 'is not an https origin: WeChat Pay posts its notifies only to an https notify_url' : undefined,
    );
    add(
      'WECHAT_PAY_API_BASE',
      !w.apiBase.startsWith('https://') ? 'is not https: signed requests and answers would cross the network in the clear' : undefined,
    );
    if (w.appSecret) {
      add(
        'WECHAT_OAUTH_BASE',
        !w.oauthBase.startsWith('https://') ? "is not https: the payer's browser would be sent to WeChat's OAuth in the clear" : undefined,
      );
      add('WECHAT_SNS_API_BASE', !w.snsApiBase.startsWith('https://') ? 'is not https: the AppSecret would cross the network in the clear' : undefined);
    }
  }
  add(
    'CIPHER_KEY',
    config.cipherKey === DEFAULT_CIPHER_KEY
      ? 'is the public default key; set your own (16, 24 or 32 bytes) and build the web app with the same VITE_CIPHER_KEY'
      : undefined,
  );
  add(
    'CIPHER_IV',
    config.cipherIv === DEFAULT_CIPHER_IV ? 'is the public default iv; set your own (16 bytes) and build the web app with the same VITE_CIPHER_IV' : undefined,
  );
  add(
    'SEED_DEMO',
    config.seedDemo
      ? 'seeds demo accounts with a public password and demo content; demo content is for a local try-out, never production (unset it or set 0)'
      : undefined,
  );
  add(
    'SMS_PROVIDER',
    config.smsProvider === 'log'
      ? 'is `log`, which only writes codes to the log: nobody could register or reset a password; set a provider (`aliyun`, `tencent` or `twilio`)'
      : undefined,
  );
  for (const name of missingSmsSettings(config.smsProvider, config.sms))
    add(name, `is not set while SMS_PROVIDER=${config.smsProvider}: no code could be sent, so nobody could register`);
  add('DEV_ROUTES', config.devRoutes ? 'serves the SMS sink and the captcha answer to anyone; unset it or set 0' : undefined);
  add(
    'MEDIA_TOKEN_SECRET',
    secretProblem(
      room.mediaTokenSecretGiven ? room.mediaTokenSecret.toString('utf8') : undefined,
      'media tokens signed by one instance are refused by the others, and a restart voids every live stream',
    ),
  );
  add('GAMES_SECRET', secretProblem(games.secretGiven ? games.secret : undefined, 'the games host and every server instance must share it'));
  add(
    'PREVIEW_MIN_LEAD_MIN',
    config.preview.minLeadMin < 10 ? 'is below 10: followers would not get their reminder 5 minutes before a live scheduled sooner' : undefined,
  );
  add(
    'OPERATOR_2FA',
    config.operator.secondFactor === 'enrolled'
      ? 'is `enrolled`: an operator who never set up an authenticator would reach the console with a password alone; unset it (or set `required`)'
      : undefined,
  );
  const { push } = config;
  add(
    'VAPID_PRIVATE_KEY',
    push.required && !push.vapid
      ? 'is not set while WEB_PUSH=on: nothing could be pushed; make a key pair once with `npm run admin -- push-keys` and set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY'
      : undefined,
  );
  add(
    'VAPID_SUBJECT',
    push.vapid && !push.subjectGiven ? 'is not set while push is on: push services need a contact (`mailto:ops@example.com` or an https URL)' : undefined,
  );
  const { metrics } = config;
  add(
    'METRICS_TOKEN',
    !metrics.token && (metrics.port > 0 || metrics.gamesPort !== undefined) && !isLoopback(metrics.host)
      ? `is not set while the metrics listener binds ${metrics.host}: set a token, or bind METRICS_HOST to 127.0.0.1`
      : undefined,
  );
  return out;
}

/** The refusal, one line a setting. */
export const refusalMessage = (unsafe: UnsafeSetting[]): string =>
  ['refusing to start with NODE_ENV=production; fix these settings (SECURITY.md):', ...unsafe.map((u) => `  - ${u.setting} ${u.problem}`)].join('\n');

/** Throws the refusal when the configuration is unsafe for production. */
export function assertSafeForProduction(config: Config): void {
  const unsafe = unsafeProductionSettings(config);
  if (unsafe.length > 0) throw new UnsafeProductionError(refusalMessage(unsafe));
}

/** A refusal to start: printed as is, without a stack. */
export class UnsafeProductionError extends Error {}

/**
 * Demo accounts that still accept the public demo password (a database seeded by a local run,
 * then taken to production). A production start refuses them as it refuses SEED_DEMO.
 */
export async function demoAccountsWithDemoPassword(db: Db): Promise<string[]> {
  const open: string[] = [];
  for (const mobile of DEMO_MOBILES) {
    const user = await users.byMobile(db.kysely, mobile);
    if (user?.password_hash && (await verifyPassword(DEMO_USER.password, user.password_hash))) open.push(mobile);
  }
  return open;
}
