import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

/** TOTP as authenticator apps speak it (RFC 6238: SHA-1, 6 digits, 30 s), through otplib. */
export const totp = {
  newSecret: (): string => generateSecret(),

  /** The otpauth:// link a QR code carries. */
  uri: (issuer: string, account: string, secret: string): string => generateURI({ issuer, label: account, secret }),

  /**
   * The time step a code is right for, now or one step either side (a phone's clock drifts), and
   * only past `afterStep` (a code is never accepted twice); undefined when it is wrong. `nowMs`: the server's clock.
   */
  async check(secret: string, code: string, afterStep: number | null, nowMs: number): Promise<number | undefined> {
    const epoch = Math.floor(nowMs / 1000);
    const r = await verify({ secret, token: code, epoch, epochTolerance: 30, ...(afterStep === null ? {} : { afterTimeStep: afterStep }) });
    // A TOTP answer names its time step (the union type also covers HOTP's).
    return r.valid && 'timeStep' in r ? r.timeStep : undefined;
  },
};

/** 32 letters and digits without look-alikes (no i, l, o, 1): 5 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz023456789';
/** How many recovery codes an enrolment hands out. */
export const RECOVERY_CODES = 10;

/** Recovery codes: 16 random characters (80 bits) shown as four groups; stored as their SHA-256. */
export const recoveryCodes = {
  fresh(): string[] {
    return Array.from({ length: RECOVERY_CODES }, () =>
      Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join('-'),
    );
  },
  /** Case, spaces and dashes do not matter when a code is typed in. */
  hash: (code: string): string =>
    createHash('sha256')
      .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
      .digest('hex'),
};
