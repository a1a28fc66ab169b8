import { describe, expect, it } from 'vitest';
import { swipeOutcome } from './swipe';

const both = { prev: true, next: true };

describe('swipeOutcome', () => {
  it('moves up to the next room and down to the previous one past a quarter of the screen', () => {
    expect(swipeOutcome({ dy: -220, dt: 900 }, 800, both)).toBe('next');
    expect(swipeOutcome({ dy: 220, dt: 900 }, 800, both)).toBe('prev');
  });
  it('moves on a quick flick, stays on a short or slow drag', () => {
    expect(swipeOutcome({ dy: -80, dt: 100 }, 800, both)).toBe('next');
    expect(swipeOutcome({ dy: -30, dt: 20 }, 800, both)).toBe('stay');
    expect(swipeOutcome({ dy: -120, dt: 800 }, 800, both)).toBe('stay');
  });
  it('stays when there is no room that way', () => {
    expect(swipeOutcome({ dy: -400, dt: 300 }, 800, { prev: true, next: false })).toBe('stay');
    expect(swipeOutcome({ dy: 400, dt: 300 }, 800, { prev: false, next: true })).toBe('stay');
  });
});
