import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../state/session';
import { captureReferral } from './boot';
import { ChunkTimeoutError, withTimeout } from './lazyScreen';

describe('referral capture', () => {
  beforeEach(() => getSession().patch({ referer: '' }));

  it('reads ?ref= before the hash or inside it', () => {
    expect(captureReferral('http://x/?ref=AB12#/pages/login/register')).toBe('AB12');
    expect(getSession().referer).toBe('AB12');
    expect(captureReferral('http://x/#/pages/login/register?invite_code=ZZ9')).toBe('ZZ9');
    expect(getSession().referer).toBe('ZZ9');
  });

  it('ignores junk and keeps the stored referer', () => {
    getSession().patch({ referer: 'KEEP' });
    expect(captureReferral('http://x/?ref=%3Cscript%3E#/')).toBeNull();
    expect(captureReferral('http://x/#/pages/index/index')).toBeNull();
    expect(getSession().referer).toBe('KEEP');
  });
});

describe('chunk load timeout (§8: 120 s)', () => {
  it('rejects a load that hangs past the limit', async () => {
    vi.useFakeTimers();
    const hung = withTimeout(new Promise(() => undefined));
    const caught = hung.catch((e: unknown) => e);
    vi.advanceTimersByTime(119_999);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    expect(await caught).toBeInstanceOf(ChunkTimeoutError);
    vi.useRealTimers();
  });

  it('passes a load that finishes in time through', async () => {
    await expect(withTimeout(Promise.resolve('ok'), 50)).resolves.toBe('ok');
    await expect(withTimeout(Promise.reject(new Error('404')), 50)).rejects.toThrow('404');
  });
});
