/**
 * Which recorded segments a clip takes (decision 0256): whole segments, each starting on a
 * keyframe, so the cut is a copy and lands within one segment of what was asked; never across an
 * ffmpeg restart (a discontinuity: timestamps and codec state reset), so a clip over a restart is
 * shorter and starts after it.
 */
import type { Segment } from '../live/hlsPlaylist.js';

/** The segments taken, and where the first starts in the whole recording, seconds. */
export interface ClipWindow {
  segments: Segment[];
  startS: number;
}

/** Seconds before segment `i`. */
const offsetOf = (all: Segment[], i: number): number => all.slice(0, i).reduce((t, s) => t + s.d, 0);

/** The last `seconds` of a live: segments back from the newest until they cover it, or a restart comes. */
export function lastSeconds(all: Segment[], seconds: number): ClipWindow {
  let i = all.length;
  let covered = 0;
  while (i > 0 && covered < seconds - 0.25) {
    const s = all[i - 1]!;
    i--;
    covered += s.d;
    if (s.disc) break;
  }
  return { segments: all.slice(i), startS: offsetOf(all, i) };
}

/** `seconds` of a replay from `startS`: from the segment holding it, forward until covered or a restart comes. */
export function fromOffset(all: Segment[], startS: number, seconds: number): ClipWindow {
  let t = 0;
  let i = 0;
  while (i < all.length && t + all[i]!.d <= startS) t += all[i++]!.d;
  const first = i;
  let covered = 0;
  while (i < all.length && covered < seconds - 0.25 && (i === first || !all[i]!.disc)) covered += all[i++]!.d;
  return { segments: all.slice(first, i), startS: t };
}

/**
 * A live's segments so far: the recording (saved every few seconds) and, after it, those of the
 * live playlist in storage it does not hold yet (the newest).
 */
export function mergeLive(recorded: Segment[], live: Segment[]): Segment[] {
  const have = new Set(recorded.map((s) => s.key));
  return [...recorded, ...live.filter((s) => !have.has(s.key))];
}
