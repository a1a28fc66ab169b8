import type { GiftRecord, GiftTier } from '@app/contract';

/** Effects waiting beyond this are dropped, cheapest first (a gift storm must not lag minutes behind). */
export const EFFECT_QUEUE_MAX = 4;
/** Banners shown at once (two lanes over the chat). */
export const BANNER_LANES = 2;
/** What a record from a server before the tiers (one instance of a rolling upgrade) plays: the plain banner. */
const PLAIN: GiftTier = { level: 0, banner_ms: 3200, banner_style: 'plain', fullscreen: false };

/** A record's effect tier (the server's gift_tiers rows), the plain banner when it carries none. */
export const tierOf = (r: GiftRecord): GiftTier => (r as Partial<GiftRecord>).tier ?? PLAIN;

/** Whether a send plays its animation full screen: its effect tier says so. */
export const playsFullscreen = (r: GiftRecord): boolean => tierOf(r).fullscreen;

/** Records not seen before, in their order; marks them seen. */
export function takeNew(seen: Set<number>, gifts: readonly GiftRecord[]): GiftRecord[] {
  const out: GiftRecord[] = [];
  for (const g of gifts) {
    if (seen.has(g.id)) continue;
    seen.add(g.id);
    out.push(g);
  }
  return out;
}

/** Appends an effect, then drops the cheapest waiting ones past the cap. */
export function enqueueEffect(queue: readonly GiftRecord[], r: GiftRecord, max = EFFECT_QUEUE_MAX): GiftRecord[] {
  const next = [...queue, r];
  while (next.length > max) {
    let drop = 0;
    for (let i = 1; i < next.length; i++) if (next[i]!.total < next[drop]!.total) drop = i;
    next.splice(drop, 1);
  }
  return next;
}

/** One banner: a sender's run of the same gift; combos of it bump the banner instead of adding one. */
export interface Banner {
  key: string;
  record: GiftRecord;
  /** Times this banner was bumped (re-keys the pop animation). */
  bumps: number;
  until: number;
}

export const bannerKey = (r: GiftRecord): string => `${r.sender.id}:${r.receiver.id}:${r.gift_id}:${r.count}`;

/**
 * Shows a record as a banner at `now`: bumps the sender's banner of the same gift when it is up,
 * else takes a free lane, else replaces the banner closest to its end.
 */
export function placeBanner(banners: readonly Banner[], r: GiftRecord, now: number, lanes = BANNER_LANES): Banner[] {
  const live = banners.filter((b) => b.until > now);
  const key = bannerKey(r);
  const same = live.findIndex((b) => b.key === key);
  // A banner holds as long as its tier says, counted again from each bump.
  const fresh: Banner = { key, record: r, bumps: 0, until: now + tierOf(r).banner_ms };
  if (same >= 0) {
    const b = live[same]!;
    // A late, lower combo (out-of-order delivery) keeps the higher number on screen.
    const record = r.combo >= b.record.combo ? r : b.record;
    return live.map((x, i) => (i === same ? { ...x, record, bumps: x.bumps + 1, until: now + tierOf(record).banner_ms } : x));
  }
  if (live.length < lanes) return [...live, fresh];
  let oldest = 0;
  for (let i = 1; i < live.length; i++) if (live[i]!.until < live[oldest]!.until) oldest = i;
  return live.map((x, i) => (i === oldest ? fresh : x));
}

/**
 * New records onto the banners (small gifts live there, a combo bumps its banner), and which of
 * them get the full-screen animation: every send whose tier plays one, in order, one after another.
 */
export function admitGifts(banners: readonly Banner[], fresh: readonly GiftRecord[], now: number): { banners: Banner[]; effects: GiftRecord[] } {
  let next = [...banners];
  const effects: GiftRecord[] = [];
  for (const r of fresh) {
    if (playsFullscreen(r)) effects.push(r);
    next = placeBanner(next, r, now);
  }
  return { banners: next, effects };
}
