/**
 * The creator dashboard's figures of one live, computed from rows (decision 0246): viewers from the
 * worker's samples, gifts and coins from the ledger, stream health from its samples. Pure, so the
 * rule is read in one place.
 */
import type { LiveStats } from '@app/contract';
import { thinEvenly } from '../live/thinEvenly.js';
import type { LiveHealthRow } from '../health/health.tables.js';
import type { LedgerGift } from './creator.repository.js';
import type { ViewerSampleRow } from './creator.tables.js';

/** Points a chart gets at most; the figures are summed over every row. */
export const CHART_POINTS = 360;
/** Gift buckets over the live at most (each at least a minute). */
export const GIFT_BUCKETS = 48;

/** Peak, time-weighted average and viewer-seconds: each sample counts its viewers for the span it stands for. */
export function viewerFigures(rows: readonly ViewerSampleRow[]): LiveStats['viewers'] {
  let peak = 0;
  let watchMs = 0;
  let spanMs = 0;
  for (const r of rows) {
    peak = Math.max(peak, r.viewers);
    watchMs += r.viewers * r.ms;
    spanMs += r.ms;
  }
  const list = thinEvenly(rows, CHART_POINTS, (r) => r.viewers === peak).map((r) => ({ at: r.at, viewers: r.viewers }));
  return { peak, average: spanMs > 0 ? Math.round(watchMs / spanMs) : 0, watch_s: Math.round(watchMs / 1000), list };
}

/** Coins, the anchor's share, sends and senders, and the coins per bucket from the start to `endMs`. */
export function giftFigures(gifts: readonly LedgerGift[], startMs: number, endMs: number): LiveStats['gifts'] {
  const bucketMs = Math.max(60_000, Math.ceil((endMs - startMs) / GIFT_BUCKETS / 60_000) * 60_000);
  const n = Math.max(1, Math.ceil((endMs - startMs) / bucketMs));
  const list = Array.from({ length: n }, (_, i) => ({ at: new Date(startMs + i * bucketMs).toISOString(), coins: 0, count: 0 }));
  let coins = 0;
  let fees = 0;
  for (const g of gifts) {
    coins += g.coins;
    fees += g.fee;
    const b = list[Math.min(n - 1, Math.max(0, Math.floor((Date.parse(g.created_at) - startMs) / bucketMs)))]!;
    b.coins += g.coins;
    b.count += 1;
  }
  const senders = new Set(gifts.map((g) => g.sender_id)).size;
  return { coins, earnings: coins - fees, count: gifts.length, senders, list, bucket_s: bucketMs / 1000 };
}

/** The senders who spent most, most first (ties: the earlier first sender). */
export function topGifters(gifts: readonly LedgerGift[], max: number): { id: number; coins: number; count: number }[] {
  const by = new Map<number, { id: number; coins: number; count: number }>();
  for (const g of gifts) {
    const s = by.get(g.sender_id) ?? { id: g.sender_id, coins: 0, count: 0 };
    s.coins += g.coins;
    s.count += 1;
    by.set(g.sender_id, s);
  }
  return [...by.values()].sort((a, b) => b.coins - a.coins).slice(0, max);
}

/**
 * The live's stream health, from one source: the anchor's browser (`client`) when it reported, else
 * what the server measured on the WHIP ingest (an OBS anchor) — the two describe the same stream.
 */
export function healthFigures(rows: readonly LiveHealthRow[]): LiveStats['health'] {
  const client = rows.filter((r) => r.source === 'client');
  const picked = client.length > 0 ? client : rows.filter((r) => r.source === 'ingest');
  const fps = picked.flatMap((r) => (r.fps === null ? [] : [Number(r.fps)]));
  const loss = picked.flatMap((r) => (r.loss === null ? [] : [Number(r.loss)]));
  const mean = (xs: number[]) => (xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  const bitrate = mean(picked.map((r) => r.bitrate));
  const fpsAvg = mean(fps);
  return {
    samples: picked.length,
    bitrate_avg: bitrate === null ? null : Math.round(bitrate),
    fps_avg: fpsAvg === null ? null : Math.round(fpsAvg * 10) / 10,
    loss_max: loss.length > 0 ? Math.max(...loss) : null,
    list: thinEvenly(picked, CHART_POINTS, () => false).map((r) => ({ at: r.at, bitrate: r.bitrate, fps: r.fps === null ? null : Number(r.fps) })),
  };
}
