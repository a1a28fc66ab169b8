import type { GiftTier } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import type { Selectable } from 'kysely';
import type { GiftTiersTable } from '../finance.tables.js';

export type GiftTierRow = Selectable<GiftTiersTable>;

/** What a send plays when the table holds no tier its total reaches: the plain banner. */
const PLAIN: GiftTier = { level: 0, banner_ms: 3200, banner_style: 'plain', fullscreen: false };

/**
 * The tier a send's total (money units) reaches: the row with the highest `min_coins` at or under
 * it. The tiers are rows (gift_tiers), so a new tier is an insert, not a code change.
 */
export function tierFor(rows: readonly GiftTierRow[], total: number): GiftTier {
  let best: GiftTierRow | undefined;
  for (const r of rows) if (total >= r.min_coins * MONEY_UNIT && (!best || r.min_coins > best.min_coins)) best = r;
  return best ? { level: best.level, banner_ms: best.banner_ms, banner_style: best.banner_style, fullscreen: best.fullscreen === 1 } : PLAIN;
}
