import { userInfo } from '@app/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultEphemeral, readRemembered, REMEMBERED_KEYS, STORED_USER_KEYS } from './schema';

const KEY = 'liveapp.session';

/** A fresh store module, hydrated from whatever localStorage holds now. */
async function loadStore() {
  vi.resetModules();
  return (await import('./store')).useSession;
}

const user = {
  id: 7,
  uuid: 'u-7',
  nickname: 'Amy',
  avatar: '',
  vip_level: 1,
  is_anchor: false,
  account: 'amy',
  mobile: '138****0000',
  signature: '',
  gender: 0,
  birthday: null,
  level: 3,
  coin: 123456,
  message_count: 2,
  follow_count: 1,
  fans_count: 2,
  role: 'user',
  is_guest: false,
  invite_code: 'ABC',
  created_at: '2026-01-01T00:00:00Z',
} as const;

describe('session store', () => {
  beforeEach(() => localStorage.clear());

  it('remembers exactly the seed §3 keys, and the danmaku settings', () => {
    expect([...REMEMBERED_KEYS].sort()).toEqual(
      [
        'token',
        'account',
        'rememberMe',
        'userInfo',
        'roomConfig',
        'systemConfig',
        'roomPassword',
        'roomGiftList',
        'userSearch',
        'postDraft',
        'commentDrafts',
        'replyComments',
        'giftVersion',
        'referer',
        'gameList',
        'chatUserInfo',
        'danmaku',
      ].sort(),
    );
  });

  it('validates every field the contract gives a user', () => {
    expect([...STORED_USER_KEYS].sort()).toEqual(Object.keys(userInfo.shape).sort());
  });

  it.each([
    ['not json', '{{{nope'],
    ['a number', '42'],
    ['null', 'null'],
    ['an array', '[1,2,3]'],
    ['state of the wrong type', JSON.stringify({ state: 'x', version: 1 })],
    ['every field wrong', JSON.stringify({ state: Object.fromEntries(REMEMBERED_KEYS.map((k) => [k, { bad: [k] }])), version: 1 })],
  ])('loads defaults from garbage: %s', async (_name, raw) => {
    localStorage.setItem(KEY, raw);
    const s = (await loadStore()).getState();
    expect(s.token).toBe('');
    expect(s.userInfo).toBeNull();
    expect(s.systemConfig).toBeNull();
    expect(s.roomGiftList).toEqual([]);
    expect(s.giftVersion).toBe(0);
  });

  it('keeps the good fields when only some are corrupt', async () => {
    localStorage.setItem(KEY, JSON.stringify({ state: { token: 'tok', account: 99, userInfo: { id: 'x' }, referer: 'INV1' }, version: 0 }));
    const s = (await loadStore()).getState();
    expect(s.token).toBe('tok');
    expect(s.account).toBe('');
    expect(s.userInfo).toBeNull();
    expect(s.referer).toBe('INV1');
  });

  it('reads the danmaku settings field by field: a bad one falls back alone, good ones survive a reload', async () => {
    localStorage.setItem(KEY, JSON.stringify({ state: { danmaku: { mode: 'all', density: 'extreme', avoidFace: false, opacity: 7 } }, version: 1 }));
    const store = await loadStore();
    expect(store.getState().danmaku).toEqual({ mode: 'all', density: 'normal', avoidFace: false, opacity: 1 });
    store.getState().patch({ danmaku: { ...store.getState().danmaku, density: 'high', opacity: 0.5 } });
    expect((await loadStore()).getState().danmaku).toEqual({ mode: 'all', density: 'high', avoidFace: false, opacity: 0.5 });
    localStorage.setItem(KEY, JSON.stringify({ state: { danmaku: 'loud' }, version: 1 }));
    expect((await loadStore()).getState().danmaku).toEqual({ mode: 'bullets', density: 'normal', avoidFace: true, opacity: 1 });
  });

  it('persists remembered keys only, and reads them back after a reload', async () => {
    const store = await loadStore();
    store.getState().signIn({ token: 't1', expires_at: '2026-01-02T00:00:00Z', user }, { account: 'amy', rememberMe: true });
    store.getState().patch({ unreadCount: 5, chatReply: { id: 1 }, userSearch: ['a'] });
    const saved = JSON.parse(localStorage.getItem(KEY)!) as { state: Record<string, unknown> };
    expect(Object.keys(saved.state).sort()).toEqual([...REMEMBERED_KEYS].sort());
    expect(saved.state).not.toHaveProperty('unreadCount');

    const again = (await loadStore()).getState();
    expect(again.token).toBe('t1');
    expect(again.account).toBe('amy');
    expect(again.userInfo?.uuid).toBe('u-7');
    expect(again.userSearch).toEqual(['a']);
    expect(again.unreadCount).toBe(0);
    expect(again.chatReply).toBeNull();
  });

  it('forgets the account without remember-me, and clearSession keeps preferences', async () => {
    const store = await loadStore();
    store.getState().signIn({ token: 't', expires_at: '', user }, { account: 'amy', rememberMe: false });
    expect(store.getState().account).toBe('');
    store.getState().patch({ referer: 'R1' });
    store.getState().clearSession();
    expect(store.getState().token).toBe('');
    expect(store.getState().userInfo).toBeNull();
    expect(store.getState().referer).toBe('R1');
  });

  it('has the session-only defaults of §3', () => {
    const e = defaultEphemeral();
    expect(Object.keys(e.roomSettings).sort()).toEqual(['allowMic', 'audio', 'camera', 'frontCamera', 'pc', 'screen', 'vertical']);
    expect(readRemembered(undefined).token).toBe('');
  });
});
