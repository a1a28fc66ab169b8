import type { Dir } from './swipe.js';

/** Board side. */
export const N = 4;
/** Tiles row by row, 0 = empty. */
export type Board = number[];

/** Slides one line toward index 0: merged values and the points they earned. */
function slide(line: number[]): { out: number[]; points: number } {
  const vals = line.filter((v) => v > 0);
  const out: number[] = [];
  let points = 0;
  for (let i = 0; i < vals.length; i++) {
    if (vals[i] === vals[i + 1]) {
      out.push(vals[i]! * 2);
      points += vals[i]! * 2;
      i++;
    } else out.push(vals[i]!);
  }
  while (out.length < N) out.push(0);
  return { out, points };
}

/** Indexes of each line in the direction of the move, nearest the wall first. */
function lines(d: Dir): number[][] {
  const ls: number[][] = [];
  for (let a = 0; a < N; a++) {
    const l: number[] = [];
    for (let b = 0; b < N; b++) {
      const r = d === 'up' ? b : d === 'down' ? N - 1 - b : a;
      const c = d === 'left' ? b : d === 'right' ? N - 1 - b : a;
      l.push(r * N + c);
    }
    ls.push(l);
  }
  return ls;
}

export function move(board: Board, d: Dir): { board: Board; points: number; moved: boolean } {
  const next = board.slice();
  let points = 0;
  for (const l of lines(d)) {
    const r = slide(l.map((i) => board[i]!));
    points += r.points;
    l.forEach((idx, k) => (next[idx] = r.out[k]!));
  }
  return { board: next, points, moved: next.some((v, i) => v !== board[i]) };
}

export const canMove = (b: Board) => (['up', 'down', 'left', 'right'] as Dir[]).some((d) => move(b, d).moved);
