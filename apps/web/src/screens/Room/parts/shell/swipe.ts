/** A vertical drag in progress: where it started, how far and how long it has moved. */
export interface Drag {
  x: number;
  y: number;
  t: number;
  dy: number;
  dt: number;
  /** null until the drag has moved enough to tell vertical from horizontal. */
  vertical: boolean | null;
}

/** A quarter of the screen, or a flick faster than this (px/ms) over at least 40 px, moves to the neighbour. */
const DISTANCE = 0.25;
const FLICK_SPEED = 0.5;
const FLICK_MIN = 40;

/** Where a released drag goes: up to the next room, down to the previous one, or back. */
export function swipeOutcome(d: Pick<Drag, 'dy' | 'dt'>, height: number, has: { prev: boolean; next: boolean }): 'next' | 'prev' | 'stay' {
  const far = Math.abs(d.dy) >= height * DISTANCE;
  const flick = Math.abs(d.dy) >= FLICK_MIN && d.dt > 0 && Math.abs(d.dy) / d.dt >= FLICK_SPEED;
  if (!far && !flick) return 'stay';
  if (d.dy < 0) return has.next ? 'next' : 'stay';
  return has.prev ? 'prev' : 'stay';
}
