import { CLIP_MAX_S, CLIP_MIN_S } from '@app/contract';

/** A stretch of a replay to clip, seconds from its start. */
export interface ClipSpan {
  start: number;
  end: number;
}

/** How much of the replay the window's strip shows around the playhead, and how much of it lies before. */
const STRIP_S = 120;
const BEFORE_S = 90;

/** The strip of the replay the window moves on: STRIP_S seconds, most of them before the playhead. */
export function stripAround(at: number, duration: number): ClipSpan {
  const start = Math.max(0, Math.round(Math.min(at - BEFORE_S, duration - STRIP_S)));
  return { start, end: Math.min(Math.floor(duration), start + STRIP_S) };
}

/** Whole `seconds` ending at `end` (Twitch's first offer: what was just seen), kept inside `strip`. */
export function endingAt(end: number, seconds: number, strip: ClipSpan): ClipSpan {
  const e = Math.min(strip.end, Math.max(Math.round(end), strip.start + Math.min(seconds, strip.end - strip.start)));
  return { start: Math.max(strip.start, e - seconds), end: e };
}

/** The window after a drag of one end: kept CLIP_MIN_S–CLIP_MAX_S long by moving the other end. */
export function dragged(prev: ClipSpan, next: ClipSpan, strip: ClipSpan): ClipSpan {
  const startMoved = next.start !== prev.start;
  let { start, end } = next;
  const len = end - start;
  if (len > CLIP_MAX_S) {
    if (startMoved) end = start + CLIP_MAX_S;
    else start = end - CLIP_MAX_S;
  } else if (len < CLIP_MIN_S) {
    if (startMoved) start = Math.max(strip.start, end - CLIP_MIN_S);
    else end = Math.min(strip.end, start + CLIP_MIN_S);
  }
  return { start, end };
}
