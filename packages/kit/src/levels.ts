import { MONEY_UNIT } from './format.js';

/**
 * Levels and VIP tiers, the rules both sides use: the server stores what they give for the totals
 * the ledger moved, the client shows progress with the same numbers.
 */

/** Highest user level. */
export const MAX_USER_LEVEL = 60;

/** Coins (money units) spent to reach `level`: 10·(level−1)² coins (a new member is level 1; 2 at 10 coins, 11 at 1,000). */
export const levelThreshold = (level: number): number => 10 * (level - 1) * (level - 1) * MONEY_UNIT;

/** The user level for a total spent (money units). */
export function userLevel(spent: number): number {
  const l = 1 + Math.floor(Math.sqrt(Math.max(0, spent) / MONEY_UNIT / 10));
  return Math.min(MAX_USER_LEVEL, l);
}

/** A VIP tier: reached at `recharge` (money units of coins bought, bonus not counted). */
export interface VipTier {
  tier: number;
  recharge: number;
  /** Chat name colour and the badge's accent. */
  color: string;
  /** What the tier brings beyond the one below it (locale keys under `vip.perk.*`). */
  perks: readonly VipPerk[];
}

export type VipPerk = 'badge' | 'color' | 'entrance' | 'gifts';

/** The tiers of the VIP user centre, lowest first (tier 0 is no VIP). */
export const VIP_TIERS: readonly VipTier[] = [
  { tier: 1, recharge: 60 * MONEY_UNIT, color: '#4fb3ff', perks: ['badge'] },
  { tier: 2, recharge: 300 * MONEY_UNIT, color: '#2fc98f', perks: ['badge', 'color'] },
  { tier: 3, recharge: 1280 * MONEY_UNIT, color: '#b36bff', perks: ['badge', 'color', 'entrance'] },
  { tier: 4, recharge: 3280 * MONEY_UNIT, color: '#ff8a3d', perks: ['badge', 'color', 'entrance', 'gifts'] },
  { tier: 5, recharge: 6480 * MONEY_UNIT, color: '#ff4d6d', perks: ['badge', 'color', 'entrance', 'gifts'] },
  { tier: 6, recharge: 20000 * MONEY_UNIT, color: '#ffc53d', perks: ['badge', 'color', 'entrance', 'gifts'] },
];

/** The VIP tier for a recharge total (money units). */
export function vipTier(recharged: number): number {
  let tier = 0;
  for (const t of VIP_TIERS) if (recharged >= t.recharge) tier = t.tier;
  return tier;
}

/** The tier's record, or undefined for tier 0. */
export const vipTierOf = (tier: number): VipTier | undefined => VIP_TIERS.find((t) => t.tier === tier);

/** Whether a tier has a perk (a perk, once given, stays in every higher tier). */
export const vipHas = (tier: number, perk: VipPerk): boolean => vipTierOf(tier)?.perks.includes(perk) ?? false;

/** A fan club member's level: one per 10 coins given to the anchor (capped at 20 from gifts) plus one per 3 days watched. */
export function fanLevel(giftTotal: number, watchDays: number): number {
  const fromGifts = Math.min(20, Math.floor(Math.max(0, giftTotal) / MONEY_UNIT / 10));
  return Math.min(30, 1 + fromGifts + Math.floor(Math.max(0, watchDays) / 3));
}
