import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@app/contract';
import { connectHall, connected } from './helpers/hallClient.js';
import { parseExposition, valueOf, type Sample } from './helpers/metricsText.js';
import { freePort } from './helpers/spawnServer.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { quickMember, rechargeHttp, rid } from './financeHelpers.js';
import { closeSockets, memberIn, operator, ownedRoom } from './roomHarness.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/**
 * The label names a metric may carry: route patterns, statuses, kinds, verdicts, namespaces, media
 * nodes, transports, queues, and prom-client's process metrics. A new label is added here on purpose.
 */
const LABELS = new Set(['method', 'route', 'status', 'kind', 'verdict', 'namespace', 'node', 'transport', 'queue', 'roles', 'le']);
const PROCESS_LABELS = new Set(['version', 'major', 'minor', 'patch', 'space', 'type']);

describe('metrics on a port of their own, behind the token', () => {
  let s: TestServer;
  let metricsUrl: string;
  const scrape = async (): Promise<Sample[]> => {
    const res = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return parseExposition(await res.text());
  };

  beforeAll(async () => {
    const port = await freePort();
    s = await startTestServer({ env: { METRICS_PORT: String(port), METRICS_TOKEN: TOKEN } });
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
  });
  afterAll(async () => {
    closeSockets();
    await s?.close();
  });

  it('answers on its port with the token only, and never on the public port', async () => {
    expect((await fetch(metricsUrl)).status).toBe(401);
    expect((await fetch(metricsUrl, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
    const ok = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    const samples = parseExposition(await ok.text());
    expect(valueOf(samples, 'liveapp_up', { roles: 'api,realtime,worker,media,games' })).toBe(1);
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    const pub = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(pub.status).toBe(404);
  });

  it('times HTTP answers by route pattern and status', async () => {
    const count = (route: string, status: string) => valueOf(before, 'liveapp_http_request_duration_seconds_count', { method: 'GET', route, status });
    const before = await scrape();
    const health0 = count('/healthz', '200');
    const unmatched0 = count('unmatched', '404');
    await fetch(`${s.url}/healthz`);
    await fetch(`${s.url}/nothing/${rid()}`);
    const after = await scrape();
    expect(valueOf(after, 'liveapp_http_request_duration_seconds_count', { method: 'GET', route: '/healthz', status: '200' })).toBe(health0 + 1);
    expect(valueOf(after, 'liveapp_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status: '404' })).toBe(unmatched0 + 1);
  });

  it('counts ledger transfers by kind and payment callbacks by verdict', async () => {
    const before = await scrape();
    const m = await quickMember(s);
    const orderNo = await rechargeHttp(s, m.token);
    const forged = s.services.finance.sandbox.signed({ order_no: orderNo, trade_no: 'T', amount_fen: 1, status: 'paid' });
    const refused = await s.api.call(api.sandboxPayCallback, { ...forged, sign: 'a'.repeat(64) });
    expect(refused.code).not.toBe(200);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('liveapp_ledger_transfers_total', { kind: 'recharge' })).toBe(1);
    expect(moved('liveapp_payment_callbacks_total', { verdict: 'credited' })).toBe(1);
    expect(moved('liveapp_payment_callbacks_total', { verdict: 'bad_signature' })).toBe(1);
  });

  it('counts sockets per namespace, live rooms and the worker lease, with no id in any label', async () => {
    const before = await scrape();
    const m = await quickMember(s);
    const who = await s.deps.db.kysely.selectFrom('users').select('uuid').where('id', '=', m.id).executeTakeFirstOrThrow();
    const hall = connectHall(s.url, { uuid: who.uuid, token: m.token });
    await connected(hall);
    const { room } = await ownedRoom(s, await operator(s));
    await memberIn(s, room.id);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('liveapp_sockets', { namespace: '/hall' })).toBe(1);
    // The anchor's socket and the member's.
    expect(moved('liveapp_sockets', { namespace: '/room' })).toBe(2);
    expect(moved('liveapp_live_rooms')).toBe(1);
    // People in a room without HLS watch it over WebRTC.
    expect(moved('liveapp_viewers', { transport: 'webrtc' })).toBeGreaterThan(0);
    expect(valueOf(after, 'liveapp_worker_leader')).toBe(1);
    expect(after.some((x) => x.name === 'liveapp_media_node_capacity')).toBe(true);
    hall.close();

    const db = s.deps.db.kysely;
    const ids = new Set<string>();
    for (const u of await db.selectFrom('users').select(['id', 'uuid']).execute()) ids.add(String(u.id)).add(u.uuid);
    for (const r of await db.selectFrom('rooms').select('id').execute()) ids.add(String(r.id));
    for (const sample of after) {
      for (const [label, value] of Object.entries(sample.labels)) {
        expect(LABELS.has(label) || PROCESS_LABELS.has(label), `${sample.name} has the label ${label}`).toBe(true);
        // Bucket bounds, HTTP statuses and Node's version are numbers by nature; any other label equal to an id is one.
        if (LABELS.has(label) && label !== 'le' && label !== 'status') expect(ids.has(value), `${sample.name}{${label}="${value}"}`).toBe(false);
      }
    }
  });
});

describe('metrics behind the token on the app port', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => s?.close());

  it('refuses a scrape without the token, and answers one with it', async () => {
    const refused = await fetch(`${s.url}/metrics`);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { msg: string }).msg).toMatch(/METRICS_TOKEN/);
    const ok = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toMatch(/^liveapp_up\{roles=".*"\} 1$/m);
  });
});
