/**
 * Live previews on a real server (SQLite, or PostgreSQL + Redis with TEST_DATABASE_URL): an anchor
 * schedules, edits and cancels; bad input is refused naming the field; members toggle 提醒我 and the
 * anchor sees the count; the sweep reminds each member once at T−5 min by the injected clock (a
 * notice, and a push to a subscribed browser), not before, not twice, not after a cancel; going live
 * near the time makes the preview done, linking to the room.
 */
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type LivePreview, type PushPayload, type Session } from '@app/contract';
import { eventually, vapidKeyPair } from '@app/testkit';
import { fakeClock } from './helpers/fakeClock.js';
import { PushStandIn } from './helpers/pushStandIn.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { anchor, member, openRoom, operator } from './roomHarness.js';

const MIN = 60_000;
const { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY } = vapidKeyPair();
const clock = fakeClock();
const pushService = new PushStandIn(VAPID_PUBLIC_KEY);
const trusted = https.globalAgent.options.ca;
let s: TestServer;
let op: Session;

beforeAll(async () => {
  await pushService.start();
  https.globalAgent.options.ca = [...rootCertificates, pushService.cert];
  s = await startTestServer({
    clock,
    // The test runs the sweep itself; the worker's own round waits longer than the file.
    env: { PREVIEW_SWEEP_MS: '300000', VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: 'mailto:ops@example.com', PUSH_POLL_MS: '50' },
  });
  op = await operator(s);
});
afterAll(async () => {
  await s?.close();
  await pushService.stop();
  https.globalAgent.options.ca = trusted;
});

const at = (ms: number) => new Date(clock.now() + ms).toISOString();
const create = (who: Session, body: Record<string, unknown>) => s.api.call(api.previewCreate, body as never, { token: who.token });
const scheduled = async (who: Session, title: string, inMs: number): Promise<LivePreview> => {
  const r = await create(who, { title, starts_at: at(inMs) });
  expect(r.code, r.msg).toBe(200);
  return r.data;
};
const remind = (who: Session, preview_id: number, on = true) => s.api.call(api.previewRemind, { preview_id, on }, { token: who.token });
const reminders = async (who: Session) =>
  (await s.api.call(api.messageFetch, { page: 1, size: 50 }, { token: who.token })).data.list.filter((n) => n.kind === 'live_preview');
const follow = async (who: Session, target: Session) =>
  expect((await s.api.call(api.followAdd, { user_id: target.user.id }, { token: who.token })).code).toBe(200);

