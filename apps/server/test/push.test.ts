/**
 * Web Push through the `web-push` SDK to a push service stand-in on 127.0.0.1 (RFC 8030/8291/8292):
 * a member's browser subscribes with keys the test made, a go-live alert and a private message each
 * arrive encrypted and VAPID-signed and decrypt to what the service worker shows, the alert rules
 * hold (one per anchor per hour, the per-anchor switch, a muted conversation), a subscription the
 * push service answers 410 is removed, and bad input is refused naming the field.
 */
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type PushPayload, type Session } from '@app/contract';
import { eventually, vapidKeyPair } from '@app/testkit';
import { loadConfig } from '../src/config.js';
import { fakeClock } from './helpers/fakeClock.js';
import { PushStandIn, type StandInSubscription } from './helpers/pushStandIn.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { anchor, member, openRoom, operator } from './roomHarness.js';

/** The server's VAPID key pair, made here (as `npm run admin -- push-keys` makes one). */
const { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY } = vapidKeyPair();

const clock = fakeClock();
const service = new PushStandIn(VAPID_PUBLIC_KEY);
let s: TestServer;
let op: Session;
let seq = 0;

const trusted = https.globalAgent.options.ca;

beforeAll(async () => {
  await service.start();
  // The server reaches push services with node:https (web-push): it trusts the stand-in's certificate too.
  https.globalAgent.options.ca = [...rootCertificates, service.cert];
  s = await startTestServer({
    clock,
    env: {
      VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY,
      VAPID_SUBJECT: 'mailto:ops@example.com',
      PUSH_POLL_MS: '50',
    },
  });
  op = await operator(s);
});
afterAll(async () => {
  await s?.close();
  await service.stop();
  https.globalAgent.options.ca = trusted;
});

const subscribe = async (who: Session, lang: 'zh-CN' | 'en' = 'zh-CN'): Promise<StandInSubscription> => {
  const sub = service.subscription();
  const r = await s.api.call(api.pushSubscribe, { endpoint: sub.endpoint, keys: sub.keys, lang }, { token: who.token });
  expect([r.code, r.data]).toEqual([200, { subscribed: true }]);
  return sub;
};
const follow = async (who: Session, target: Session) =>
  expect((await s.api.call(api.followAdd, { user_id: target.user.id }, { token: who.token })).code).toBe(200);
const close = async (who: Session, roomId: number) => expect((await s.api.call(api.roomClose, { room_id: roomId }, { token: who.token })).code).toBe(200);
const say = async (from: Session, to: Session, content: string) =>
  expect(
    (await s.api.call(api.chatSend, { to_user_id: to.user.id, client_id: `push${process.pid}x${++seq}`, type: 'text', content }, { token: from.token })).code,
  ).toBe(200);
/** The decrypted payloads a subscription received. */
const got = (sub: StandInSubscription) => service.of(sub).map((r) => r.data as PushPayload);
const subscriptions = async (endpoint: string) =>
  (await s.deps.db.kysely.selectFrom('push_subscriptions').select('id').where('endpoint', '=', endpoint).execute()).length;

