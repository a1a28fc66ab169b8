/**
 * bench/room: members joining one room's channel in steps (1,000 → 10,000 socket.io clients), the
 * server's CPU per join and a chat's fan-out to every member (p50/p99 delivery, CPU per chat), as
 * ratios to a bare socket.io server doing the same joins and broadcast in the same run; then a
 * notice to every member reaching 2,000 hall sockets against a bare socket.io broadcast.
 *
 * Each server runs alone in a child process (process.cpuUsage is the figure); the clients all live
 * in this one, websocket only. The file-descriptor limit is raised for the clients by re-running
 * this script under `ulimit -n`.
 *
 * The chat lines: CHATS lines CHAT_GAP_MS apart (a lively room: each line its own fan-out, the
 * goal's figure), then CHATS lines back to back (each sent once the previous reached everyone: a
 * storm, where the product's window batches lines), then BURST lines at once.
 *
 * INSTANCES=2 (with TEST_DATABASE_URL and TEST_REDIS_URL): the product as two instances of one
 * deployment, each in its own process; members alternate between them, the anchor speaks on the
 * first, and the product's CPU is the two processes' sum.
 *
 *   npx tsx bench/room/run.ts     (STEPS=1000,2500,5000,10000 CHATS=10 CHAT_GAP_MS=500 HALL=2000 INSTANCES=1)
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { api, fullPath, HALL_NAMESPACE, ROOM_NAMESPACE } from '@app/contract';
import { ensureFds } from '../lib/fds.js';
import { Child } from '../media/capacity/ipc.js';
import { connect, pool, quantile, request, type Auth, type Member } from './clients.js';

const STEPS = (process.env.STEPS ?? '1000,2500,5000,10000').split(',').map(Number);
const CHATS = Number(process.env.CHATS ?? 10);
/** The pause before each paced line: longer than the room's window (≤ 200 ms) after its writes. */
const CHAT_GAP_MS = Number(process.env.CHAT_GAP_MS ?? 500);
/** Lines the speaker sends at once (a chat storm) after the single lines, at each step. */
const BURST = Number(process.env.BURST ?? 20);
/** Notices to every member measured on each side (the median is the figure). */
const NOTICES = Number(process.env.NOTICES ?? 5);
const HALL = Number(process.env.HALL ?? 2000);
const INSTANCES = Number(process.env.INSTANCES ?? 1);
if (INSTANCES !== 1 && !(INSTANCES === 2 && process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)) {
  console.error('INSTANCES=2 needs TEST_DATABASE_URL and TEST_REDIS_URL (one deployment on PostgreSQL and Redis); INSTANCES is 1 or 2');
  process.exit(2);
}
const JOIN_WIDTH = 50;
const WARM = 200;
const FANOUT_TIMEOUT_MS = 10_000;

// ---- file descriptors: one per client here, one per socket in the server child ------------------
const softLimit = ensureFds(Math.max(...STEPS, HALL) + 1024);

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const started = Date.now();
console.log(`bench/room: ${os.cpus().length} cores, load average ${load()} at start, fd limit ${softLimit}`);

interface Target {
  name: string;
  /** The server's CPU (µs) so far: all its processes. */
  cpu(): Promise<number>;
  /** The URL the `i`th member connects to. */
  urlOf(i: number): string;
  /** The credentials of the next `n` members (bare: none needed). */
  members(n: number): Promise<(Auth | undefined)[]>;
  join(sock: Member): Promise<void>;
  /** The socket that sends the chat lines. */
  speaker: Member;
}

interface StepFigures {
  members: number;
  cpuPerJoinUs: number;
  fanoutP50: number;
  fanoutP99: number;
  delivered: number;
  cpuPerChatUs: number;
  /** CHATS lines back to back (each once the previous reached everyone): p50/p99 delay. */
  stormP50: number;
  stormP99: number;
  /** BURST lines sent at once: p99 delay, share delivered, server CPU for all of them. */
  burstP99: number;
  burstDelivered: number;
  burstCpuUs: number;
}

