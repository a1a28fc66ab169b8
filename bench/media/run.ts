/**
 * bench/media: time from a viewer's join (its WHEP request starting) to its first decoded frame,
 * for viewers joining a room whose anchor has been live for a while (so every first frame needs a
 * keyframe the SFU asks the publisher for). Two patterns:
 *   staggered – viewers join one after another (each alone in its handshake);
 *   burst     – viewers join at the same instant (handshakes and keyframe requests coincide).
 * Ratios: first frame / connected (what waiting for a keyframe adds after ICE+DTLS), and burst /
 * staggered (the cost of joining together). The SFU runs in this process; Chromium (fake camera,
 * 640×360 at 20 fps) publishes and plays.
 *
 * Both codecs a room can carry are measured in turn: the anchor offers H.264 first (as the web
 * client does), then VP8 first (CODECS=h264,vp8). Goal: first frame p95 ≤ 400 ms on an idle machine.
 * ENGINES=embedded,janus measures each engine in turn: Janus is one Janus 1.1 node in a network
 * namespace the bench makes (root and `ip netns`, as the Janus tests).
 *
 *   npx tsx bench/media/run.ts          (VIEWERS=10 ROUNDS=2 ENGINES=embedded,janus to change the load)
 */
import os from 'node:os';
import type { MediaEngine } from '../../apps/server/src/media/engine.js';
import { JanusEngine } from '../../apps/server/src/media/janus/janusEngine.js';
import { codecs, parseSdp } from '../../apps/server/src/media/janus/sdp.js';
import { Sfu } from '../../apps/server/src/media/sfu.js';
import { startJanusNode } from '../../apps/server/test/janusNode.js';
import { launchMediaBrowser, openMediaPage, startMediaApp, T, type MediaApp } from '../../apps/server/test/mediaHarness.js';

const VIEWERS = Number(process.env.VIEWERS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const WARM_MS = 4000;
const CODECS = (process.env.CODECS ?? 'h264,vp8').split(',') as ('h264' | 'vp8')[];
const ENGINES = (process.env.ENGINES ?? 'embedded').split(',') as ('embedded' | 'janus')[];

type Play = { id: number };
interface Join {
  answeredMs: number;
  connectedMs: number;
  firstFrameMs: number;
}

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};
const ms = (v: number): string => `${v.toFixed(0).padStart(5)} ms`;

/** One engine under the bench: what it forwards, and what it tells of the anchor (codec sent, keyframe requests). */
interface Bench {
  name: string;
  engine: MediaEngine & { session(id: string): unknown };
  sentCodec(room: string): string | undefined;
  keyframeRequests(room: string): number | undefined;
  stop(): Promise<void>;
}

async function startEngine(name: 'embedded' | 'janus'): Promise<Bench> {
  if (name === 'embedded') {
    const sfu = new Sfu({ maxViewers: 1000 });
    const pub = (room: string) => {
      const s = sfu.session(sfu.room(room)?.publishers[0]?.sessionId ?? '');
      return s?.kind === 'publisher' ? s : undefined;
    };
    return { name, engine: sfu, sentCodec: (r) => pub(r)?.videoCodec?.mimeType, keyframeRequests: (r) => pub(r)?.pliSent, stop: () => sfu.shutdown() };
  }
  const node = await startJanusNode(121, { net: { ns: 'jb', subnet: 82 } });
  const janus = await JanusEngine.connect({ janusUrls: [node.url], maxViewers: 1000 });
  return {
    name,
    engine: janus,
    sentCodec: (r) => {
      const s = janus.session(janus.room(r)?.publishers[0]?.sessionId ?? '');
      const video = s?.kind === 'publisher' ? parseSdp(s.answerSdp).sections.find((x) => x.kind === 'video') : undefined;
      return video ? `video/${codecs(video)[0]?.name}` : undefined;
    },
    keyframeRequests: () => undefined,
    stop: async () => {
      await janus.shutdown();
      await node.stop();
    },
  };
}

