import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The header every delivery carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe's. */
export const SIGNATURE_HEADER = 'webhook-signature';

/** A new endpoint's signing secret. */
export const newSecret = (): string => `whsec_${randomBytes(24).toString('base64url')}`;

/** The signature header of `body` sent at `t` (unix seconds). */
export function signatureHeader(secret: string, body: string, t: number): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/**
 * What a receiver does (SECURITY.md has the same in a snippet): the header's `v1` must be the
 * HMAC of `"<t>.<raw body>"`, and `t` recent (a replayed old delivery is refused).
 */
export function verifySignature(secret: string, body: string, header: string, nowS: number, toleranceS = 300): boolean {
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowS - t) > toleranceS) return false;
  const want = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const got = Buffer.from(v1);
  return got.length === want.length && timingSafeEqual(got, want);
}
