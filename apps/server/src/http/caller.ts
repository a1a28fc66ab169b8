import type { ErrorCodeValue } from '@app/contract';
import type { SessionRow, UserRow } from '../db/schema.js';

/** A request's verified identity. */
export interface Auth {
  user: UserRow;
  session: SessionRow;
  /** The user's revision it was read at, when kept by the session cache (SQLite: modules/auth/authCache.ts). */
  rev?: number;
}

export type SessionCheck = { ok: true; auth: Auth } | { ok: false; code: ErrorCodeValue };

/** What the HTTP layer needs of sessions: a token checked (modules/auth's SessionService is the one). */
export interface SessionReader {
  check(token: string): Promise<SessionCheck>;
}

/** Where a request came from: recorded with sessions and failures, and keys the per-IP limits. */
export interface Origin {
  ip: string;
  device: string | null;
  /** A referral code from the Referer header (non-web builds send the stored one). */
  referer: string | null;
}
