/**
 * Signed webhooks (decision 0190) over real HTTP: an operator registers an endpoint in the console,
 * things happen on the platform, and a receiver on 127.0.0.1 gets each event it subscribed to,
 * signed with the endpoint's secret; a receiver that is down gets the delivery after it is back
 * (backoff from the queue in the database); the console lists every attempt and sends one again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Session } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import { eventually, freshMobile } from '@app/testkit';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { WebhookReceiver, type Received } from './helpers/webhookReceiver.js';
import { rechargeHttp, rid } from './financeHelpers.js';
import { anchor, closeSockets, member, openRoom, operator } from './roomHarness.js';

let s: TestServer;
let op: Session;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  // Fast retries, so a receiver that is down for a moment is tried again within the test.
  s = await startTestServer({ env: { WEBHOOK_BACKOFF_BASE_MS: '100', WEBHOOK_BACKOFF_MAX_MS: '400', WEBHOOK_POLL_MS: '50' } });
  op = await operator(s);
  await receiver.start();
});
afterAll(async () => {
  closeSockets();
  await receiver.stop();
  await s?.close();
});

/** Registers an endpoint of the receiver through the console; the receiver learns its secret. */
const register = async (name: string, body: Record<string, unknown>) => {
  const r = await s.api.call(api.adminWebhookCreate, { url: receiver.url(name), ...body } as never, { token: op.token });
  expect(r.code, r.msg).toBe(200);
  receiver.secrets.set(name, r.data.secret);
  return r.data;
};
const deliveries = async (endpointId: number) => (await s.api.call(api.adminWebhookDeliveries, { endpoint_id: endpointId }, { token: op.token })).data.list;

describe('registering an endpoint in the console', () => {
  it('refuses a bad URL, an unknown event and no event, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'not a url', events: ['live.started'] }, 'url'],
      [{ url: 'ftp://127.0.0.1/hook', events: ['live.started'] }, 'url'],
      [{ url: receiver.url('x'), events: ['live.start'] }, 'events.0'],
      [{ url: receiver.url('x'), events: [] }, 'events'],
      [{ url: receiver.url('x'), events: ['gift.sent'], gift_min_value: -1 }, 'gift_min_value'],
    ];
    for (const [body, field] of cases) {
      const r = await s.api.call(api.adminWebhookCreate, body as never, { token: op.token });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.msg.startsWith(`${field}: `), r.msg).toBe(true);
    }
    expect((await s.api.call(api.adminWebhooks, {}, { token: op.token })).data.list).toEqual([]);
  });
});

