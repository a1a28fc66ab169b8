import { describe, expect, it } from 'vitest';
import { canMove, move } from './g2048.logic.js';

const row = (...v: number[]) => [...v, ...new Array(12).fill(0)];

describe('2048 moves', () => {
  it('merges each pair once, toward the wall, and scores the merged values', () => {
    expect(move(row(2, 2, 2, 2), 'left')).toEqual({ board: row(4, 4, 0, 0), points: 8, moved: true });
    expect(move(row(4, 4, 8, 0), 'left')).toEqual({ board: row(8, 8, 0, 0), points: 8, moved: true });
    expect(move(row(2, 0, 2, 4), 'right')).toEqual({ board: row(0, 0, 4, 4), points: 4, moved: true });
  });

  it('moves columns up and down', () => {
    const b = new Array(16).fill(0);
    b[0] = 2;
    b[8] = 2;
    const up = move(b, 'up');
    expect(up.board[0]).toBe(4);
    expect(up.points).toBe(4);
    expect(move(b, 'down').board[12]).toBe(4);
  });

  it('reports a move that changes nothing, and a full board without pairs as the end', () => {
    expect(move(row(2, 4, 8, 16), 'left').moved).toBe(false);
    const full = [2, 4, 2, 4, 4, 2, 4, 2, 2, 4, 2, 4, 4, 2, 4, 2];
    expect(canMove(full)).toBe(false);
    full[1] = 2;
    expect(canMove(full)).toBe(true);
  });
});
