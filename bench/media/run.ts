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
 *   npx tsx bench/media/run.ts          (VIEWERS=10 ROUNDS=2 to change the load)
 */
import { Sfu } from '../../apps/server/src/media/sfu.js';
import { launchMediaBrowser, openMediaPage, startMediaApp, T } from '../../apps/server/test/mediaHarness.js';

const VIEWERS = Number(process.env.VIEWERS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const WARM_MS = 4000;

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

const sfu = new Sfu({ maxViewers: 1000 });
const app = await startMediaApp(sfu);
const browser = await launchMediaBrowser();
const started = Date.now();
try {
  const anchor = await openMediaPage(browser, app.url);
  await T(anchor, 'publish', '/api/media/whip/bench/anchor', 'user:anchor', { maxBitrate: 1_000_000 });
  await new Promise((r) => setTimeout(r, WARM_MS)); // past the publisher's first keyframe
  const pub = sfu.session(sfu.room('bench')!.publishers[0]!.sessionId);
  const plis = (): number => (pub?.kind === 'publisher' ? pub.pliSent : 0);

  // Viewers are peer connections in a few pages (as several tabs would be), not one page each:
  // 2 cores cannot run 20 renderer processes next to the SFU without measuring Chrome instead.
  const pages = await Promise.all([0, 1].map(() => openMediaPage(browser, app.url)));
  const join = async (i: number): Promise<Join> => {
    const page = pages[i % pages.length]!;
    const p = await T<Play & { answeredMs: number }>(page, 'play', '/api/media/whep/bench', `user:v${i}`);
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
    console.log(`\n${name}: ${js.length} joins (${VIEWERS} per round × ${ROUNDS}), ${pliCount} keyframe requests sent to the anchor`);
    console.log(`  answer (ICE gathered + POST)   p50 ${ms(pct(ans, 50))}   p95 ${ms(pct(ans, 95))}`);
    console.log(`  connected (ICE + DTLS)         p50 ${ms(pct(conn, 50))}   p95 ${ms(pct(conn, 95))}`);
    console.log(`  first decoded frame            p50 ${ms(pct(first, 50))}   p95 ${ms(pct(first, 95))}   max ${ms(Math.max(...first))}`);
    console.log(`  ratio first frame / connected  p50 ${(pct(first, 50) / pct(conn, 50)).toFixed(2)}   p95 ${(pct(first, 95) / pct(conn, 95)).toFixed(2)}`);
    return { first50: pct(first, 50) };
  };
  console.log(`bench/media: join → first decoded frame, anchor live ${WARM_MS / 1000}+ s (no periodic keyframes)`);
  const s = report('staggered joins', staggered, plisStaggered);
  const b = report('burst joins', burst, plisBurst);
  console.log(`\nratio burst / staggered first frame p50: ${(b.first50 / s.first50).toFixed(2)}`);
  console.log(`goal: first frame p95 < 2000 ms for a late joiner; total run ${((Date.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await browser.close();
  await sfu.shutdown();
  await app.close();
}
