/*
 * Lane assignment of danmaku, as Bilibili flies them: every line crosses the stage in the same time,
 * so a longer one moves faster. A line may enter a lane when the lane's last line has wholly entered
 * (its tail a gap past the right edge) and, if the new one is faster, cannot catch it up before it
 * has left at the left edge. Lines in a lane then never touch. Pure: the engine gives it widths and
 * times, tests give it numbers.
 */

/** Pixels kept free between two lines of a lane. */
export const LANE_GAP = 16;

/** A line in flight: when it entered (ms, the engine's clock), how wide it is and how fast it goes. */
export interface Flight {
  lane: number;
  start: number;
  width: number;
  /** Pixels per millisecond. */
  speed: number;
}

/** Where a line of this width is at `now`: its head's distance from the right edge (may be negative before it enters). */
export const headAt = (f: Pick<Flight, 'start' | 'speed'>, now: number): number => (now - f.start) * f.speed;

/** Whether a line of `speed` entering now stays clear of `prev` for the whole crossing of a stage `stage` wide. */
export function clearOf(prev: Flight, speed: number, now: number, stage: number, gap = LANE_GAP): boolean {
  if (headAt(prev, now) < prev.width + gap) return false;
  if (speed <= prev.speed) return true;
  // The faster line gains on prev; the tightest moment is when prev's tail leaves the left edge.
  const gone = prev.start + (stage + prev.width) / prev.speed;
  return (gone - now) * speed <= stage - gap;
}

/** The lanes of one stage: which may be used (density, the anchor's face) and the last line of each. */
export class LaneBoard {
  private readonly last = new Map<number, Flight>();

  constructor(
    /** Stage width in px. */
    private stage: number,
    /** Usable lane indices, top first. */
    private lanes: readonly number[],
    /** How long a line takes to cross, ms. */
    private readonly crossMs: number,
  ) {}

  /** New stage size or usable lanes (a resize, a setting, the layout); lines in flight keep their lanes. */
  reshape(stage: number, lanes: readonly number[]): void {
    this.stage = stage;
    this.lanes = lanes;
  }

  /** A lane for a line `width` wide entering at `now`, the topmost free one; null when every lane is busy. */
  place(width: number, now: number): Flight | null {
    const speed = (this.stage + width) / this.crossMs;
    for (const lane of this.lanes) {
      const prev = this.last.get(lane);
      if (prev && !clearOf(prev, speed, now, this.stage)) continue;
      const f: Flight = { lane, start: now, width, speed };
      this.last.set(lane, f);
      return f;
    }
    return null;
  }

  /** Forgets every line (a seek in a replay, the layer cleared). */
  clear(): void {
    this.last.clear();
  }
}

/** Lane indices of a band `height` px tall in lanes of `laneHeight`, minus those touching `blocked` ([top, bottom] px in the band), at most `max`. */
export function usableLanes(height: number, laneHeight: number, max: number, blocked: readonly [number, number] | null): number[] {
  const out: number[] = [];
  const n = Math.floor(height / laneHeight);
  for (let i = 0; i < n && out.length < max; i++) {
    const top = i * laneHeight;
    const bottom = top + laneHeight;
    if (blocked && bottom > blocked[0] && top < blocked[1]) continue;
    out.push(i);
  }
  return out;
}