const browser = await launchMediaBrowser();
const started = Date.now();
let sfu: Bench;
let app: MediaApp;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
console.log(`bench/media: join → first decoded frame, anchor live ${WARM_MS / 1000}+ s (no periodic keyframes); load average ${load()}`);
try {
  for (const name of ENGINES) {
    sfu = await startEngine(name);
    app = await startMediaApp(sfu.engine);
    console.log(`\n######## engine: ${name}`);
    try {
      for (const codec of CODECS) await measureCodec(codec);
    } finally {
      await sfu.stop();
      await app.close();
    }
  }
  console.log(`\ngoal: first frame p95 ≤ 400 ms; load average ${load()} at the end; total run ${((Date.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await browser.close();
}

async function measureCodec(codec: 'h264' | 'vp8'): Promise<void> {
  const room = `bench-${codec}`;
  const anchor = await openMediaPage(browser, app.url);
  await T(anchor, 'publish', `/api/media/whip/${room}/anchor`, 'user:anchor', { maxBitrate: 1_000_000, videoCodec: codec });
  await new Promise((r) => setTimeout(r, WARM_MS)); // past the publisher's first keyframe
  const sent = sfu.sentCodec(room);
  const plis = (): number => sfu.keyframeRequests(room) ?? NaN;

  // Viewers are peer connections in a few pages (as several tabs would be), not one page each:
  // 2 cores cannot run 20 renderer processes next to the SFU without measuring Chrome instead.
  const pages = await Promise.all([0, 1].map(() => openMediaPage(browser, app.url)));
  const join = async (i: number): Promise<Join> => {
    const page = pages[i % pages.length]!;
    const p = await T<Play & { answeredMs: number }>(page, 'play', `/api/media/whep/${room}`, `user:v${i}`);
    const [connectedMs, firstFrameMs] = await Promise.all([T<number>(page, 'connected', p.id), T<number>(page, 'firstFrame', p.id)]);
    // Stop at once: the next viewers then join the same load as the first (one anchor, no audience).
    await T(page, 'stop', p.id);
    return { answeredMs: p.answeredMs, connectedMs, firstFrameMs };
  };

  const staggered: Join[] = [];
  const burst: Join[] = [];
  let plisStaggered = 0;
  let plisBurst = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let p0 = plis();
    for (let i = 0; i < VIEWERS; i++) {
      staggered.push(await join(i));
      await new Promise((r) => setTimeout(r, 350)); // outside the 300 ms keyframe-request window
    }
    plisStaggered += plis() - p0;
    p0 = plis();
    burst.push(...(await Promise.all(Array.from({ length: VIEWERS }, (_, i) => join(i)))));
    plisBurst += plis() - p0;
    await new Promise((r) => setTimeout(r, 500));
  }

  const report = (name: string, js: Join[], pliCount: number): { first50: number } => {
    const first = js.map((j) => j.firstFrameMs);
    const conn = js.map((j) => j.connectedMs);
    const ans = js.map((j) => j.answeredMs);
    const asked = Number.isNaN(pliCount) ? '' : `, ${pliCount} keyframe requests sent to the anchor`;
    console.log(`\n${name}: ${js.length} joins (${VIEWERS} per round × ${ROUNDS})${asked}`);
    console.log(`  answer (ICE gathered + POST)   p50 ${ms(pct(ans, 50))}   p95 ${ms(pct(ans, 95))}`);
    console.log(`  connected (ICE + DTLS)         p50 ${ms(pct(conn, 50))}   p95 ${ms(pct(conn, 95))}`);
    console.log(`  first decoded frame            p50 ${ms(pct(first, 50))}   p95 ${ms(pct(first, 95))}   max ${ms(Math.max(...first))}`);
    console.log(`  ratio first frame / connected  p50 ${(pct(first, 50) / pct(conn, 50)).toFixed(2)}   p95 ${(pct(first, 95) / pct(conn, 95)).toFixed(2)}`);
    return { first50: pct(first, 50) };
  };
  console.log(`\n== ${sfu.name}: ${codec} room (the anchor sends ${sent ?? 'nothing yet'}), load average ${load()}`);
  const s = report('staggered joins', staggered, plisStaggered);
  const b = report('burst joins', burst, plisBurst);
  console.log(`\nratio burst / staggered first frame p50: ${(b.first50 / s.first50).toFixed(2)}`);
  await Promise.all([anchor, ...pages].map((p) => p.close()));
  sfu.engine.closeRoom(room);
}
