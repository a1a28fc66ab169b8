import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type Session } from '@app/contract';
import { quickSession } from './helpers/members.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

let s: TestServer;
let a: Session;
let b: Session;
let c: Session;

beforeAll(async () => {
  s = await startTestServer();
  [a, b, c] = await Promise.all([quickSession(s), quickSession(s), quickSession(s)]);
});
afterAll(async () => {
  await s?.close();
});

const info = async (who: Session) => (await s.api.call(api.userInfo, undefined, { token: who.token })).data;

describe('follows', () => {
  it('follows idempotently, counts both sides in user/info, and unfollows idempotently', async () => {
    const first = await s.api.call(api.followAdd, { user_id: b.user.id }, { token: a.token });
    expect(first.code).toBe(200);
    expect(first.data).toEqual({ user_id: b.user.id, is_following: true, is_fan: false, is_friend: false, follow_count: 1, fans_count: 1 });
    const again = await s.api.call(api.followAdd, { user_id: b.user.id }, { token: a.token });
    expect(again.data).toEqual(first.data);
    expect((await info(a)).follow_count).toBe(1);
    expect((await info(b)).fans_count).toBe(1);
    expect((await info(b)).follow_count).toBe(0);

    const del = await s.api.call(api.followDel, { user_id: b.user.id }, { token: a.token });
    expect(del.data).toMatchObject({ is_following: false, follow_count: 0, fans_count: 0 });
    const delAgain = await s.api.call(api.followDel, { user_id: b.user.id }, { token: a.token });
    expect(delAgain.data).toEqual(del.data);
    expect((await info(a)).follow_count).toBe(0);
    expect((await info(b)).fans_count).toBe(0);
  });

  it('keeps counts right under concurrent follows of the same pair', async () => {
    const rs = await Promise.all(Array.from({ length: 6 }, () => s.api.call(api.followAdd, { user_id: c.user.id }, { token: b.token })));
    expect(rs.every((r) => r.code === 200)).toBe(true);
    expect((await info(c)).fans_count).toBe(1);
    expect((await info(b)).follow_count).toBe(1);
    await s.api.call(api.followDel, { user_id: c.user.id }, { token: b.token });
  });

  it('follows each other at the same moment without a deadlock, counting both ways', async () => {
    const [x, y] = await Promise.all([quickSession(s), quickSession(s)]);
    for (let round = 0; round < 3; round++) {
      const both = await Promise.all([
        s.api.call(api.followAdd, { user_id: y.user.id }, { token: x.token }),
        s.api.call(api.followAdd, { user_id: x.user.id }, { token: y.token }),
      ]);
      expect(both.map((r) => r.code)).toEqual([200, 200]);
      expect(await info(x)).toMatchObject({ follow_count: 1, fans_count: 1 });
      const apart = await Promise.all([
        s.api.call(api.followDel, { user_id: y.user.id }, { token: x.token }),
        s.api.call(api.followDel, { user_id: x.user.id }, { token: y.token }),
      ]);
      expect(apart.map((r) => r.code)).toEqual([200, 200]);
      expect(await info(y)).toMatchObject({ follow_count: 0, fans_count: 0 });
    }
  });

  it('makes friends of mutual follows, visible in both lists and in the profile', async () => {
    await s.api.call(api.followAdd, { user_id: b.user.id }, { token: a.token });
    const fans = await s.api.call(api.fansList, { page: 1, size: 20 }, { token: b.token });
    expect(fans.data.total).toBe(1);
    expect(fans.data.list[0]).toMatchObject({ id: a.user.id, nickname: a.user.nickname, is_fan: true, is_following: false, is_friend: false });

    const back = await s.api.call(api.followAdd, { user_id: a.user.id }, { token: b.token });
    expect(back.data).toMatchObject({ is_following: true, is_fan: true, is_friend: true });

    const mine = await s.api.call(api.followList, { page: 1, size: 20 }, { token: a.token });
    expect(mine.data.list.map((u) => [u.id, u.is_friend])).toEqual([[b.user.id, true]]);
    const fansAfter = await s.api.call(api.fansList, {}, { token: b.token });
    expect(fansAfter.data.list[0]).toMatchObject({ id: a.user.id, is_friend: true, is_following: true });

    const profile = await s.api.call(api.userProfile, { user_id: b.user.id }, { token: a.token });
    expect(profile.data).toMatchObject({ id: b.user.id, is_friend: true, follow_count: 1, fans_count: 1, is_blocked: false, is_self: false });
  });

  it('pages newest first with has_more', async () => {
    const fan = await Promise.all([quickSession(s), quickSession(s), quickSession(s)]);
    for (const f of fan) await s.api.call(api.followAdd, { user_id: c.user.id }, { token: f.token });
    const p1 = await s.api.call(api.fansList, { page: 1, size: 2 }, { token: c.token });
    expect(p1.data).toMatchObject({ total: 3, page: 1, size: 2, has_more: true });
    expect(p1.data.list.map((u) => u.id)).toEqual([fan[2]!.user.id, fan[1]!.user.id]);
    const p2 = await s.api.call(api.fansList, { page: 2, size: 2 }, { token: c.token });
    expect(p2.data.list.map((u) => u.id)).toEqual([fan[0]!.user.id]);
    expect(p2.data.has_more).toBe(false);
  });

  it('refuses following oneself, unknown users, guests, and bad input', async () => {
    expect((await s.api.call(api.followAdd, { user_id: a.user.id }, { token: a.token })).code).toBe(ErrorCode.FOLLOW_SELF);
    expect((await s.api.call(api.followDel, { user_id: a.user.id }, { token: a.token })).code).toBe(ErrorCode.FOLLOW_SELF);
    expect((await s.api.call(api.followAdd, { user_id: 99_999_999 }, { token: a.token })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await s.api.call(api.userProfile, { user_id: 99_999_999 }, { token: a.token })).code).toBe(ErrorCode.NOT_FOUND);
    for (const body of [{}, { user_id: 'x' }, { user_id: -1 }, { user_id: 1.5 }, { user_id: b.user.id, extra: 1 }]) {
      const r = await s.api.call(api.followAdd, body, { token: a.token });
      expect([r.status, r.code], JSON.stringify(body)).toEqual([400, ErrorCode.VALIDATION]);
    }
    expect((await s.api.call(api.followDel, {}, { token: a.token })).status).toBe(400);
    expect((await s.api.call(api.fansList, { size: 500 }, { token: a.token })).status).toBe(400);
    expect((await s.api.call(api.followList, { page: 0 }, { token: a.token })).status).toBe(400);
    expect((await s.api.call(api.followAdd, { user_id: b.user.id })).status).toBe(401);

    const guest = await s.api.call(api.visitor, undefined, { headers: { Device: 'social-test-device-1' } });
    const gt = (guest.data as { token: string }).token;
    expect((await s.api.call(api.followAdd, { user_id: b.user.id }, { token: gt })).code).toBe(ErrorCode.GUEST_NOT_ALLOWED);
  });
});
