import { describe, expect, it } from 'vitest';
import { decideAccess, normalizePath, WHITELIST } from './guard';
import { PATHS } from '../lib/paths';

const OPEN = [
  '/pages/update/index',
  '/',
  '/pages/index/index',
  '/pages/login/index',
  '/pages/login/forget',
  '/pages/login/register',
  '/pages/room/index',
  '/pages/room/newroom',
  '/pages/rank/index',
  '/pages/live/index',
  '/pages/index/video',
  '/pages/index/uploadVd',
  '/pages/forum/index',
  '/pages/forum/details',
  '/pages/index/notice',
  '/pages/game/index',
];

describe('login guard', () => {
  it.each(OPEN)('opens whitelisted %s without a token', (path) => {
    expect(decideAccess(path, false)).toBe('open');
  });

  it('whitelists nothing else than §2 (plus the two aliases)', () => {
    expect([...WHITELIST].sort()).toEqual([...OPEN, PATHS.launchAlias, PATHS.newroomAlias].sort());
  });

  const protectedPaths = Object.values(PATHS).filter((p) => !WHITELIST.has(p));
  it.each(protectedPaths)('sends %s to login without a token, opens it with one', (path) => {
    expect(decideAccess(path, false)).toBe('login');
    expect(decideAccess(path, true)).toBe('open');
  });

  it.each(protectedPaths)('asks a guest session to log in for %s', (path) => {
    expect(decideAccess(path, true, true)).toBe('login');
  });

  it.each([...WHITELIST])('opens %s to a guest session', (path) => {
    expect(decideAccess(path, true, true)).toBe('open');
  });

  it('protects more than twenty pages', () => expect(protectedPaths.length).toBeGreaterThan(20));

  it('ignores query strings and trailing slashes', () => {
    expect(normalizePath('/pages/index/notice?id=3')).toBe('/pages/index/notice');
    expect(decideAccess('/pages/index/notice/?id=3', false)).toBe('open');
    expect(decideAccess('/pages/user/index?x=1', false)).toBe('login');
    expect(decideAccess('/pages/unknown', false)).toBe('open'); // the not-found page, for everyone
  });

  it('opens an unknown path to everyone (the not-found page), and still guards the known ones', () => {
    expect(decideAccess('/pages/nothing/here', false)).toBe('open');
    expect(decideAccess('/no/such/page?x=1', false, true)).toBe('open');
    expect(decideAccess(PATHS.walletRecord, false)).toBe('login');
    expect(decideAccess('/admin/users', false)).toBe('login');
  });
});
