/**
 * The deployment the README shows, really run: HAProxy (deploy/haproxy.cfg) in front of two
 * api+realtime+media instances, one worker, one games host, on PostgreSQL, Redis and an S3 server.
 * A user registers, chats, recharges, sends a gift and watches a room through the balancer; one api
 * instance is stopped mid-test and the user goes on without logging in again; the background jobs
 * run on exactly one instance. Prometheus and Alertmanager (deploy/prometheus/) scrape every process,
 * and the stopped instance pages the on-call webhook. Runs under `npm run test:scale` where haproxy
 * is installed (the alert where prometheus is too).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, HALL_NAMESPACE, HALL_PATH, ROOM_NAMESPACE, type Session } from '@app/contract';
import { DEFAULT_CIPHER_IV, DEFAULT_CIPHER_KEY } from '@app/kit';
import { eventually, freshMobile, once } from '@app/testkit';
import { REPO_ROOT } from '../src/config.js';
import { DEFAULT_SANDBOX_SECRET } from '../src/modules/finance/finance.config.js';
import { SandboxProvider } from '../src/modules/finance/recharge/sandboxProvider.js';
import { DEMO_ANCHORS } from '../src/demo/room.seed.js';
import { PROMETHEUS, startAlerting, type Alerting } from './helpers/alerting.js';
import { ApiClient } from './helpers/apiClient.js';
import { HAPROXY, startHaproxy, type Balancer } from './helpers/haproxy.js';
import { scaleEnabled } from './helpers/instancePair.js';
import { startS3Sandbox, type S3Sandbox } from './helpers/s3rver.js';
import { exited, freePort } from './helpers/spawnServer.js';
import { dropSchema, newSchemaName, pgUrl, redisUrl, TEST_SECRETS, underSchemaLock } from './helpers/testServer.js';
import { bundled } from './helpers/bundle.js';

const schema = newSchemaName();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'liveapp-deploy-'));
const procs: ChildProcess[] = [];
let s3: S3Sandbox;
let lb: Balancer;
const web: { name: string; port: number; child: ChildProcess; metricsPort: number }[] = [];
let worker: { port: number; child: ChildProcess };
let gamesPort: number;
/** Every process serves /metrics on a port of its own behind this token (README, "Running several instances"). */
const METRICS_TOKEN = 'deploy-metrics-token-0123456789';
let alerting: Alerting | undefined;

/** One instance of the product with these roles, as an operator starts it (`npm start`'s bundle, its own env). */
async function instance(roles: string, port: number, extra: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, bundled('main'), {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
      ROLES: roles,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: pgUrl(),
      DATABASE_SCHEMA: schema,
      REDIS_URL: redisUrl(),
      REDIS_PREFIX: `deploy:${schema}:`,
      TRUST_PROXY: '1',
      DEMO_PUBLISHER: 'off',
      DEMO_VIDEOS: 'off',
      SMS_IP_PER_HOUR: '1000',
      GAMES_PORT: String(gamesPort),
      GAMES_DATABASE_SCHEMA: `${schema}_games`,
      METRICS_TOKEN,
      ...TEST_SECRETS,
      ...s3.env,
      ...extra,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  procs.push(child);
  return child;
}

async function healthy(port: number, child: ChildProcess): Promise<{ roles: string[]; worker: string }> {
  return eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`instance on ${port} exited with ${child.exitCode}`);
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      return res.ok ? ((await res.json()) as { data: { roles: string[]; worker: string } }).data : undefined;
    },
    { timeout: 60_000, interval: 200, what: `the instance on port ${port}` },
  );
}

const run = describe.skipIf(!scaleEnabled() || !HAPROXY);

