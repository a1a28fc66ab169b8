import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../session';
import { queryClient } from './client';
import { startIdentityReset } from './identity';

const user = (id: number, is_guest: boolean) => ({
  id,
  uuid: `u-${id}`,
  nickname: `n${id}`,
  avatar: '',
  vip_level: 0,
  is_anchor: false,
  account: '',
  mobile: '',
  signature: '',
  gender: 0 as const,
  birthday: null,
  level: 1,
  coin: 0,
  message_count: 0,
  follow_count: 0,
  fans_count: 0,
  role: 'user' as const,
  is_guest,
  invite_code: '',
  created_at: '2026-01-01T00:00:00Z',
});

describe('cache reset when the session changes hands', () => {
  let stop: () => void = () => undefined;
  afterEach(() => {
    stop();
    getSession().clearSession();
    queryClient.clear();
  });

  it('drops what the guest fetched once a member logs in, and what the member fetched at logout', () => {
    getSession().signIn({ token: 'guest-token', expires_at: '', user: user(1, true) });
    stop = startIdentityReset();
    queryClient.setQueryData(['user', 'info'], { id: 1 });
    getSession().signIn({ token: 'member-token', expires_at: '', user: user(2, false) });
    expect(queryClient.getQueryData(['user', 'info'])).toBeUndefined();

    queryClient.setQueryData(['wallet'], { coin: 5 });
    getSession().clearSession();
    expect(queryClient.getQueryData(['wallet'])).toBeUndefined();
  });

  it('fetches nothing at logout: a query still on screen is dropped, not refetched without a token', async () => {
    getSession().signIn({ token: 'member-token', expires_at: '', user: user(4, false) });
    stop = startIdentityReset();
    const fetchInfo = vi.fn(async () => ({ id: 4 }));
    const observer = new QueryObserver(queryClient, { queryKey: ['user', 'info'], queryFn: fetchInfo });
    const off = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(queryClient.getQueryData(['user', 'info'])).toEqual({ id: 4 }));
    getSession().clearSession();
    expect([fetchInfo.mock.calls.length, queryClient.getQueryData(['user', 'info'])]).toEqual([1, undefined]);
    off();
  });

  it('keeps the anonymous cache when a first session starts', () => {
    getSession().clearSession();
    stop = startIdentityReset();
    queryClient.setQueryData(['live', 'list'], [1, 2]);
    getSession().signIn({ token: 'first-token', expires_at: '', user: user(3, true) });
    expect(queryClient.getQueryData(['live', 'list'])).toEqual([1, 2]);
  });
});