describe('web push', () => {
  it('hands browsers the VAPID public key', async () => {
    expect((await s.api.call(api.commonConfig)).data.push_public_key).toBe(VAPID_PUBLIC_KEY);
  });

  it('pushes a go-live alert and a private message, encrypted to the subscription and VAPID-signed, once per anchor per hour', async () => {
    const star = await anchor(s, op);
    const fan = await member(s);
    const reader = await member(s);
    const quiet = await member(s);
    for (const who of [fan, reader, quiet]) await follow(who, star);
    expect((await s.api.call(api.liveAlertSet, { anchor_id: star.user.id, on: false }, { token: quiet.token })).code).toBe(200);
    const phone = await subscribe(fan);
    const english = await subscribe(reader, 'en');
    const muted = await subscribe(quiet);

    const room = await openRoom(s, star, { title: '今晚唱歌' });
    const [alert] = await eventually(() => (got(phone).length > 0 ? got(phone) : undefined));
    expect(alert).toMatchObject({
      kind: 'live',
      title: `${star.user.nickname} 开播了`,
      body: '今晚唱歌',
      path: `/pages/room/index?id=${room.id}`,
      tag: `live-${star.user.id}`,
    });
    const [received] = service.of(phone);
    expect(received).toMatchObject({ topic: `live-${star.user.id}`, urgency: 'high' });
    expect(received!.ttl).toBeGreaterThan(3000);
    const [inEnglish] = await eventually(() => (got(english).length > 0 ? got(english) : undefined));
    expect(inEnglish!.title).toBe(`${star.user.nickname} just went live`);

    // Reopened within the hour: no second push. A private message sent after the reopen arrives,
    // so the reopen's alert (which ran first) had its chance.
    await close(star, room.id);
    clock.advance(30 * 60 * 1000);
    const again = await openRoom(s, star);
    await say(star, fan, '我开播啦，快来');
    const chat = await eventually(() => got(phone).find((p) => p.kind === 'chat'));
    expect(chat).toMatchObject({
      title: star.user.nickname,
      body: '我开播啦，快来',
      path: `/pages/chats/chat?uid=${star.user.id}`,
      tag: `chat-${star.user.id}`,
    });
    expect(got(phone).filter((p) => p.kind === 'live')).toHaveLength(1);

    // An hour after the first alert the next go-live pushes again; the switched-off follower never hears one.
    await close(star, again.id);
    clock.advance(31 * 60 * 1000);
    const third = await openRoom(s, star);
    await eventually(() => got(phone).filter((p) => p.kind === 'live').length === 2);
    expect(got(phone).at(-1)!.path).toBe(`/pages/room/index?id=${third.id}`);
    expect(service.of(muted)).toEqual([]);
    expect(service.refused).toEqual([]);
  });

  it('pushes nothing for a conversation the receiver muted', async () => {
    const [a, b] = [await member(s), await member(s)];
    const sub = await subscribe(b);
    expect((await s.api.call(api.chatSetting, { user_id: a.user.id, muted: true }, { token: b.token })).code).toBe(200);
    await say(a, b, '静音了吗');
    // The next message, unmuted, arrives: the muted one had its chance before it.
    expect((await s.api.call(api.chatSetting, { user_id: a.user.id, muted: false }, { token: b.token })).code).toBe(200);
    await say(a, b, '现在呢');
    await eventually(() => got(sub).length > 0);
    expect(got(sub).map((p) => p.body)).toEqual(['现在呢']);
  });

  it('removes a subscription the push service answers 410, and forgets one on unsubscribe', async () => {
    const [a, b] = [await member(s), await member(s)];
    const sub = await subscribe(b);
    service.gone.add(sub.id);
    await say(a, b, 'hello');
    await eventually(async () => (await subscriptions(sub.endpoint)) === 0);

    const other = await subscribe(b);
    expect((await s.api.call(api.pushUnsubscribe, { endpoint: other.endpoint }, { token: b.token })).data).toEqual({ removed: true });
    expect(await subscriptions(other.endpoint)).toBe(0);
    expect((await s.api.call(api.pushUnsubscribe, { endpoint: other.endpoint }, { token: b.token })).data).toEqual({ removed: false });
  });

  it('keeps one subscription per member and device, ten at most, and an endpoint with whoever subscribed it last', async () => {
    const [a, b] = [await member(s), await member(s)];
    const first = service.subscription();
    const device = { headers: { Device: `device-${process.pid}-${++seq}` } };
    await s.api.call(api.pushSubscribe, { endpoint: first.endpoint, keys: first.keys }, { token: a.token, ...device });
    const renewed = service.subscription();
    await s.api.call(api.pushSubscribe, { endpoint: renewed.endpoint, keys: renewed.keys }, { token: a.token, ...device });
    expect([await subscriptions(first.endpoint), await subscriptions(renewed.endpoint)]).toEqual([0, 1]);
    await s.api.call(api.pushSubscribe, { endpoint: renewed.endpoint, keys: renewed.keys }, { token: b.token });
    const owners = await s.deps.db.kysely.selectFrom('push_subscriptions').select('user_id').where('endpoint', '=', renewed.endpoint).execute();
    expect(owners).toEqual([{ user_id: b.user.id }]);

    // However many devices a member claims, they keep their ten newest subscriptions.
    const subs = [];
    for (let i = 0; i < 11; i++) {
      const sub = service.subscription();
      subs.push(sub);
      await s.api.call(
        api.pushSubscribe,
        { endpoint: sub.endpoint, keys: sub.keys },
        { token: a.token, headers: { Device: `device-${process.pid}-${++seq}` } },
      );
    }
    const kept = await s.deps.db.kysely.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', a.user.id).execute();
    expect(kept.map((k) => k.endpoint).sort()).toEqual(
      subs
        .slice(1)
        .map((x) => x.endpoint)
        .sort(),
    );
  });

  it('refuses bad subscriptions naming the field, and guests', async () => {
    const who = await member(s);
    const sub = service.subscription();
    const cases: [Record<string, unknown>, string][] = [
      [{ endpoint: 'ftp://push.example/x', keys: sub.keys }, 'endpoint'],
      [{ endpoint: sub.endpoint, keys: { p256dh: 'short', auth: sub.keys.auth } }, 'keys.p256dh'],
      [{ endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh, auth: '!!' } }, 'keys.auth'],
      [{ endpoint: sub.endpoint }, 'keys'],
      [{ endpoint: sub.endpoint, keys: sub.keys, lang: 'fr' }, 'lang'],
      [{ endpoint: 'https://push.example:99999/x', keys: sub.keys }, 'endpoint'],
    ];
    for (const [body, field] of cases) {
      const r = await s.api.call(api.pushSubscribe, body, { token: who.token });
      expect([r.status, r.code], field).toEqual([400, ErrorCode.VALIDATION]);
      expect(r.msg, field).toContain(field);
    }
    expect((await s.api.call(api.pushSubscribe, { endpoint: sub.endpoint, keys: sub.keys })).status).toBe(401);
  });
});

