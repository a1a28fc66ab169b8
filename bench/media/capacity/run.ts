/**
 * bench/media capacity: how many viewers one SFU process feeds at the anchor's bitrate with ≥ 99 %
 * of packets delivered, and its CPU per forwarded packet per viewer as a ratio to a bare UDP relay
 * forwarding the same packets, measured in the same run.
 *
 * The SFU runs alone in a child process (its process.cpuUsage is the figure); this process plays
 * the anchor (recorded RTP replayed into a werift WHIP publisher) and the viewers (werift WHEP peers
 * counting the packets they decrypt). Viewers are added in steps; each step settles, then counts the
 * packets every viewer received against the packets the anchor sent over a window. The ramp stops at
 * the first step under 99 %. The relay run then forwards the same recorded packets to as many plain
 * UDP sinks as the SFU fed at its best step.
 *
 *   npx tsx bench/media/capacity/run.ts     (BITRATE=800000 STEPS=10,25,50,… WINDOW_MS=5000)
 */
import dgram from 'node:dgram';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Child } from './ipc.js';
import { Publisher, Viewer } from './peers.js';
import { record } from './stream.js';

const VIDEO_BPS = Number(process.env.BITRATE ?? 800_000);
const STEPS = (process.env.STEPS ?? '10,25,50,75,100,125,150,175,200,250,300').split(',').map(Number);
const WINDOW_MS = Number(process.env.WINDOW_MS ?? 5000);
const SETTLE_MS = 2500;
/** Viewers join one at a time: werift peers negotiating at once in one process stall now and then. */
const JOIN_TRIES = 3;
const ROOM = 'bench';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
/** Datagrams the kernel dropped machine-wide because a socket's receive buffer was full (its reader was late). */
const udpBufferDrops = (): number => {
  try {
    const [head, values] = readFileSync('/proc/net/snmp', 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('Udp:'));
    return Number(values!.split(/\s+/)[head!.split(/\s+/).indexOf('RcvbufErrors')]);
  } catch {
    return NaN;
  }
};
const selfCpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** A viewer that connected, retried on a stalled handshake. */
async function join(id: number): Promise<Viewer> {
  for (let attempt = 1; ; attempt++) {
    const v = new Viewer();
    try {
      await v.connect(url, ROOM, id);
      return v;
    } catch (err) {
      await v.close().catch(() => undefined);
      if (attempt >= JOIN_TRIES) throw err;
    }
  }
}

interface Step {
  viewers: number;
  delivery: number;
  worst: number;
  sfuCore: number;
  loadCore: number;
  usPerPacket: number;
  bufferDrops: number;
}

/** Counts over one window: packets the anchor sent, what `received()` reports, CPU of the child and of this process. */
async function measure(sent: () => number, received: () => number[], child: Child) {
  const [s0, r0, c0, l0, d0, t0] = [sent(), received(), await child.cpu(), selfCpu(), udpBufferDrops(), performance.now()];
  await sleep(WINDOW_MS);
  const [s1, r1, c1, l1, d1, t1] = [sent(), received(), await child.cpu(), selfCpu(), udpBufferDrops(), performance.now()];
  const got = r1.map((n, i) => n - r0[i]!);
  const packets = s1 - s0;
  const delivered = got.reduce((a, b) => a + b, 0);
  const wallUs = (t1 - t0) * 1000;
  return {
    delivery: delivered / (packets * got.length),
    worst: Math.min(...got) / packets,
    childCore: (c1 - c0) / wallUs,
    loadCore: (l1 - l0) / wallUs,
    usPerPacket: (c1 - c0) / Math.max(1, delivered),
    bufferDrops: d1 - d0,
  };
}

const started = Date.now();
console.log(
  `bench/media capacity: ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} at start`,
);
const rec = await record(10, VIDEO_BPS);
console.log(
  `anchor stream: ${(rec.bitrate / 1000).toFixed(0)} kbit/s, ${rec.packetRate.toFixed(0)} packets/s (VP8 ${VIDEO_BPS / 1000} kbit/s target + Opus 32 kbit/s), replayed from a recording`,
);