describe('deliveries', () => {
  it('sends each subscribed event signed with the endpoint secret, and gift.sent only above its value', async () => {
    const ep = await register('all', {
      events: ['user.registered', 'report.created', 'live.started', 'live.ended', 'gift.sent'],
      gift_min_value: 10 * MONEY_UNIT,
    });
    expect(ep.secret).toMatch(/^whsec_/);
    const mine = (type: string) => (r: Received) => r.endpoint === 'all' && r.type === type;
    const listed = (await s.api.call(api.adminWebhooks, {}, { token: op.token })).data.list;
    expect(listed.map((e) => [e.id, e.secret_hint])).toEqual([[ep.id, `…${ep.secret.slice(-4)}`]]);

    const mobile = freshMobile();
    const joined = await s.api.register(mobile);
    const registered = await receiver.next((r) => mine('user.registered')(r) && r.data.user_id === joined.user.id);
    expect(registered).toMatchObject({ signed: true, header: registered.id });
    expect(JSON.stringify(registered.data)).not.toContain(mobile);

    const reported = await s.api.call(api.reportCreate, { target_type: 'user', target_id: joined.user.id, reason: '广告' }, { token: op.token });
    expect(reported.code, reported.msg).toBe(200);
    expect((await receiver.next(mine('report.created'))).data).toMatchObject({ id: reported.data.id, target_id: joined.user.id });

    const host = await anchor(s, op);
    const room = await openRoom(s, host);
    expect((await receiver.next(mine('live.started'))).data).toMatchObject({ room_id: room.id, anchor_id: host.user.id });

    const fan = await member(s);
    const credit = await s.api.call(
      api.adminAdjust,
      { request_id: rid(), user_id: fan.user.id, account: 'coin', direction: 'credit', amount: 1000 * MONEY_UNIT, reason: '测试发礼物' },
      { token: op.token },
    );
    expect(credit.code, credit.msg).toBe(200);
    const gifts = (await s.api.call(api.commonConfig)).data.gift;
    const cheap = gifts.filter((g) => g.price < 10 * MONEY_UNIT).sort((a, b) => a.price - b.price)[0]!;
    const dear = gifts.find((g) => g.price >= 10 * MONEY_UNIT)!;
    for (const g of [cheap, dear]) {
      const sent = await s.api.call(
        api.giftSend,
        { request_id: rid(), gift_id: g.gift_id, count: 1, receiver_id: host.user.id, room_id: room.id },
        { token: fan.token },
      );
      expect(sent.code, sent.msg).toBe(200);
    }
    const gift = await receiver.next(mine('gift.sent'));
    expect(gift.data).toMatchObject({ gift_id: dear.gift_id, total: dear.price, sender_id: fan.user.id, receiver_id: host.user.id });

    const closed = await s.api.call(api.roomClose, { room_id: room.id }, { token: host.token });
    expect(closed.code, closed.msg).toBe(200);
    expect((await receiver.next(mine('live.ended'))).data).toMatchObject({ room_id: room.id, reason: 'owner' });

    // The cheap gift was never queued; everything queued was delivered (the sender logs each 200 just after the receiver answered it).
    const all = await eventually(
      async () => {
        const list = await deliveries(ep.id);
        return list.every((d) => d.status === 'delivered' && d.log.at(-1)?.status_code === 200) && list;
      },
      { timeout: 5000, interval: 50, what: 'every delivery logged as delivered' },
    );
    expect(all.map((d) => d.event_type).sort()).toEqual(['gift.sent', 'live.ended', 'live.started', 'report.created', 'user.registered']);
    expect(receiver.received.every((r) => r.signed)).toBe(true);
    await s.api.call(api.adminWebhookDelete, { id: ep.id }, { token: op.token });
  });

  it('retries a receiver that is down, delivers once it is back, logs each attempt, and sends again from the console', async () => {
    const ep = await register('late', { events: ['user.registered'] });
    await receiver.stop();
    const joined = await s.api.register(freshMobile());
    // Refused at least twice while down (each attempt logged with its error) …
    const failing = await eventually(async () => (await deliveries(ep.id)).find((d) => d.log.length >= 2), {
      timeout: 15_000,
      interval: 50,
      what: 'two failed attempts',
    });
    expect(failing.status).toBe('pending');
    expect(failing.log.every((a) => a.status_code === null && a.error !== '')).toBe(true);
    // … and delivered after the receiver is back.
    await receiver.start();
    const got = await receiver.next((r) => r.endpoint === 'late' && r.data.user_id === joined.user.id);
    expect(got.signed).toBe(true);
    const done = await eventually(async () => (await deliveries(ep.id)).find((d) => d.status === 'delivered'), {
      timeout: 5000,
      interval: 50,
      what: 'delivered',
    });
    expect(done.attempts).toBeGreaterThanOrEqual(3);
    expect(done.log.at(-1)).toMatchObject({ status_code: 200, error: '' });

    // Sent again from the console: the same event (same id) arrives a second time, newly signed.
    const count = receiver.received.filter((r) => r.id === got.id).length;
    const again = await s.api.call(api.adminWebhookResend, { id: done.id }, { token: op.token });
    expect(again.code, again.msg).toBe(200);
    await eventually(() => receiver.received.filter((r) => r.id === got.id).length > count, { timeout: 5000, interval: 20, what: 'the resent delivery' });
    expect(receiver.received.filter((r) => r.id === got.id).every((r) => r.signed)).toBe(true);
  });

  it('reports a paid recharge and a withdrawal request with the amounts moved', async () => {
    await register('money', { events: ['recharge.paid', 'withdrawal.requested'] });
    const payer = await member(s);
    const orderNo = await rechargeHttp(s, payer.token);
    const paid = await receiver.next((r) => r.endpoint === 'money' && r.type === 'recharge.paid');
    expect(paid).toMatchObject({ signed: true, data: { order_no: orderNo, user_id: payer.user.id } });
    expect(paid.data.amount).toBeGreaterThan(0);

    const earned = await s.api.call(
      api.adminAdjust,
      { request_id: rid(), user_id: payer.user.id, account: 'gift_earnings', direction: 'credit', amount: 500 * MONEY_UNIT, reason: '测试收益' },
      { token: op.token },
    );
    expect(earned.code, earned.msg).toBe(200);
    const asked = await s.api.call(
      api.withdrawOrder,
      { request_id: rid(), platform: 'alipay', account: 'payee@example.com', account_name: '张三', amount: 200 * MONEY_UNIT },
      { token: payer.token },
    );
    expect(asked.code, asked.msg).toBe(200);
    const requested = await receiver.next((r) => r.endpoint === 'money' && r.type === 'withdrawal.requested');
    expect(requested).toMatchObject({ signed: true, data: { order_no: asked.data.order_no, user_id: payer.user.id, amount: 200 * MONEY_UNIT } });
  });

  it('sends nothing to a paused endpoint', async () => {
    const ep = await register('paused', { events: ['user.registered'] });
    const paused = await s.api.call(api.adminWebhookSetEnabled, { id: ep.id, enabled: false }, { token: op.token });
    expect(paused.data.enabled).toBe(false);
    await s.api.register(freshMobile());
    expect(await deliveries(ep.id)).toEqual([]);
  });
});
