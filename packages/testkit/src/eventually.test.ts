import { describe, expect, it } from 'vitest';
import { eventually, EventuallyTimeout } from './eventually.js';
import { freshMobile } from './members.js';

describe('eventually', () => {
  it('returns the first value that holds', async () => {
    let n = 0;
    await expect(eventually(() => (++n >= 3 ? n : false), { interval: 1 })).resolves.toBe(3);
  });
  it('names what it waited for and keeps the last error', async () => {
    const err = await eventually(
      () => {
        throw new Error('not yet');
      },
      { timeout: 30, interval: 5, what: 'the toast' },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EventuallyTimeout);
    expect((err as Error).message).toBe('the toast did not hold within 30 ms: not yet');
  });
});

describe('freshMobile', () => {
  it('gives distinct valid mobiles', () => {
    const a = freshMobile();
    const b = freshMobile();
    expect(a).toMatch(/^1[3-9]\d{9}$/);
    expect(a).not.toBe(b);
  });
});
