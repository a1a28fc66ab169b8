import { createHash, randomBytes } from 'node:crypto';

/** A fresh opaque session token: 32 random bytes, Base64url. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** What is stored for a token: its SHA-256 (a leaked table yields no usable tokens). */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The token of an Authorization header value; a `Bearer ` prefix is accepted. */
export function tokenFromHeader(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const t = value.replace(/^Bearer\s+/i, '').trim();
  return t.length > 0 && t.length <= 256 ? t : undefined;
}
