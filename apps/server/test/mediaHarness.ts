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
import type { MediaSessions } from '../src/media/engine.js';
import { Sfu } from '../src/media/sfu.js';

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
    s.token = token;
    T.sessions.push(s);
    return { id: T.sessions.length - 1, location: s.location };
  },
  async play(url, token, opts) {
    const t0 = performance.now();
    const s = await window.whip.play(url, token, opts || {});
    s.token = token;
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
  /**
   * A stock WHEP player, as whip-whep's is: Chromium's own offer (one recvonly audio and video,
   * its default payload types: H.264 and rtx numbers wherever Chromium puts them), no munging.
   */
  async playStock(url, token) {
    const pc = new RTCPeerConnection();
    pc.addTransceiver('audio', { direction: 'recvonly' });
    pc.addTransceiver('video', { direction: 'recvonly' });
    const stream = new MediaStream();
    pc.ontrack = (e) => stream.addTrack(e.track);
    await pc.setLocalDescription(await pc.createOffer());
    await new Promise((r) => { if (pc.iceGatheringState === 'complete') r(); else pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && r()); });
    const offer = pc.localDescription.sdp;
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/sdp', authorization: 'Bearer ' + token }, body: offer });
    const body = await res.text();
    if (res.status !== 201) { pc.close(); return { status: res.status, body, offer }; }
    await pc.setRemoteDescription({ type: 'answer', sdp: body });
    const s = { pc, token, location: new URL(res.headers.get('location'), url).toString(), streams: new Map([['anchor', stream]]), stop: async () => pc.close() };
    T.sessions.push(s);
    return { status: res.status, id: T.sessions.length - 1, location: s.location, offer };
  },
  /**
   * A publisher that trickles, as standard WHIP clients do: the offer goes without candidates, each
   * candidate follows in a PATCH (with the session's ETag). Resolves once gathering ended and every
   * PATCH was answered.
   */
  async publishTrickle(url, token) {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 320, height: 180, frameRate: 20 }, audio: true });
    const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
    for (const track of stream.getTracks()) pc.addTransceiver(track, { direction: 'sendonly' });
    const queued = [];
    const patches = [];
    let session;
    let gathered;
    const allGathered = new Promise((r) => { gathered = r; });
    const send = (lines) => patches.push(fetch(session.location, {
      method: 'PATCH',
      headers: { 'content-type': 'application/trickle-ice-sdpfrag', 'if-match': session.etag, authorization: 'Bearer ' + token },
      body: [session.ufrag, session.pwd, 'm=audio 9 UDP/TLS/RTP/SAVPF 0', 'a=mid:0', ...lines, ''].join('\\r\\n'),
    }).then((r) => r.status));
    pc.onicecandidate = (e) => {
      const line = e.candidate ? 'a=' + e.candidate.candidate : 'a=end-of-candidates';
      if (session) send([line]); else queued.push(line);
      if (!e.candidate) gathered();
    };
    await pc.setLocalDescription(await pc.createOffer());
    const offer = pc.localDescription.sdp.replace(/^a=(candidate:.*|end-of-candidates)\\r\\n/gm, '');
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/sdp', authorization: 'Bearer ' + token }, body: offer });
    const sdp = pc.localDescription.sdp;
    session = {
      location: new URL(res.headers.get('location'), url).toString(),
      etag: res.headers.get('etag'),
      ufrag: sdp.match(/^a=ice-ufrag:.*$/m)[0],
      pwd: sdp.match(/^a=ice-pwd:.*$/m)[0],
    };
    await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
    if (queued.length) send(queued.splice(0));
    await allGathered;
    T.sessions.push({ pc, token, location: session.location, stop: async () => pc.close() });
    return { id: T.sessions.length - 1, status: res.status, offerHadCandidates: /a=candidate/.test(offer), patches: await Promise.all(patches) };
  },
  /**
   * What a WHIP or WHEP client does after a network change: an ICE restart offer, its fragment
   * PATCHed to the session, the answer fragment's credentials and candidates applied.
   */
  async restartIce(id) {
    const s = T.sessions[id];
    const pc = s.pc;
    await pc.setLocalDescription(await pc.createOffer({ iceRestart: true }));
    await new Promise((r) => { if (pc.iceGatheringState === 'complete') r(); else pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && r()); });
    const sdp = pc.localDescription.sdp;
    const line = (re) => (sdp.match(re) || [])[0];
    const frag = [line(/^m=.*$/m), line(/^a=mid:.*$/m), line(/^a=ice-ufrag:.*$/m), line(/^a=ice-pwd:.*$/m), ...(sdp.match(/^a=candidate:.*$/gm) || []), 'a=end-of-candidates', ''].join('\\r\\n');
    const res = await fetch(s.location, { method: 'PATCH', headers: { 'content-type': 'application/trickle-ice-sdpfrag', 'if-match': '*', authorization: 'Bearer ' + s.token }, body: frag });
    const answerFrag = await res.text();
    if (res.status !== 200) return { status: res.status, body: answerFrag };
    const get = (re) => (answerFrag.match(re) || [])[0];
    const candidates = (answerFrag.match(/^a=candidate:.*$/gm) || []).join('\\r\\n');
    const answer = pc.currentRemoteDescription.sdp
      .replace(/^a=ice-ufrag:.*$/gm, get(/^a=ice-ufrag:.*$/m))
      .replace(/^a=ice-pwd:.*$/gm, get(/^a=ice-pwd:.*$/m))
      .replace(/^a=candidate:.*\\r?\\n/gm, '')
      .replace(/^a=end-of-candidates\\r?\\n/gm, '')
      .replace(/^(a=mid:.*)$/gm, '$1\\r\\n' + candidates + '\\r\\na=end-of-candidates');
    await pc.setRemoteDescription({ type: 'answer', sdp: answer });
    return {
      status: res.status,
      etag: res.headers.get('etag'),
      ufrag: /^a=ice-ufrag:(\\S+)/m.exec(sdp)[1],
      serverUfrag: /^a=ice-ufrag:(\\S+)/m.exec(answerFrag)[1],
    };
  },
  /** The session's ICE transport as getStats has it: its local ufrag, ICE state and selected pair changes. */
  async iceTransport(id) {
    let out = null;
    (await T.sessions[id].pc.getStats()).forEach((x) => {
      if (x.type === 'transport') out = { localUfrag: x.iceLocalUsernameFragment, state: x.iceState, pairChanges: x.selectedCandidatePairChanges };
    });
    return out;
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
      out[seat] = out[seat] || { framesDecoded: 0, samples: 0, packets: 0, lost: 0, keyFrames: 0, plis: 0 };
      (await r.getStats()).forEach((x) => {
        if (x.type !== 'inbound-rtp') return;
        if (x.kind === 'video') {
          out[seat].framesDecoded += x.framesDecoded || 0;
          out[seat].packets += x.packetsReceived || 0;
          out[seat].lost += x.packetsLost || 0;
          out[seat].keyFrames += x.keyFramesDecoded || 0;
          out[seat].plis += x.pliCount || 0;
        } else out[seat].samples += x.totalSamplesReceived || 0;
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

/** A Fastify app with only the media plugin (either engine) (and the test page), listening on a free port. */
export async function startMediaApp(engine: MediaSessions, authorize: MediaAuthorize = allowAll): Promise<MediaApp> {
  const app = Fastify({ logger: false });
  await app.register(mediaRoutes, { engine, authorize });
  const js = (await transform(await readFile(CLIENT_TS, 'utf8'), { loader: 'ts', format: 'esm', target: 'es2022' })).code;
  app.get('/test/whipClient.js', async (_req, reply) => reply.type('text/javascript').send(js));
  app.get('/test/media', async (_req, reply) => reply.type('text/html').send(PAGE_HTML));
  app.get('/favicon.ico', async (_req, reply) => reply.code(204).send());
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, close: () => app.close() };
}

/**
 * Chromium and the test page on an origin of its own (its SFU idle, never used), for suites that
 * publish and play through app servers: the pages reach their WHIP/WHEP cross-origin, as a web app
 * served from a CDN does.
 */
export async function startPlayerPages(): Promise<{ url: string; browser: Browser; close(): Promise<void> }> {
  const app = await startMediaApp(new Sfu());
  const browser = await launchMediaBrowser();
  return {
    url: app.url,
    browser,
    close: async () => {
      await browser.close();
      await app.close();
    },
  };
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
