import { MONEY_UNIT } from '@app/kit';

/** Why an amount typed by the user was refused. */
export type AmountError = 'empty' | 'format' | 'decimals' | 'zero' | 'min' | 'max';

export type AmountResult = { ok: true; raw: number } | { ok: false; error: AmountError };

export interface AmountRules {
  /** Fraction digits allowed (2 by default: 元 and coins are shown with 2). */
  decimals?: number;
  /** Raw units per whole unit (MONEY_UNIT by default). */
  unit?: number;
  /** Smallest and largest raw amount accepted (inclusive). */
  min?: number;
  max?: number;
}

/**
 * Parses what the user typed ("12", "12.5", "0.01") into an integer of raw units without floating
 * point: "12.34" with unit 10000 → 123400. Signs, exponents, spaces inside and more fraction digits
 * than allowed are refused, never rounded.
 */
export function parseAmount(text: string, rules: AmountRules = {}): AmountResult {
  const { decimals = 2, unit = MONEY_UNIT, min, max } = rules;
  const s = text.trim().replace(/,/g, '');
  if (s === '') return { ok: false, error: 'empty' };
  const m = /^(\d+)(?:\.(\d*))?$/.exec(s);
  if (!m) return { ok: false, error: 'format' };
  const [, whole = '0', frac = ''] = m;
  if (frac.length > decimals) return { ok: false, error: 'decimals' };
  const unitDigits = Math.round(Math.log10(unit));
  if (10 ** unitDigits !== unit || frac.length > unitDigits) return { ok: false, error: 'decimals' };
  const rawBig = BigInt(whole) * BigInt(unit) + BigInt(frac.padEnd(unitDigits, '0') || '0');
  if (rawBig === 0n) return { ok: false, error: 'zero' };
  if (rawBig > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, error: 'max' };
  const raw = Number(rawBig);
  if (min !== undefined && raw < min) return { ok: false, error: 'min' };
  if (max !== undefined && raw > max) return { ok: false, error: 'max' };
  return { ok: true, raw };
}

/**
 * Keeps an amount input to digits and one point with at most `decimals` fraction digits while typing
 * (the input shows what would parse; a paste of "1,234.567" becomes "1234.56").
 */
export function sanitizeAmountInput(text: string, decimals = 2): string {
  const cleaned = text.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  if (dot < 0) return cleaned.replace(/^0+(?=\d)/, '');
  const whole = cleaned.slice(0, dot).replace(/^0+(?=\d)/, '') || '0';
  const frac = cleaned
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, decimals);
  return decimals > 0 ? `${whole}.${frac}` : whole;
}

/**
 * A fee in raw units: `rateBp` basis points of `raw`, rounded up to a multiple of `granule` (a fen
 * is MONEY_UNIT / fen_per_coin raw units), in integer arithmetic so huge amounts stay exact.
 */
export function feeFor(raw: number, rateBp: number, granule = 1): number {
  if (raw <= 0 || rateBp <= 0) return 0;
  const g = BigInt(Math.max(1, Math.trunc(granule)));
  const exact = BigInt(raw) * BigInt(rateBp);
  const perGranule = 10000n * g;
  return Number(((exact + perGranule - 1n) / perGranule) * g);
}

/** Fraction digits an amount may have when it must be a multiple of `step` raw units (1 coin → 0). */
export function decimalsForStep(step: number, unit = MONEY_UNIT): number {
  let d = 0;
  for (let s = unit; d < 4 && s > step; s /= 10) d += 1;
  return d;
}
