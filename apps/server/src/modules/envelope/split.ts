import { randomInt } from 'node:crypto';

/** Draws an integer in [min, max] (both inclusive). */
export type Draw = (min: number, max: number) => number;

const cryptoDraw: Draw = (min, max) => randomInt(min, max + 1);

/**
 * Splits `coins` whole coins into `shares` random shares by the double average (二倍均值法, as
 * WeChat does): each share but the last is drawn uniformly from 1 to twice the average of what is
 * left (never so much that a later share would get less than one coin); the last takes the rest.
 * Every share's expected value is the plain average, so no place in the order is better; the result
 * is shuffled all the same, so the order of grabs tells nothing. Each share ≥ 1, the sum is `coins`.
 * Decision 0237.
 */
export function splitShares(coins: number, shares: number, draw: Draw = cryptoDraw): number[] {
  if (!Number.isSafeInteger(coins) || !Number.isSafeInteger(shares) || shares < 1 || coins < shares) {
    throw new Error(`cannot split ${coins} coins into ${shares} shares`);
  }
  const out: number[] = [];
  let left = coins;
  for (let n = shares; n > 1; n--) {
    const max = Math.min(Math.floor((2 * left) / n), left - (n - 1));
    const share = draw(1, Math.max(1, max));
    out.push(share);
    left -= share;
  }
  out.push(left);
  for (let i = out.length - 1; i > 0; i--) {
    const j = draw(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
