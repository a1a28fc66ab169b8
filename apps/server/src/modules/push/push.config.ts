/** Web Push settings (WEB_PUSH, VAPID_*, PUSH_*): push is on when the VAPID key pair is set. */
import { int, oneOf, optionalText, section } from '../../config/setting.js';

/** The server's VAPID identity (RFC 8292): the key pair push services know it by, and a contact. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushConfig {
  /** The key pair and contact; undefined: push is off (the app never offers it). */
  vapid: VapidKeys | undefined;
  /** WEB_PUSH=on: push is wanted, so a production start without the keys is refused. */
  required: boolean;
  /** Whether VAPID_SUBJECT was given (production needs a real contact). */
  subjectGiven: boolean;
  /** How long a push is worth delivering: the push service's TTL, and the queue drops it after (s). */
  ttlS: number;
  /** How often the worker looks for pushes that are due (ms). */
  pollMs: number;
}

/** The subject of a local run without VAPID_SUBJECT (push services ask for a contact; production sets its own). */
const LOCAL_SUBJECT = 'mailto:push@localhost';

const bytesOf = (b64url: string) => Buffer.from(b64url, 'base64url');
const KEY = /^[A-Za-z0-9_-]+$/;

export const pushSettings = section(
  {
    WEB_PUSH: oneOf(
      ['auto', 'on', 'off'],
      'auto',
      'Web Push of go-live alerts and private messages to closed apps: `auto` is on when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set; `on` also makes a production start without them refuse; `off` never pushes',
    ),
    VAPID_PUBLIC_KEY: optionalText(
      '(unset: push off)',
      'VAPID public key (base64url, 65 bytes), made with VAPID_PRIVATE_KEY by `npm run admin -- push-keys`; browsers subscribe with it',
    ),
    VAPID_PRIVATE_KEY: optionalText(
      '(unset: push off)',
      'VAPID private key (base64url, 32 bytes) that signs every push (SECURITY.md); keep it: a new pair voids every subscription',
    ),
    VAPID_SUBJECT: optionalText(
      '(required in production with push on)',
      'Contact push services may reach the operator at: `mailto:ops@example.com` or an https URL',
    ),
    PUSH_TTL_S: int(3600, 'Seconds a push is worth delivering: the push service keeps it this long for a phone that is offline, the queue drops it after', {
      min: 60,
      max: 604_800,
    }),
    PUSH_POLL_MS: int(1000, 'How often the worker role looks for pushes that are due (ms)', { min: 50, max: 60_000 }),
  },
  (v, fail): PushConfig => {
    const pub = v.VAPID_PUBLIC_KEY;
    const priv = v.VAPID_PRIVATE_KEY;
    if (pub && !priv) fail('VAPID_PRIVATE_KEY', 'is missing beside VAPID_PUBLIC_KEY: set both (npm run admin -- push-keys makes them)');
    if (priv && !pub) fail('VAPID_PUBLIC_KEY', 'is missing beside VAPID_PRIVATE_KEY: set both (npm run admin -- push-keys makes them)');
    if (pub && (!KEY.test(pub) || bytesOf(pub).length !== 65 || bytesOf(pub)[0] !== 4))
      fail('VAPID_PUBLIC_KEY', 'must be an uncompressed P-256 public key, base64url without padding (65 bytes)');
    if (priv && (!KEY.test(priv) || bytesOf(priv).length !== 32))
      fail('VAPID_PRIVATE_KEY', 'must be a P-256 private key, base64url without padding (32 bytes)');
    const subject = v.VAPID_SUBJECT;
    if (subject && !/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) fail('VAPID_SUBJECT', `must be a mailto: address or an https URL, got "${subject}"`);
    return {
      vapid: v.WEB_PUSH !== 'off' && pub && priv ? { publicKey: pub, privateKey: priv, subject: subject ?? LOCAL_SUBJECT } : undefined,
      required: v.WEB_PUSH === 'on',
      subjectGiven: subject !== undefined,
      ttlS: v.PUSH_TTL_S,
      pollMs: v.PUSH_POLL_MS,
    };
  },
);
