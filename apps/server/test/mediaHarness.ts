/**
 * Test and bench harness for the SFU: a bare Fastify app with only the media routes and a test page
 * that loads the browser WHIP/WHEP client (transpiled on the fly by esbuild), Chromium with a fake
 * camera, and werift-made offers for HTTP-only checks.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import Fastify, { type FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { RTCPeerConnection } from 'werift';
import { FAKE_MEDIA_FLAGS, MEDIA_PROBE_JS } from '../../../e2e/lib/media.js';
import { mediaRoutes, type MediaAuthorize } from '../src/media/media.routes.js';
import type { Sfu } from '../src/media/sfu.js';

const CLIENT_TS = fileURLToPath(new URL('../../web/src/lib/media/whipClient.ts', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const QUIET_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Grants everything; `{userId}` from a token shaped `user:<id>` so tests can act as a user. */
export const allowAll: MediaAuthorize = async (_kind, _room, _seat, token) => (token.startsWith('user:') ? { userId: token.slice(5) } : true);

/**
 * In-page helpers (plain JS, see e2e/lib/media.ts for why): window.T.publish / play / stop /
 * firstFrame / seatStats / state, over the real client module loaded as window.whip.
 */
const PAGE_JS = `
window.T = {
  sessions: [],
  async publish(url, token, opts) {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 360, frameRate: 20 }, audio: true });
    const s = await window.whip.publish(url, token, stream, opts || {});
    T.sessions.push(s);
    return { id: T.sessions.length - 1, location: s.location };
  },
  async play(url, token, opts) {
    const t0 = performance.now();
    const s = await window.whip.play(url, token, opts || {});
    s.answeredMs = performance.now() - t0;
    T.sessions.push(s);
    const id = T.sessions.length - 1;
    for (const [seat, st] of s.streams) {
      const v = document.createElement('video');
      v.muted = true; v.autoplay = true; v.playsInline = true; v.width = 160; v.srcObject = st;
      v.dataset.seat = seat; v.dataset.session = String(id);
      document.body.append(v);
    }
    s.firstFrame = new Promise((resolve) => {
      const tick = async () => {
        if (s.pc.connectionState === 'closed') return resolve(-1);
        let f = 0;
        (await s.pc.getStats()).forEach((x) => { if (x.type === 'inbound-rtp' && x.kind === 'video') f += x.framesDecoded || 0; });
        if (f > 0) resolve(performance.now() - t0); else setTimeout(tick, 20);
      };
      tick();
    });
    s.connected = new Promise((resolve) => {
      const check = () => { if (s.pc.connectionState === 'connected') { s.pc.removeEventListener('connectionstatechange', check); resolve(performance.now() - t0); } };
      s.pc.addEventListener('connectionstatechange', check); check();
    });
    return { id, location: s.location, answeredMs: s.answeredMs, seats: [...s.streams.keys()] };
  },
  firstFrame(id) { return T.sessions[id].firstFrame; },
  connected(id) { return T.sessions[id].connected; },
  async stop(id) { await T.sessions[id].stop(); },
  state(id) {
    const pc = T.sessions[id].pc;
    const dtls = pc.getSenders().concat(pc.getReceivers()).map((x) => x.transport && x.transport.state).filter(Boolean);
    const tracks = pc.getReceivers().map((r) => r.track.readyState);
    return { connection: pc.connectionState, ice: pc.iceConnectionState, dtls, tracks };
  },
  /** Per seat: frames decoded and audio samples received so far in session id. */
  async seatStats(id) {
    const s = T.sessions[id];
    const out = {};
    for (const r of s.pc.getReceivers()) {
      let seat = null;
      for (const [k, st] of s.streams) if (st.getTracks().includes(r.track)) seat = k;
      if (!seat) continue;
      out[seat] = out[seat] || { framesDecoded: 0, samples: 0 };
      (await r.getStats()).forEach((x) => {
        if (x.type !== 'inbound-rtp') return;
        if (x.kind === 'video') out[seat].framesDecoded += x.framesDecoded || 0;
        else out[seat].samples += x.totalSamplesReceived || 0;
      });
    }
    return out;
  },
};
`;

const PAGE_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>media test</title></head><body>
<script type="module">import * as whip from '/test/whipClient.js'; window.whip = whip; window.whipReady = true;</script>
<script>${PAGE_JS}</script></body></html>`;

export interface MediaApp {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** A Fastify app with only the media plugin (and the test page), listening on a free port. */
export async function startMediaApp(sfu: Sfu, authorize: MediaAuthorize = allowAll): Promise<MediaApp> {
  const app = Fastify({ logger: false });
  await app.register(mediaRoutes, { sfu, authorize });
  const js = (await transform(await readFile(CLIENT_TS, 'utf8'), { loader: 'ts', format: 'esm', target: 'es2022' })).code;
  app.get('/test/whipClient.js', async (_req, reply) => reply.type('text/javascript').send(js));
  app.get('/test/media', async (_req, reply) => reply.type('text/html').send(PAGE_HTML));
  app.get('/favicon.ico', async (_req, reply) => reply.code(204).send());
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, close: () => app.close() };
}

export function launchMediaBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...QUIET_FLAGS, ...FAKE_MEDIA_FLAGS, ...extraArgs] });
}

/** A new page (own context, so its own fake devices) on the test page, with the stats probe. */
export async function openMediaPage(browser: Browser, baseUrl: string): Promise<Page> {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.addInitScript(MEDIA_PROBE_JS);
  await page.goto(`${baseUrl}/test/media`);
  await page.waitForFunction('window.whipReady === true');
  return page;
}

/** Calls window.T.<fn>(...args) in the page; args go through JSON (no function serialization). */
export function T<R = unknown>(page: Page, fn: string, ...args: unknown[]): Promise<R> {
  return page.evaluate(`window.T.${fn}(...${JSON.stringify(args)})`) as Promise<R>;
}

/** An SDP offer made by werift (no browser): `slots` audio+video pairs, sending or receiving. */
export async function weriftOffer(kind: 'publish' | 'play', slots = 1): Promise<{ sdp: string; close(): Promise<void> }> {
  const pc = new RTCPeerConnection({
    iceServers: [],
    iceUseIpv6: false,
    iceInterfaceAddresses: { udp4: '127.0.0.1' },
    iceAdditionalHostAddresses: ['127.0.0.1'],
    // One transport for every section, as browsers do; per-section gathering takes seconds in werift.
    bundlePolicy: 'max-bundle',
  });
  const direction = kind === 'publish' ? 'sendonly' : 'recvonly';
  for (let i = 0; i < slots; i++) {
    pc.addTransceiver('audio', { direction });
    pc.addTransceiver('video', { direction });
  }
  await pc.setLocalDescription(await pc.createOffer());
  const sdp = pc.localDescription?.sdp;
  if (!sdp) throw new Error('werift made no offer');
  return { sdp, close: () => pc.close() };
}

/** POSTs an SDP body with an optional bearer token. */
export function postSdp(url: string, sdp: string, token?: string, contentType = 'application/sdp'): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  return fetch(url, { method: 'POST', headers, body: sdp });
}