describe('web push in production', () => {
  it('takes only a push service’s https address as an endpoint, never one inside the network', async () => {
    const prod = await startTestServer({
      env: { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: 'mailto:ops@example.com', SEED_DEMO: '0' },
      config: { nodeEnv: 'production' },
    });
    try {
      const who = await member(prod);
      const sub = service.subscription();
      for (const endpoint of [sub.endpoint, 'http://push.example.com/x', 'https://10.0.0.5/x', 'https://localhost/x', 'https://printer.local/x']) {
        const r = await prod.api.call(api.pushSubscribe, { endpoint, keys: sub.keys }, { token: who.token });
        expect([r.status, r.msg], endpoint).toEqual([400, 'endpoint: 应为推送服务的 https 网址']);
      }
      const ok = await prod.api.call(api.pushSubscribe, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: sub.keys }, { token: who.token });
      expect(ok.code).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('web push without VAPID keys', () => {
  it('is off: no key for browsers, subscribing refused with 11220', async () => {
    const off = await startTestServer();
    try {
      expect((await off.api.call(api.commonConfig)).data.push_public_key).toBe('');
      const who = await member(off);
      const sub = service.subscription();
      const r = await off.api.call(api.pushSubscribe, { endpoint: sub.endpoint, keys: sub.keys }, { token: who.token });
      expect(r.code).toBe(ErrorCode.PUSH_OFF);
    } finally {
      await off.close();
    }
  });

  it('refuses half a key pair or keys of the wrong size, naming the setting', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY })).toThrow(/VAPID_PRIVATE_KEY: is missing/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: 'c2hvcnQ' })).toThrow(/VAPID_PRIVATE_KEY: must be a P-256 private key/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'c2hvcnQ', VAPID_PRIVATE_KEY: VAPID_PRIVATE_KEY })).toThrow(/VAPID_PUBLIC_KEY: must be/);
    expect(loadConfig({ VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: VAPID_PRIVATE_KEY, WEB_PUSH: 'off' }).push.vapid).toBeUndefined();
  });
});
