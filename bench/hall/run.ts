/**
 * bench/hall: the realtime hall under a crowd, against a bare socket.io server in the same run. At
 * each step (STEPS=2000,5000 hall sockets) each server in turn takes a wave of connects from
 * nothing (WAVE_WIDTH in flight; each socket asks `getUnreadCount` on connect, as the web client
 * does), then `getUnreadCount` from random sockets at RATE a second for LOAD_SECONDS, then NOTICES
 * notices to every member. Printed per server: connects a second and CPU per connect, memory per
 * socket (after a full collection), the sockets' idle CPU (IDLE_MS with nothing asked: pings, timers,
 * background jobs), the first and the later `getUnreadCount` round trips (p50/p99), the CPU per
 * request of ASK_BURST asked at once, the event-loop delay (perf_hooks.monitorEventLoopDelay in the server:
 * p99 and worst) during the wave and after it, and a notice to all (CPU, time to the last socket).
 *
 * Each server runs alone in a child process (bench/room's: the product is a test server on SQLite,
 * or PostgreSQL and the Redis adapter with TEST_DATABASE_URL and TEST_REDIS_URL; the bare one
 * answers `getUnreadCount` at once and broadcasts a notice); the clients all live in this one.
 * The two servers alternate step by step, so both see the machine's load of the same minutes.
 *
 *   npx tsx bench/hall/run.ts     (STEPS=2000,5000 RATE=200 LOAD_SECONDS=5 WAVE_WIDTH=100 IDLE_MS=3000 ASK_BURST=2000 NOTICES=3; PROFILE_DIR=/tmp/prof)
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { api, fullPath, HALL_NAMESPACE } from '@app/contract';
import { ensureFds } from '../lib/fds.js';
import { Child, type LoopDelay } from '../media/capacity/ipc.js';
import { connect, pool, quantile, request, type Auth, type Member } from '../room/clients.js';

const STEPS = (process.env.STEPS ?? '2000,5000').split(',').map(Number);
const RATE = Number(process.env.RATE ?? 200);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 5);
const WAVE_WIDTH = Number(process.env.WAVE_WIDTH ?? 100);
const NOTICES = Number(process.env.NOTICES ?? 3);
const ANSWER_TIMEOUT_MS = 30_000;
/** The quiet between the wave and the asks: the sockets' idle cost, and an event-loop delay after the wave. */
const IDLE_MS = Number(process.env.IDLE_MS ?? 3000);
const ASK_BURST = Number(process.env.ASK_BURST ?? 2000);

const softLimit = ensureFds(Math.max(...STEPS) + 1024);
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const started = Date.now();
console.log(`bench/hall: ${os.cpus().length} cores, load average ${load()} at start, fd limit ${softLimit}`);

interface Target {
  name: string;
  child: Child;
  url: string;
  /** Credentials of the first `n` members (bare: none). */
  auths(n: number): Promise<(Auth | undefined)[]>;
  /** A notice to every member; resolves once the server has taken it. */
  notice(socks: Member[]): Promise<void>;
}

interface Figures {
  sockets: number;
  connectsPerS: number;
  cpuPerConnectUs: number;
  /** Memory per socket: heap and RSS growth from no sockets to `sockets`, after a full collection. */
  heapPerSocket: number;
  rssPerSocket: number;
  /** The wave's own getUnreadCount (one per socket, sent on connect): p50/p99 ms. */
  firstP50: number;
  firstP99: number;
  /** getUnreadCount at RATE after the wave. */
  askP50: number;
  askP99: number;
  /** Server CPU with the sockets connected and nothing asked (pings, timers, background jobs): ms a second. */
  idleMsPerS: number;
  /** CPU per getUnreadCount, over ASK_BURST asked at once (the paced asks' CPU is mostly the sockets' pings). */
  cpuPerAskUs: number;
  /** The server's whole heap at the step, after a full collection (the process's own part, sockets included). */
  heap: number;
  unanswered: number;
  waveDelay: LoopDelay;
  afterDelay: LoopDelay;
  noticeCpuUs: number;
  noticeMs: number;
}

const settle = async (child: Child) => {
  // Under 5 % of a core over half a second (the last wave's disconnects handled).
  for (let i = 0; i < 120; i++) {
    const c0 = await child.cpu();
    await new Promise((r) => setTimeout(r, 500));
    if ((await child.cpu()) - c0 < 25_000) return;
  }
};

