/** A "nice" top for a chart axis (1, 2, 2.5 or 5 × 10^n) at or above the largest value; 0 data gives 1. */
export function niceMax(max: number): number {
  if (!Number.isFinite(max) || max <= 0) return 1;
  const exp = 10 ** Math.floor(Math.log10(max));
  const f = max / exp;
  const step = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
  return step * exp;
}

/** Which x labels to print so they do not collide: every label up to `room`, else evenly spaced ones, always the last. */
export function labelIndexes(count: number, room = 7): number[] {
  if (count <= 0) return [];
  if (count <= room) return Array.from({ length: count }, (_, i) => i);
  const every = Math.ceil((count - 1) / (room - 1));
  const out: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) out.unshift(i);
  return out;
}
