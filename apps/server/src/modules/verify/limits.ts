import { CAPTCHA_RESEND_SECONDS, CODE_LENGTH } from '@app/kit';
import { MINUTE } from '../../db/time.js';

/** Verification rules (issue 2 §8, seed §5/§9). Per-IP and global SMS limits come from the config. */
export const VERIFY_RULES = {
  /** A unique_code (and the captcha drawn for it) lives this long. */
  captchaTtlMs: 5 * MINUTE,
  codeLength: CODE_LENGTH,
  smsTtlMs: 5 * MINUTE,
  resendMs: CAPTCHA_RESEND_SECONDS * 1000,
  perNumberMax: 3,
  perNumberWindowMs: 10 * MINUTE,
  /** Wrong guesses before a code is void (6 digits would otherwise be guessable). */
  maxAttempts: 5,
} as const;
