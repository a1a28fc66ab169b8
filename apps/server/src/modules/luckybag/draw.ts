import { createHmac, randomBytes } from 'node:crypto';

/** A fresh seed for a draw: 32 random bytes, hex. */
export const newSeed = (): string => randomBytes(32).toString('hex');

/**
 * The winners of a draw, a pure function of the seed and the entrants in entry order: a partial
 * Fisher–Yates shuffle whose i-th swap index is HMAC-SHA256(seed, i) (its first 8 bytes) modulo
 * the entrants left, so anyone with the recorded seed and list gets the same winners (decision
 * 0241). The bias of the modulo is below n / 2^64. Fewer entrants than winners: all of them win.
 */
export function drawWinners(seedHex: string, entrants: readonly number[], count: number): number[] {
  const key = Buffer.from(seedHex, 'hex');
  const a = [...entrants];
  const k = Math.min(Math.max(0, count), a.length);
  for (let i = 0; i < k; i++) {
    const h = createHmac('sha256', key).update(String(i)).digest();
    const j = i + Number(h.readBigUInt64BE(0) % BigInt(a.length - i));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, k);
}