// ---- the SFU -----------------------------------------------------------------------------------
const sfu = new Child('./sfuProcess.ts');
const { url } = (await sfu.ready()) as unknown as { url: string };
const publisher = new Publisher();
await publisher.connect(url, ROOM);
const player = rec.play((kind, buf) => publisher.write(kind, buf));
const viewers: Viewer[] = [];
const steps: Step[] = [];
let failure = '';
console.log('\nviewers  delivered  worst viewer  SFU CPU (core)  load CPU (core)  SFU µs/packet/viewer  UDP buffer drops');
for (const target of STEPS) {
  try {
    while (viewers.length < target) viewers.push(await join(viewers.length));
  } catch (err) {
    failure = `joining viewer ${viewers.length + 1} failed: ${(err as Error).message}`;
    break;
  }
  await sleep(SETTLE_MS);
  let m = await measure(
    () => player.sent,
    () => viewers.map((v) => v.received),
    sfu,
  );
  // One more window before calling it the limit: a hiccup of a shared machine is not the SFU's.
  if (m.delivery < 0.99)
    m = await measure(
      () => player.sent,
      () => viewers.map((v) => v.received),
      sfu,
    );
  const step = {
    viewers: target,
    delivery: m.delivery,
    worst: m.worst,
    sfuCore: m.childCore,
    loadCore: m.loadCore,
    usPerPacket: m.usPerPacket,
    bufferDrops: m.bufferDrops,
  };
  steps.push(step);
  console.log(
    `${String(target).padStart(7)}  ${pct(m.delivery).padStart(9)}  ${pct(m.worst).padStart(12)}  ${m.childCore.toFixed(2).padStart(14)}  ${m.loadCore.toFixed(2).padStart(15)}  ${m.usPerPacket.toFixed(1).padStart(20)}  ${String(m.bufferDrops).padStart(16)}`,
  );
  if (m.delivery < 0.99) break;
}
player.stop();
await Promise.all(viewers.map((v) => v.close().catch(() => undefined)));
await publisher.close().catch(() => undefined);
await sfu.stop();

const passing = steps.filter((s) => s.delivery >= 0.99);
const best = passing[passing.length - 1] ?? steps[0];
if (!best) throw new Error(`no step measured: ${failure}`);

// ---- the bare relay, same packets, as many receivers as the SFU's best step -----------------------
await sleep(1000);
const relay = new Child('./relayProcess.ts');
const { port } = (await relay.ready()) as unknown as { port: number };
const counts = new Array<number>(best.viewers).fill(0);
const sinks = await Promise.all(
  counts.map(
    (_, i) =>
      new Promise<dgram.Socket>((resolve) => {
        const s = dgram.createSocket('udp4');
        s.on('message', () => counts[i]!++);
        s.bind(0, '127.0.0.1', () => resolve(s));
      }),
  ),
);
relay.send({ type: 'sinks', ports: sinks.map((s) => s.address().port) });
const out = dgram.createSocket('udp4');
const replay = rec.play((_kind, buf) => out.send(buf, port, '127.0.0.1'));
await sleep(1000);
// Three windows, the median by CPU per packet: on a shared machine one window of the relay moves by 2–3 ×.
const windows = [];
for (let i = 0; i < 3; i++)
  windows.push(
    await measure(
      () => replay.sent,
      () => [...counts],
      relay,
    ),
  );
const r = windows.sort((a, b) => a.usPerPacket - b.usPerPacket)[1]!;
console.log(`\nbare relay windows: ${windows.map((w) => w.usPerPacket.toFixed(2)).join(', ')} µs/packet/receiver`);
replay.stop();
out.close();
for (const s of sinks) s.close();
await relay.stop();

console.log(
  `\nbare UDP relay, ${best.viewers} receivers: delivered ${pct(r.delivery)}, relay CPU ${r.childCore.toFixed(2)} core, ${r.usPerPacket.toFixed(2)} µs/packet/receiver`,
);
console.log(
  '(UDP buffer drops: datagrams the kernel dropped machine-wide in the window because a reader was late — with idle CPU in both processes, the machine was busy elsewhere)',
);
console.log(
  `\nmost viewers fed with ≥ 99 % of packets delivered: ${passing.length ? best.viewers : `none (already ${pct(best.delivery)} at ${best.viewers})`}${passing.length === steps.length && !failure ? ' (the ramp ended before losses: raise STEPS)' : ''}`,
);
console.log(
  `SFU CPU per forwarded packet per viewer at ${best.viewers} viewers: ${best.usPerPacket.toFixed(1)} µs = ${(best.usPerPacket / r.usPerPacket).toFixed(1)} × the bare relay's ${r.usPerPacket.toFixed(2)} µs`,
);
if (failure) console.log(`stopped: ${failure}`);
console.log(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} at the end; total run ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
process.exit(0);