async function step(t: Target, n: number): Promise<Figures> {
  await settle(t.child);
  const auths = await t.auths(n);
  const mem0 = await t.child.memory();
  /** Per socket: when each of its unanswered getUnreadCount was sent (answers come in order). */
  const pending = new Map<Member, number[]>();
  const first: number[] = [];
  const later: number[] = [];
  /** Where round trips go: the wave's first, then the later ones. */
  let sink = first;
  let answered = 0;
  let notices = 0;
  const ask = (sock: Member) => {
    pending.get(sock)!.push(performance.now());
    sock.emit('getUnreadCount', undefined);
  };
  const socks: Member[] = [];

  // ---- the wave ----
  await t.child.loopDelay();
  const c0 = await t.child.cpu();
  const t0 = performance.now();
  await pool(auths, WAVE_WIDTH, async (auth) => {
    const sock = await connect(t.url, HALL_NAMESPACE, auth);
    pending.set(sock, []);
    sock.on('rGetUnreadCount', () => {
      const at = pending.get(sock)!.shift();
      if (at === undefined) return; // a push after a read elsewhere: not ours
      sink.push(performance.now() - at);
      answered++;
    });
    sock.on('newMessage', () => notices++);
    socks.push(sock);
    ask(sock);
  });
  const connected = performance.now();
  const waitAnswers = async (want: number) => {
    const deadline = performance.now() + ANSWER_TIMEOUT_MS;
    while (answered < want && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  };
  await waitAnswers(n);
  const c1 = await t.child.cpu();
  const waveDelay = await t.child.loopDelay();

  // ---- the idle cost of the sockets: IDLE_MS with nothing asked ----
  const i0 = await t.child.cpu();
  const i0At = performance.now();
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const idleMsPerS = ((await t.child.cpu()) - i0) / (performance.now() - i0At);

  // ---- getUnreadCount at RATE ----
  sink = later;
  answered = 0;
  const total = RATE * LOAD_SECONDS;
  const l0 = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - l0) / 1000) * RATE));
    for (; sent < due; sent++) ask(socks[Math.floor(Math.random() * socks.length)]!);
    await new Promise((r) => setTimeout(r, 2));
  }
  await waitAnswers(total);
  const afterDelay = await t.child.loopDelay();
  const unanswered = total - answered;

  // ---- ASK_BURST asks at once: their CPU ----
  answered = 0;
  sink = [];
  const b0 = await t.child.cpu();
  for (let k = 0; k < ASK_BURST; k++) ask(socks[k % socks.length]!);
  await waitAnswers(ASK_BURST);
  const burstCpu = (await t.child.cpu()) - b0;

  const mem1 = await t.child.memory();

  // ---- a notice to every member ----
  const runs: { cpu: number; ms: number }[] = [];
  for (let k = 0; k < NOTICES; k++) {
    notices = 0;
    const n0 = await t.child.cpu();
    const s0 = performance.now();
    await t.notice(socks);
    while (notices < socks.length && performance.now() - s0 < ANSWER_TIMEOUT_MS) await new Promise((r) => setTimeout(r, 5));
    if (notices < socks.length) throw new Error(`${t.name}: a notice reached ${notices} of ${socks.length}`);
    runs.push({ ms: performance.now() - s0, cpu: (await t.child.cpu()) - n0 });
  }
  for (const s of socks) s.close();

  const fig: Figures = {
    sockets: n,
    connectsPerS: n / ((connected - t0) / 1000),
    cpuPerConnectUs: (c1 - c0) / n,
    heapPerSocket: (mem1.heapUsed - mem0.heapUsed) / n,
    rssPerSocket: (mem1.rss - mem0.rss) / n,
    firstP50: quantile(first, 0.5),
    firstP99: quantile(first, 0.99),
    askP50: quantile(later, 0.5),
    askP99: quantile(later, 0.99),
    idleMsPerS,
    cpuPerAskUs: burstCpu / ASK_BURST,
    heap: mem1.heapUsed,
    unanswered,
    waveDelay,
    afterDelay,
    noticeCpuUs: quantile(
      runs.map((r) => r.cpu),
      0.5,
    ),
    noticeMs: quantile(
      runs.map((r) => r.ms),
      0.5,
    ),
  };
  const ms = (x: number) => x.toFixed(x < 10 ? 1 : 0);
  console.log(
    `${t.name.padEnd(7)} ${String(n).padStart(6)} sockets  ${fig.connectsPerS.toFixed(0).padStart(5)} connects/s, CPU/connect ${(fig.cpuPerConnectUs / 1000).toFixed(2)} ms  ` +
      `heap ${(fig.heap / 2 ** 20).toFixed(0)} MiB, ${(fig.heapPerSocket / 1024).toFixed(1)} KiB/socket, RSS/socket ${(fig.rssPerSocket / 1024).toFixed(1)} KiB  ` +
      `first getUnreadCount p50/p99 ${ms(fig.firstP50)}/${ms(fig.firstP99)} ms  idle CPU ${fig.idleMsPerS.toFixed(1)} ms/s  at ${RATE}/s p50/p99 ${ms(fig.askP50)}/${ms(fig.askP99)} ms, CPU ${fig.cpuPerAskUs.toFixed(0)} µs${unanswered ? `, ${unanswered} unanswered` : ''}  ` +
      `loop delay p99/max wave ${ms(waveDelay.p99)}/${ms(waveDelay.max)} ms, after ${ms(afterDelay.p99)}/${ms(afterDelay.max)} ms  ` +
      `notice to all CPU ${(fig.noticeCpuUs / 1000).toFixed(1)} ms, ${fig.noticeMs.toFixed(0)} ms  (load ${load()})`,
  );
  return fig;
}