describe('live previews', () => {
  it('schedules, edits and cancels; followers see it, toggle 提醒我, and the anchor sees the count', async () => {
    const star = await anchor(s, op);
    const fan = await member(s);
    const other = await member(s);
    await follow(fan, star);

    const p = await scheduled(star, '周五晚上唱歌', 60 * MIN);
    expect(p).toMatchObject({ title: '周五晚上唱歌', status: 'scheduled', room_id: null, reminded: false, reminders: 0, anchor: { id: star.user.id } });

    const edited = await s.api.call(api.previewEdit, { preview_id: p.id, title: '周五晚上唱情歌', starts_at: at(90 * MIN) }, { token: star.token });
    expect(edited.code, edited.msg).toBe(200);
    expect(edited.data.title).toBe('周五晚上唱情歌');
    expect(Date.parse(edited.data.starts_at) - clock.now()).toBeGreaterThan(89 * MIN);

    // The follower sees it in 关注's strip and on the anchor's card; a stranger sees it on the card only.
    const strip = (await s.api.call(api.previewFollowing, undefined, { token: fan.token })).data.list;
    expect(strip.map((x) => x.id)).toEqual([p.id]);
    expect(strip[0]!.reminders).toBeNull();
    expect((await s.api.call(api.previewFollowing, undefined, { token: other.token })).data.list).toEqual([]);
    expect((await s.api.call(api.previewOfAnchor, { anchor_id: star.user.id })).data.list.map((x) => x.id)).toEqual([p.id]);

    const on = await remind(fan, p.id);
    expect([on.code, on.data.reminded]).toEqual([200, true]);
    expect((await remind(other, p.id)).data.reminded).toBe(true);
    const off = await remind(other, p.id, false);
    expect(off.data.reminded).toBe(false);
    const own = (await s.api.call(api.previewOfAnchor, { anchor_id: star.user.id }, { token: star.token })).data.list[0]!;
    expect(own.reminders).toBe(1);
    expect((await s.api.call(api.previewOfAnchor, { anchor_id: star.user.id }, { token: fan.token })).data.list[0]).toMatchObject({
      reminded: true,
      reminders: null,
    });

    const cancelled = await s.api.call(api.previewCancel, { preview_id: p.id }, { token: star.token });
    expect(cancelled.data.status).toBe('cancelled');
    expect((await s.api.call(api.previewFollowing, undefined, { token: fan.token })).data.list).toEqual([]);
    const again = await s.api.call(api.previewCancel, { preview_id: p.id }, { token: star.token });
    expect(again.code).toBe(ErrorCode.PREVIEW_CLOSED);
    expect((await remind(fan, p.id)).code).toBe(ErrorCode.PREVIEW_CLOSED);
  });

  it('refuses bad input naming the field: past, too far, too many, empty or long title, not an anchor, another anchor’s preview', async () => {
    const star = await anchor(s, op);
    const rival = await anchor(s, op);
    const plain = await member(s);
    const field = async (r: Promise<{ status: number; code: number; msg: string }>, name: string) => {
      const got = await r;
      expect([got.status, got.code], got.msg).toEqual([400, ErrorCode.VALIDATION]);
      expect(got.msg).toContain(name);
    };
    await field(create(star, { title: '晚上见', starts_at: at(-MIN) }), 'starts_at');
    await field(create(star, { title: '晚上见', starts_at: at(5 * MIN) }), 'starts_at');
    await field(create(star, { title: '晚上见', starts_at: at(31 * 24 * 60 * MIN) }), 'starts_at');
    await field(create(star, { title: '晚上见', starts_at: 'tomorrow' }), 'starts_at');
    await field(create(star, { title: '   ', starts_at: at(60 * MIN) }), 'title');
    await field(create(star, { title: '长'.repeat(31), starts_at: at(60 * MIN) }), 'title');
    expect((await create(plain, { title: '晚上见', starts_at: at(60 * MIN) })).code).toBe(ErrorCode.NOT_ANCHOR);

    const first = await scheduled(star, '第一场', 60 * MIN);
    await scheduled(star, '第二场', 120 * MIN);
    await scheduled(star, '第三场', 180 * MIN);
    const fourth = await create(star, { title: '第四场', starts_at: at(240 * MIN) });
    expect(fourth.code).toBe(ErrorCode.PREVIEW_TOO_MANY);

    const theirs = await s.api.call(api.previewEdit, { preview_id: first.id, title: '抢过来' }, { token: rival.token });
    expect(theirs.code).toBe(ErrorCode.PREVIEW_NOT_OWN);
    expect(theirs.msg).toContain('preview_id');
    expect((await s.api.call(api.previewCancel, { preview_id: first.id }, { token: rival.token })).code).toBe(ErrorCode.PREVIEW_NOT_OWN);
    await field(s.api.call(api.previewEdit, { preview_id: first.id, starts_at: at(MIN) }, { token: star.token }), 'starts_at');
    await field(remind(star, first.id), 'preview_id');
    const missing = await remind(plain, 99_999_999);
    expect([missing.code, missing.msg.includes('preview_id')]).toEqual([ErrorCode.NOT_FOUND, true]);
    // Nothing of the refused edits was written.
    const kept = (await s.api.call(api.previewOfAnchor, { anchor_id: star.user.id })).data.list.find((x) => x.id === first.id)!;
    expect(kept.title).toBe('第一场');
  });

  it('reminds each member once at T−5 min by notice and push, not before, not twice, not after a cancel or the time', async () => {
    const star = await anchor(s, op);
    const fan = await member(s);
    const later = await member(s);
    const quitter = await member(s);
    const missed = await member(s);
    const sub = pushService.subscription();
    expect((await s.api.call(api.pushSubscribe, { endpoint: sub.endpoint, keys: sub.keys, lang: 'en' }, { token: fan.token })).code).toBe(200);

    const p = await scheduled(star, '早安电台', 20 * MIN);
    const dropped = await scheduled(star, '取消的那场', 20 * MIN);
    const unswept = await scheduled(star, '没扫到的那场', 25 * MIN);
    await remind(fan, p.id);
    await remind(quitter, p.id);
    await remind(quitter, p.id, false);
    await remind(fan, dropped.id);
    await remind(missed, unswept.id);

    // T−6 min: nothing yet.
    clock.advance(14 * MIN);
    expect(await s.services.previews.sweep()).toBe(0);
    expect(await reminders(fan)).toEqual([]);

    // The cancelled one is never sent; the other inside its five minutes, once, however often the sweep runs.
    expect((await s.api.call(api.previewCancel, { preview_id: dropped.id }, { token: star.token })).code).toBe(200);
    clock.advance(2 * MIN);
    expect(await s.services.previews.sweep()).toBe(1);
    await Promise.all([s.services.previews.sweep(), s.services.previews.sweep()]);
    const [n, ...more] = await reminders(fan);
    expect(more).toEqual([]);
    expect(n!.params).toMatchObject({ name: star.user.nickname, title: '早安电台', at: p.starts_at });
    expect(await reminders(quitter)).toEqual([]);
    const pushed = await eventually(() =>
      pushService
        .of(sub)
        .map((r) => r.data as PushPayload)
        .find((x) => x.tag === `preview-${p.id}`),
    );
    expect(pushed).toMatchObject({ kind: 'live', body: '早安电台' });
    expect(pushed.title).toContain(star.user.nickname);

    // A member who taps 提醒我 inside the five minutes is reminded at the next sweep, also once.
    await remind(later, p.id);
    await s.services.previews.sweep();
    await s.services.previews.sweep();
    expect(await reminders(later)).toHaveLength(1);
    expect(await reminders(fan)).toHaveLength(1);

    // A preview whose five minutes passed without a sweep is not reminded of after its time.
    clock.advance(10 * MIN);
    expect(await s.services.previews.sweep()).toBe(0);
    expect(await reminders(missed)).toEqual([]);
  });

  it('going live near the time makes the preview done and links the room; a preview nobody went live for expires', async () => {
    const star = await anchor(s, op);
    const fan = await member(s);
    await follow(fan, star);
    const p = await scheduled(star, '准时开播', 15 * MIN);
    const lonely = await scheduled(star, '放鸽子', 24 * 60 * MIN);

    clock.advance(10 * MIN);
    const room = await openRoom(s, star, { title: '准时开播' });
    const done = await eventually(async () => {
      const list = (await s.api.call(api.previewFollowing, undefined, { token: fan.token })).data.list;
      const x = list.find((y) => y.id === p.id);
      return x?.status === 'done' ? x : undefined;
    });
    expect(done.room_id).toBe(room.id);
    expect((await s.api.call(api.previewOfAnchor, { anchor_id: star.user.id })).data.list.find((x) => x.id === lonely.id)?.status).toBe('scheduled');
    expect((await s.api.call(api.previewEdit, { preview_id: p.id, title: '改不了' }, { token: star.token })).code).toBe(ErrorCode.PREVIEW_CLOSED);

    // A day and the grace on, the other is expired: off the lists, and it no longer counts.
    clock.advance(25 * 60 * MIN);
    expect((await s.api.call(api.previewOfAnchor, { anchor_id: star.user.id })).data.list).toEqual([]);
    expect((await s.api.call(api.previewCancel, { preview_id: lonely.id }, { token: star.token })).code).toBe(ErrorCode.PREVIEW_CLOSED);
  });
});