run('the deployment behind HAProxy (two api instances, a worker, a games host; PostgreSQL, Redis, S3)', () => {
  // The instances and the games host migrate as they start: under the schema lock (testServer.ts).
  beforeAll(() => underSchemaLock('migrate', start), 180_000);

  async function start() {
    s3 = await startS3Sandbox();
    gamesPort = await freePort();
    // The first instance migrates and seeds the schema; the others start on it.
    const first = { name: 'web1', port: await freePort(), metricsPort: await freePort() };
    const firstChild = await instance('api,realtime,media', first.port, { SEED_DEMO: '1', METRICS_PORT: String(first.metricsPort) });
    await healthy(first.port, firstChild);
    web.push({ ...first, child: firstChild });
    const second = { name: 'web2', port: await freePort(), metricsPort: await freePort() };
    const workerPort = await freePort();
    const [workerMetrics, gamesMetrics] = [await freePort(), await freePort()];
    const [secondChild, workerChild] = await Promise.all([
      instance('api,realtime,media', second.port, { SEED_DEMO: '0', METRICS_PORT: String(second.metricsPort) }),
      instance('worker', workerPort, { SEED_DEMO: '0', METRICS_PORT: String(workerMetrics) }),
    ]);
    web.push({ ...second, child: secondChild });
    worker = { port: workerPort, child: workerChild };
    const lbPort = await freePort();
    // The games host reaches the main server's internal API through the balancer too.
    const games = await instance('games', 0, {
      SEED_DEMO: '0',
      GAMES_MAIN_URL: `http://127.0.0.1:${lbPort}`,
      METRICS_GAMES_PORT: String(gamesMetrics),
    });
    await Promise.all([healthy(second.port, secondChild), healthy(workerPort, workerChild)]);
    await eventually(async () => (await fetch(`http://127.0.0.1:${gamesPort}/healthz`)).ok, { timeout: 60_000, interval: 200, what: 'the games host' });
    expect(games.exitCode).toBeNull();
    lb = await startHaproxy({ port: lbPort, servers: web.map((w) => ({ name: w.name, port: w.port })) });
    if (!PROMETHEUS) return;
    const at = (port: number) => `127.0.0.1:${port}`;
    alerting = await startAlerting({
      token: METRICS_TOKEN,
      jobs: { web: web.map((w) => at(w.metricsPort)), worker: [at(workerMetrics)], games: [at(gamesMetrics)] },
    });
    // Every process is scraped (with the token) before anything is stopped.
    const query = `${alerting.prometheusUrl}/api/v1/query?query=${encodeURIComponent('sum(up)')}`;
    await eventually(
      async () => ((await (await fetch(query)).json()) as { data: { result: { value: [number, string] }[] } }).data.result[0]?.value[1] === '4',
      {
        timeout: 30_000,
        interval: 250,
        what: 'prometheus to scrape the four processes',
      },
    );
  }

  afterAll(async () => {
    await alerting?.stop();
    await lb?.stop();
    for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGTERM');
    await Promise.all(procs.map((p) => exited(p)));
    await s3?.close();
    await dropSchema(schema);
    await dropSchema(`${schema}_games`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves a user end to end through the balancer, and the user goes on when an api instance stops', async () => {
    const client = new ApiClient(lb.url, { cipherKey: DEFAULT_CIPHER_KEY, cipherIv: DEFAULT_CIPHER_IV });
    // Requests spread over both api instances: a session made on one is known to the other.
    const alice: Session = await client.register(freshMobile());
    const bob: Session = await client.register(freshMobile());
    for (let i = 0; i < 4; i++) expect((await client.call(api.userInfo, undefined, { token: alice.token })).code).toBe(200);

    // Chat: Bob's message reaches Alice's hall socket, wherever each request lands.
    // Alice's hall is held by web1 (the balancer's sticky cookie), the instance stopped below.
    const hallOpts = { path: HALL_PATH, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { cookie: 'SERVERID=web1' } };
    const openHall = () => io(`${lb.url}${HALL_NAMESPACE}`, { ...hallOpts, auth: { uuid: alice.user.uuid, token: alice.token } });
    const hall = openHall();
    await once(hall, 'connect');
    const message = once<{ kind: string }>(hall, 'newMessage');
    const sent = await client.call(
      api.chatSend,
      { to_user_id: alice.user.id, client_id: `deploy-${schema}-1`, type: 'text', content: '负载均衡后的私信' },
      { token: bob.token },
    );
    expect(sent.code, sent.msg).toBe(200);
    expect((await message).kind).toBe('chat');

    // A demo anchor goes live; Alice watches the room, recharges and sends a gift the room sees.
    const anchorLogin = (await client.login(DEMO_ANCHORS[0]!.mobile, 'demo1234')).data;
    const category = (await client.call(api.roomCategories)).data.list[0]!;
    const opened = await client.call(api.roomOpen, { title: '均衡器直播间', category_id: category.id }, { token: anchorLogin.token });
    expect(opened.code, opened.msg).toBe(200);
    const roomId = opened.data.id;
    const room = io(`${lb.url}${ROOM_NAMESPACE}`, {
      path: HALL_PATH,
      transports: ['websocket'],
      forceNew: true,
      auth: { uuid: alice.user.uuid, token: alice.token },
    });
    await once(room, 'connect');
    const joined = await room.emitWithAck('join', { room_id: roomId });
    expect(joined.code).toBe(200);

    const order = await client.call(api.rechargeOrder, { request_id: `deploy-${schema}-order`, package_id: 1 }, { token: alice.token });
    expect(order.code, order.msg).toBe(200);
    const sandbox = new SandboxProvider(DEFAULT_SANDBOX_SECRET, 600, '');
    const paid = await client.call(api.sandboxPayCallback, {
      ...sandbox.signed({ order_no: order.data.order_no, trade_no: `T-${schema}`, amount_fen: order.data.price_fen, status: 'paid' }),
    });
    expect(paid.code, paid.msg).toBe(200);
    const rose = (await client.call(api.commonConfig)).data.gift[0]!;
    const giftEvent = once<{ record: { gift_id: number } }>(room, 'gift');
    const gift = await client.call(
      api.giftSend,
      { request_id: `deploy-${schema}-gift`, room_id: roomId, gift_id: rose.gift_id, count: 1, receiver_id: anchorLogin.user.id },
      { token: alice.token },
    );
    expect(gift.code, gift.msg).toBe(200);
    expect((await giftEvent).record.gift_id).toBe(rose.gift_id);

    // One api instance stops (a deploy, a crash): the user's next calls and their hall are served
    // by the other, with the same token.
    const stopping = web[0]!;
    expect(stopping.name).toBe('web1');
    const dropped = once(hall, 'disconnect');
    stopping.child.kill('SIGTERM');
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.call(api.userInfo, undefined, { token: alice.token })));
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(200));
    await exited(stopping.child);
    for (let i = 0; i < 4; i++) expect((await client.call(api.userInfo, undefined, { token: alice.token })).code).toBe(200);
    // The client opens a new hall socket after a lost one, as the web client does (same token).
    await dropped;
    const again = openHall();
    await once(again, 'connect', 15_000);
    const after = once<{ kind: string }>(again, 'newMessage');
    expect(
      (await client.call(api.chatSend, { to_user_id: alice.user.id, client_id: `deploy-${schema}-2`, type: 'text', content: '还在吗' }, { token: bob.token }))
        .code,
    ).toBe(200);
    expect((await after).kind).toBe('chat');
    hall.close();
    again.close();
    room.close();
  }, 120_000);

  it.skipIf(!PROMETHEUS)(
    'pages the on-call webhook through Alertmanager when an api instance is down',
    async () => {
      const stopped = web[0]!;
      // Stopped by the test above; stopped here if that one failed before it did.
      if (stopped.child.exitCode === null && stopped.child.signalCode === null) stopped.child.kill('SIGKILL');
      await exited(stopped.child);
      const alert = await alerting!.alert((a) => a.labels.alertname === 'InstanceDown' && a.labels.instance === `127.0.0.1:${stopped.metricsPort}`);
      expect(alert).toMatchObject({ status: 'firing', labels: { job: 'web', severity: 'page' } });
    },
    60_000,
  );

  it('runs the background jobs on the worker alone, under one lease', async () => {
    expect(await healthy(worker.port, worker.child)).toEqual({ db: 'ok', redis: 'ok', roles: ['worker'], worker: 'leader' });
    const alive = web.filter((w) => w.child.exitCode === null && w.child.signalCode === null);
    for (const w of alive) expect((await healthy(w.port, w.child)).worker).toBe('off');
    // A worker (no sockets of its own) stops cleanly too: its lease given back, exit code 0.
    const code = new Promise((r) => worker.child.once('exit', r));
    worker.child.kill('SIGTERM');
    expect(await code).toBe(0);
  });
});

describe('the README', () => {
  it('shows the HAProxy configuration the deployment test runs', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const shown = /```haproxy\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(shown).toBe(fs.readFileSync(path.join(REPO_ROOT, 'deploy/haproxy.cfg'), 'utf8'));
  });
});
