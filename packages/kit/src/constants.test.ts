import { describe, expect, it } from 'vitest';
import { APP_VERSION, APP_VERSION_CODE, SOCKET_RECONNECT, compareVersion } from './constants.js';

describe('compareVersion', () => {
  it.each([
    ['1.8.1', '1.8.1', 0],
    ['1.8.1', '1.8.0', 1],
    ['1.8.0', '1.8.1', -1],
    ['1.10.0', '1.9.9', 1], // numeric, not lexicographic
    ['2', '1.99.99', 1],
    ['1.8', '1.8.0', 0], // missing parts count as 0
    ['1.8', '1.8.0.1', -1],
    ['v1.8.1', '1.8.1', 0],
    [' 1.8.1 ', '1.8.1', 0],
    ['1.08.1', '1.8.1', 0],
    ['1.x.1', '1.0.1', 0], // non-numeric parts count as 0
    ['1.8.1-beta', '1.8.1', 0], // parseInt reads the leading number
  ] as const)('compareVersion(%j, %j) = %d', (a, b, want) => {
    expect(compareVersion(a, b)).toBe(want);
    expect(compareVersion(b, a)).toBe(want === 0 ? 0 : -want);
  });
});

describe('app constants', () => {
  it('APP_VERSION_CODE matches APP_VERSION', () => {
    expect(APP_VERSION_CODE).toBe(Number(APP_VERSION.split('.').join('')));
  });

  it('socket backoff doubles from delayMs up to maxDelayMs within the attempts', () => {
    const delays = Array.from({ length: SOCKET_RECONNECT.attempts }, (_, i) => Math.min(SOCKET_RECONNECT.delayMs * 2 ** i, SOCKET_RECONNECT.maxDelayMs));
    expect(delays).toEqual([1000, 2000, 4000, 5000, 5000]);
  });
});