async function ramp(t: Target): Promise<StepFigures[]> {
  const socks: Member[] = [];
  const out: StepFigures[] = [];
  // Per chat line: when it was sent; each member's delay from it.
  const sentAt = new Map<string, number>();
  let got = 0;
  let lastGot = 0;
  let delays: number[] = [];
  const onChat = (p: unknown) => {
    const at = sentAt.get((p as { text: string }).text);
    if (at === undefined) return;
    got++;
    lastGot = performance.now();
    delays.push(lastGot - at);
  };
  let joined = 0;
  const add = (auths: (Auth | undefined)[]) =>
    pool(auths, JOIN_WIDTH, async (auth) => {
      const sock = await connect(t.urlOf(joined++), ROOM_NAMESPACE, auth);
      sock.on('chat', onChat);
      await t.join(sock);
      socks.push(sock);
    });
  /** Sends `lines` at once, waits for every member to have them all (or a second of silence), answers the delays. */
  const send = async (lines: string[]) => {
    got = 0;
    delays = [];
    sentAt.clear();
    const acks = lines.map((line) => {
      sentAt.set(line, performance.now());
      return request(t.speaker, 'chat', { text: line });
    });
    const want = lines.length * socks.length;
    const deadline = performance.now() + FANOUT_TIMEOUT_MS;
    lastGot = performance.now();
    // Every line to every member, or three seconds without a receipt (bare socket.io drops lines of a burst).
    while (got < want && performance.now() < deadline && performance.now() - lastGot < 3000) await new Promise((r) => setTimeout(r, 5));
    await Promise.all(acks);
    return { delays, delivered: got / want };
  };
  // Warm-up joins, not measured: the first measured step would otherwise carry the JIT's work.
  await add(await t.members(WARM));
  for (const target of STEPS) {
    const auths = await t.members(target - socks.length);
    const c0 = await t.cpu();
    await add(auths);
    const c1 = await t.cpu();
    const joins = auths.length;

    // The joins' aftermath (presence, the online count's push) settles before a line is timed.
    await quiet(t.cpu);
    const all: number[] = [];
    let delivered = 0;
    for (let k = 0; k < CHATS; k++) {
      await new Promise((r) => setTimeout(r, CHAT_GAP_MS));
      const r = await send([`${t.name}-${target}-${k}`]);
      all.push(...r.delays);
      delivered += r.delivered;
    }
    const c3 = await t.cpu();
    const storm: number[] = [];
    for (let k = 0; k < CHATS; k++) storm.push(...(await send([`${t.name}-${target}-storm-${k}`])).delays);
    const c3b = await t.cpu();
    const burst = BURST > 0 ? await send(Array.from({ length: BURST }, (_, k) => `${t.name}-${target}-burst-${k}`)) : undefined;
    const c4 = await t.cpu();
    const fig: StepFigures = {
      members: target,
      cpuPerJoinUs: (c1 - c0) / joins,
      fanoutP50: quantile(all, 0.5),
      fanoutP99: quantile(all, 0.99),
      delivered: delivered / CHATS,
      // Measured on the back-to-back lines: the paced ones carry their pauses (pings, timers).
      cpuPerChatUs: (c3b - c3) / CHATS,
      stormP50: quantile(storm, 0.5),
      stormP99: quantile(storm, 0.99),
      burstP99: burst ? quantile(burst.delays, 0.99) : NaN,
      burstDelivered: burst?.delivered ?? NaN,
      burstCpuUs: c4 - c3b,
    };
    out.push(fig);
    console.log(
      `${t.name.padEnd(8)} ${String(target).padStart(6)} members  CPU/join ${(fig.cpuPerJoinUs / 1000).toFixed(2).padStart(6)} ms  ` +
        `chat fan-out p50 ${fig.fanoutP50.toFixed(0).padStart(4)} ms p99 ${fig.fanoutP99.toFixed(0).padStart(4)} ms  ` +
        `delivered ${(fig.delivered * 100).toFixed(1)} %  CPU/chat ${(fig.cpuPerChatUs / 1000).toFixed(1).padStart(6)} ms  ` +
        `back to back p50 ${fig.stormP50.toFixed(0)} ms p99 ${fig.stormP99.toFixed(0)} ms  ` +
        `burst of ${BURST}: p99 ${fig.burstP99.toFixed(0)} ms, delivered ${(fig.burstDelivered * 100).toFixed(1)} %, CPU ${(fig.burstCpuUs / 1000).toFixed(0)} ms  (load ${load()})`,
    );
  }
  for (const s of socks) s.close();
  return out;
}