// ---- the two servers, both up for the whole run ------------------------------------------------
const productChild = new Child(new URL('../room/productProcess.ts', import.meta.url), {}, ['--expose-gc']);
const ready = (await productChild.ready()) as unknown as { url: string };
const bareChild = new Child(new URL('../room/bareProcess.ts', import.meta.url), {}, ['--expose-gc']);
const bareUrl = ((await bareChild.ready()) as unknown as { url: string }).url;
const operator = (await productChild.request({ type: 'operator' })) as unknown as { token: string };
const notice = { title: '全站公告', content: '今晚八点有活动', type: 'activity' };
const members: Auth[] = [];

const product: Target = {
  name: 'product',
  child: productChild,
  url: ready.url,
  auths: async (n) => {
    if (n > members.length) members.push(...((await productChild.request({ type: 'members', n: n - members.length })).list as Auth[]));
    return members.slice(0, n);
  },
  notice: async () => {
    const res = await fetch(`${ready.url}${fullPath(api.adminSendNotice)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Constraint: 'liveapp-h5', Authorization: operator.token },
      body: JSON.stringify(notice),
    });
    if (!res.ok) throw new Error(`notice refused: ${res.status} ${await res.text()}`);
  },
};
const bare: Target = {
  name: 'bare',
  child: bareChild,
  url: bareUrl,
  auths: async (n) => Array.from({ length: n }, () => undefined),
  notice: async (socks) => void (await request(socks[0]!, 'notice', notice)),
};

const rows: [Figures, Figures][] = [];
for (const n of STEPS) rows.push([await step(product, n), await step(bare, n)]);
await productChild.stop();
await bareChild.stop();

// ---- summary -----------------------------------------------------------------------------------------
const x = (a: number, b: number) => `${(a / b).toFixed(2)} ×`;
console.log('\nproduct against bare socket.io, same run:');
for (const [p, b] of rows) {
  console.log(
    `${String(p.sockets).padStart(6)} sockets: connects/s ${p.connectsPerS.toFixed(0)} / ${b.connectsPerS.toFixed(0)}; CPU/connect ${x(p.cpuPerConnectUs, b.cpuPerConnectUs)}; ` +
      `heap ${(p.heap / 2 ** 20).toFixed(0)} / ${(b.heap / 2 ** 20).toFixed(0)} MiB, per socket ${(p.heapPerSocket / 1024).toFixed(1)} / ${(b.heapPerSocket / 1024).toFixed(1)} KiB; ` +
      `getUnreadCount p99 ${p.askP99.toFixed(1)} / ${b.askP99.toFixed(1)} ms (${x(p.askP99, b.askP99)}, goal ≤ 3 ×), CPU ${x(p.cpuPerAskUs, b.cpuPerAskUs)}; idle CPU ${p.idleMsPerS.toFixed(1)} / ${b.idleMsPerS.toFixed(1)} ms/s; ` +
      `loop delay p99 wave ${p.waveDelay.p99.toFixed(1)} / ${b.waveDelay.p99.toFixed(1)} ms, after ${p.afterDelay.p99.toFixed(1)} / ${b.afterDelay.p99.toFixed(1)} ms (goal ≤ 20); ` +
      `notice to all CPU ${x(p.noticeCpuUs, b.noticeCpuUs)}`,
  );
}
console.log(`load average ${load()} at the end; total run ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(0);