// ---- the product ------------------------------------------------------------------------------------
const product = new Child(new URL('./productProcess.ts', import.meta.url));
const ready = (await product.ready()) as unknown as { url: string; roomId: number; anchor: Auth; shared: unknown };
// A second instance of the same deployment (INSTANCES=2): same schema, same Redis prefix.
const peer = INSTANCES === 2 ? new Child(new URL('./productProcess.ts', import.meta.url), { BENCH_SHARED: JSON.stringify(ready.shared) }) : undefined;
const peerUrl = peer ? ((await peer.ready()) as unknown as { url: string }).url : undefined;
const productCpu = async () => (await product.cpu()) + (peer ? await peer.cpu() : 0);
const credentials = async (n: number): Promise<Auth[]> => (n <= 0 ? [] : ((await product.request({ type: 'members', n })).list as Auth[]));

// The hall first, while the database holds only its members (a notice goes to every member).
const hallFigures = await hallBench();

const anchorSock = await connect(ready.url, ROOM_NAMESPACE, ready.anchor);
await request(anchorSock, 'join', { room_id: ready.roomId });
const productSteps = await ramp({
  name: INSTANCES === 2 ? 'product×2' : 'product',
  cpu: productCpu,
  urlOf: (i) => (peerUrl && i % 2 === 1 ? peerUrl : ready.url),
  members: credentials,
  join: async (sock) => {
    const r = await request(sock, 'join', { room_id: ready.roomId });
    if (r.code !== 200) throw new Error(`join refused: ${r.code} ${r.msg}`);
  },
  speaker: anchorSock,
});
anchorSock.close();
await quiet(productCpu);
await product.stop();
await peer?.stop();

// ---- the bare socket.io server -----------------------------------------------------------------------
const bare = new Child(new URL('./bareProcess.ts', import.meta.url));
const bareUrl = ((await bare.ready()) as unknown as { url: string }).url;
const bareSpeaker = await connect(bareUrl, ROOM_NAMESPACE);
const bareSteps = await ramp({
  name: 'bare',
  cpu: () => bare.cpu(),
  urlOf: () => bareUrl,
  members: async (n) => Array.from({ length: Math.max(0, n) }, () => undefined),
  join: async (sock) => void (await request(sock, 'join', {})),
  speaker: bareSpeaker,
});
bareSpeaker.close();
await bare.stop();

// ---- summary ------------------------------------------------------------------------------------------
console.log(
  '\nmembers  CPU/join product  bare  ratio   chat p50/p99 product  bare        CPU/chat product  bare  ratio   back to back p50/p99 product  bare   burst delivered product  bare',
);
productSteps.forEach((p, i) => {
  const b = bareSteps[i]!;
  const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
  console.log(
    `${String(p.members).padStart(7)}  ${(p.cpuPerJoinUs / 1000).toFixed(2).padStart(13)} ms  ${(b.cpuPerJoinUs / 1000).toFixed(2)}  ${(p.cpuPerJoinUs / b.cpuPerJoinUs).toFixed(1).padStart(4)} ×` +
      `   ${`${p.fanoutP50.toFixed(0)}/${p.fanoutP99.toFixed(0)}`.padStart(16)} ms  ${`${b.fanoutP50.toFixed(0)}/${b.fanoutP99.toFixed(0)}`.padStart(9)}` +
      `   ${(p.cpuPerChatUs / 1000).toFixed(1).padStart(13)} ms  ${(b.cpuPerChatUs / 1000).toFixed(1).padStart(4)}  ${(p.cpuPerChatUs / b.cpuPerChatUs).toFixed(2)} ×` +
      `   ${`${p.stormP50.toFixed(0)}/${p.stormP99.toFixed(0)}`.padStart(24)} ms  ${`${b.stormP50.toFixed(0)}/${b.stormP99.toFixed(0)}`.padStart(9)}` +
      `   ${pct(p.burstDelivered).padStart(21)}  ${pct(b.burstDelivered)}`,
  );
});
const first = productSteps[0]!;
const last = productSteps[productSteps.length - 1]!;
console.log(
  `\njoin cost ${last.members} vs ${first.members} members: ${(last.cpuPerJoinUs / first.cpuPerJoinUs).toFixed(2)} × (goal ≤ 1.20); ` +
    `chat fan-out at ${last.members}: p99 ${last.fanoutP99.toFixed(0)} ms (goal < 200; back to back ${last.stormP99.toFixed(0)} ms), CPU ${(last.cpuPerChatUs / bareSteps[bareSteps.length - 1]!.cpuPerChatUs).toFixed(2)} × bare (goal ≤ 2)`,
);
if (hallFigures) console.log(hallFigures);
console.log(`load average ${load()} at the end; total run ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(0);

/** Waits until a server (its CPU: µs so far) uses under 5 % of a core over half a second (e.g. its members' leaves handled: a profile gets written). */
async function quiet(cpu: () => Promise<number>): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const c0 = await cpu();
    await new Promise((r) => setTimeout(r, 500));
    if ((await cpu()) - c0 < 25_000) return;
  }
}

/** A notice to every member reaching HALL hall sockets: product CPU from the operator's call to the last delivery, against a bare broadcast. */
async function hallBench(): Promise<string | undefined> {
  if (HALL <= 0) return undefined;
  const auths = await credentials(HALL);
  let got = 0;
  /** HALL sockets of `url`, counting every newMessage. */
  const open = async (url: string, withAuth: boolean) => {
    const socks: Member[] = [];
    await pool(auths, JOIN_WIDTH, async (auth) => {
      const sock = await connect(url, HALL_NAMESPACE, withAuth ? auth : undefined);
      sock.on('newMessage', () => got++);
      socks.push(sock);
    });
    return socks;
  };
  /** Server CPU (µs) and wall time of each of NOTICES notices, from the call to the last delivery. */
  const measure = async (child: Child, socks: Member[], send: () => Promise<void>) => {
    const runs: { cpu: number; ms: number }[] = [];
    for (let k = 0; k < NOTICES; k++) {
      got = 0;
      const c0 = await child.cpu();
      const t0 = performance.now();
      await send();
      while (got < socks.length && performance.now() - t0 < FANOUT_TIMEOUT_MS) await new Promise((r) => setTimeout(r, 5));
      if (got < socks.length) throw new Error(`a notice reached ${got} of ${socks.length}`);
      runs.push({ ms: performance.now() - t0, cpu: (await child.cpu()) - c0 });
    }
    for (const s of socks) s.close();
    return {
      cpu: quantile(
        runs.map((r) => r.cpu),
        0.5,
      ),
      ms: quantile(
        runs.map((r) => r.ms),
        0.5,
      ),
      all: runs.map((r) => (r.cpu / 1000).toFixed(0)).join(', '),
    };
  };
  const notice = { title: '全站公告', content: '今晚八点有活动', type: 'activity' };

  const operator = (await product.request({ type: 'operator' })) as unknown as { token: string };
  const p = await measure(product, await open(ready.url, true), async () => {
    const res = await fetch(`${ready.url}${fullPath(api.adminSendNotice)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Constraint: 'liveapp-h5', Authorization: operator.token },
      body: JSON.stringify(notice),
    });
    if (!res.ok) throw new Error(`notice refused: ${res.status} ${await res.text()}`);
  });

  const bareHall = new Child(new URL('./bareProcess.ts', import.meta.url));
  const url = ((await bareHall.ready()) as unknown as { url: string }).url;
  const bareSocks = await open(url, false);
  const b = await measure(bareHall, bareSocks, async () => void (await request(bareSocks[0]!, 'notice', notice)));
  await bareHall.stop();
  return (
    `hall: a notice to every member, ${HALL} online, median of ${NOTICES}: product ${(p.cpu / 1000).toFixed(1)} ms CPU (${p.all}), all delivered in ${p.ms.toFixed(0)} ms; ` +
    `bare broadcast ${(b.cpu / 1000).toFixed(1)} ms CPU (${b.all}), ${b.ms.toFixed(0)} ms; ratio ${(p.cpu / b.cpu).toFixed(2)} × (goal ≤ 1.5)`
  );
}
