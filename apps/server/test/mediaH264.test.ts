/**
 * H.264 through the SFU without transcoding: a non-browser WHIP client offering H.264 + Opus only
 * (GStreamer's webrtcbin, as OBS offers) goes live and Chromium viewers decode its frames; its
 * encoder makes keyframes only when asked, so a late joiner's picture proves the SFU's H.264
 * keyframe detection and requests. A browser anchor publishes H.264 by default.
 *
 * Needs Debian's GStreamer (see mediaGstPublisher.py); skipped with a message when it is missing.
 */
import { eventually } from '@app/testkit';
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sfu } from '../src/media/sfu.js';
import { launchMediaBrowser, openMediaPage, T, type MediaApp, startMediaApp } from './mediaHarness.js';

const SCRIPT = fileURLToPath(new URL('./mediaGstPublisher.py', import.meta.url));
const PYTHON = '/usr/bin/python3';
const PACKAGES =
  'gstreamer1.0-plugins-bad gstreamer1.0-plugins-good gstreamer1.0-plugins-ugly gstreamer1.0-nice python3-gi gir1.2-gst-plugins-bad-1.0 gir1.2-nice-0.1';

/** Empty when GStreamer's webrtcbin, x264, Opus and libnice's introspection data are installed. */
function gstMissing(): string {
  const probe = `
import gi
gi.require_version('Gst', '1.0'); gi.require_version('GstWebRTC', '1.0'); gi.require_version('Nice', '0.1')
from gi.repository import Gst, GstWebRTC, Nice
Gst.init(None)
missing = [n for n in ['webrtcbin', 'x264enc', 'rtph264pay', 'opusenc', 'rtpopuspay', 'videotestsrc', 'nicesrc'] if not Gst.ElementFactory.find(n)]
print(' '.join(missing))`;
  const r = spawnSync(PYTHON, ['-c', probe], { encoding: 'utf8', timeout: 20_000 });
  if (r.status !== 0) return (r.stderr || r.error?.message || 'python3-gi missing').trim().split('\n').pop()!;
  return r.stdout.trim() ? `GStreamer elements missing: ${r.stdout.trim()}` : '';
}

const missing = gstMissing();
if (missing) console.warn(`mediaH264.test.ts skipped: ${missing}. Install: apt-get install -y ${PACKAGES}`);

type Play = { id: number; location: string; seats: string[] };
type SeatStats = Record<string, { framesDecoded: number; samples: number }>;

/** The video codec a page's session receives, as its getStats names it. */
const receivedCodec = (page: Page, id: number): Promise<string | undefined> =>
  page.evaluate(`(async () => {
    const stats = await window.T.sessions[${id}].pc.getStats();
    let codecId; stats.forEach((s) => { if (s.type === 'inbound-rtp' && s.kind === 'video' && s.codecId) codecId = s.codecId; });
    return codecId ? stats.get(codecId).mimeType : undefined;
  })()`) as Promise<string | undefined>;

describe.skipIf(missing !== '')('media: H.264 publishers', () => {
  let sfu: Sfu;
  let app: MediaApp;
  let browser: Browser;
  let gst: ChildProcessWithoutNullStreams | undefined;
  const gstLines: string[] = [];

  beforeAll(async () => {
    sfu = new Sfu({});
    app = await startMediaApp(sfu);
    browser = await launchMediaBrowser();
  });

  afterAll(async () => {
    if (gst && gst.exitCode === null) {
      gst.kill('SIGTERM');
      await new Promise((r) => gst!.once('exit', r));
    }
    await browser?.close();
    await sfu?.shutdown();
    await app?.close();
  });

  let startedAt = 0;
  it('a WHIP client offering H.264 + Opus only (as OBS does) goes live', async () => {
    gst = spawn(PYTHON, [SCRIPT, `${app.url}/api/media/whip/h1/anchor`, 'tok']);
    // Whole lines: a line can arrive in several chunks.
    createInterface({ input: gst.stdout }).on('line', (line) => gstLines.push(line));
    createInterface({ input: gst.stderr }).on('line', (line) => gstLines.push(`stderr: ${line}`));
    startedAt = Date.now();
    const live = await eventually(() => sfu.room('h1')?.publishers.find((p) => p.live), { timeout: 15_000, what: 'the GStreamer publisher to go live' }).catch(
      (err: Error) => {
        throw new Error(`${err.message}; publisher said:\n${gstLines.join('\n')}`);
      },
    );
    expect(gstLines.find((l) => l.startsWith('OFFER'))).toBe('OFFER H264 OPUS');
    const pub = sfu.session(live.sessionId);
    await eventually(() => pub?.kind === 'publisher' && pub.videoCodec, { what: 'H.264 packets' });
    expect(pub?.kind === 'publisher' && pub.videoCodec?.mimeType).toBe('video/H264');
  });

  it('a Chromium viewer decodes its frames, received as H.264 (no transcoding)', async () => {
    const page = await openMediaPage(browser, app.url);
    const play = await T<Play>(page, 'play', '/api/media/whep/h1', 'tok');
    expect(play.seats).toEqual(['anchor']);
    await T<number>(page, 'firstFrame', play.id);
    const first = (await T<SeatStats>(page, 'seatStats', play.id)).anchor!;
    await eventually(async () => (await T<SeatStats>(page, 'seatStats', play.id)).anchor!.framesDecoded >= first.framesDecoded + 20, {
      timeout: 5000,
      what: 'frames to keep coming',
    });
    expect(await receivedCodec(page, play.id)).toBe('video/H264');
    await eventually(async () => (await T<SeatStats>(page, 'seatStats', play.id)).anchor!.samples > 0, { timeout: 5000, what: 'audio samples' });
  });

  it('a late joiner gets a picture at once: the SFU asks the H.264 encoder for a keyframe', async () => {
    const pub = sfu.session(sfu.room('h1')!.publishers[0]!.sessionId);
    // The encoder makes no keyframe on its own (key-int-max=100000): only requests yield one.
    await eventually(() => Date.now() - startedAt > 3000, { timeout: 5000, interval: 100, what: 'the stream to have run 3 s' });
    const keyframesBefore = pub?.kind === 'publisher' ? pub.keyframesIn : 0;
    const page = await openMediaPage(browser, app.url);
    const play = await T<Play>(page, 'play', '/api/media/whep/h1', 'tok');
    const firstFrameMs = await T<number>(page, 'firstFrame', play.id);
    expect(firstFrameMs).toBeGreaterThan(0);
    expect(firstFrameMs).toBeLessThan(2000);
    expect(pub?.kind === 'publisher' && pub.keyframesIn).toBeGreaterThan(keyframesBefore);
  });

  it('the GStreamer client stops with DELETE and the seat goes down', async () => {
    gst!.kill('SIGTERM');
    await eventually(() => !sfu.room('h1')?.publishers.length, { timeout: 5000, what: 'the publisher to leave' });
  });
});

describe('media: browser anchors', () => {
  let sfu: Sfu;
  let app: MediaApp;
  let browser: Browser;

  beforeAll(async () => {
    sfu = new Sfu({});
    app = await startMediaApp(sfu);
    browser = await launchMediaBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await sfu?.shutdown();
    await app?.close();
  });

  it('offers H.264 first (HLS without transcoding); a viewer decodes it', async () => {
    const anchor = await openMediaPage(browser, app.url);
    await T(anchor, 'publish', '/api/media/whip/b1/anchor', 'tok');
    const live = await eventually(() => sfu.room('b1')?.publishers.find((p) => p.live), { timeout: 10_000, what: 'the anchor to go live' });
    const pub = sfu.session(live.sessionId);
    await eventually(() => pub?.kind === 'publisher' && pub.videoCodec, { what: 'video packets' });
    expect(pub?.kind === 'publisher' && pub.videoCodec?.mimeType).toBe('video/H264');
    expect(pub?.kind === 'publisher' && pub.videoCodec?.parameters).toMatch(/packetization-mode=1/);

    const viewer = await openMediaPage(browser, app.url);
    const play = await T<Play>(viewer, 'play', '/api/media/whep/b1', 'tok');
    expect(await T<number>(viewer, 'firstFrame', play.id)).toBeGreaterThan(0);
    expect(await receivedCodec(viewer, play.id)).toBe('video/H264');
  });

  it("an ICE restart from the browser (PATCH) keeps the session and the viewer's picture", async () => {
    const anchor = await openMediaPage(browser, app.url);
    const pubId = (await T<{ id: number }>(anchor, 'publish', '/api/media/whip/b3/anchor', 'tok')).id;
    const live = await eventually(() => sfu.room('b3')?.publishers.find((p) => p.live), { timeout: 10_000, what: 'the anchor to go live' });
    const viewer = await openMediaPage(browser, app.url);
    const play = await T<Play>(viewer, 'play', '/api/media/whep/b3', 'tok');
    await T<number>(viewer, 'firstFrame', play.id);
    const serverIce = sfu.session(live.sessionId)!.pc.iceTransports[0]!;
    const oldUfrag = serverIce.connection.remoteUsername;

    // What a WHIP client does after a network change: restart ICE, PATCH the fragment, apply the answer's.
    const restarted = (await anchor.evaluate(`(async () => {
      const s = window.T.sessions[${pubId}];
      const pc = s.pc;
      await pc.setLocalDescription(await pc.createOffer({ iceRestart: true }));
      await new Promise((r) => { if (pc.iceGatheringState === 'complete') r(); else pc.addEventListener('icegatheringstatechange', () => pc.iceGatheringState === 'complete' && r()); });
      const sdp = pc.localDescription.sdp;
      const line = (re) => (sdp.match(re) || [])[0];
      const frag = [line(/^m=.*$/m), line(/^a=mid:.*$/m), line(/^a=ice-ufrag:.*$/m), line(/^a=ice-pwd:.*$/m), ...(sdp.match(/^a=candidate:.*$/gm) || []), 'a=end-of-candidates', ''].join('\\r\\n');
      const res = await fetch(s.location, { method: 'PATCH', headers: { 'content-type': 'application/trickle-ice-sdpfrag', 'if-match': '*' }, body: frag });
      const answerFrag = await res.text();
      const get = (re) => (answerFrag.match(re) || [])[0];
      const candidates = (answerFrag.match(/^a=candidate:.*$/gm) || []).join('\\r\\n');
      const answer = pc.currentRemoteDescription.sdp
        .replace(/^a=ice-ufrag:.*$/gm, get(/^a=ice-ufrag:.*$/m))
        .replace(/^a=ice-pwd:.*$/gm, get(/^a=ice-pwd:.*$/m))
        .replace(/^a=candidate:.*\\r?\\n/gm, '')
        .replace(/^(a=mid:.*)$/m, '$1\\r\\n' + candidates);
      await pc.setRemoteDescription({ type: 'answer', sdp: answer });
      return { status: res.status, ufrag: /^a=ice-ufrag:(\\S+)/m.exec(sdp)[1] };
    })()`)) as { status: number; ufrag: string };
    expect(restarted.status).toBe(200);
    expect(restarted.ufrag).not.toBe(oldUfrag);
    expect(serverIce.connection.remoteUsername).toBe(restarted.ufrag);
    await eventually(() => serverIce.connection.nominated && serverIce.state === 'connected', { timeout: 10_000, what: 'the browser to check the new pair' });
    const pub = sfu.session(live.sessionId);
    const before = pub?.kind === 'publisher' ? pub.packetsIn : 0;
    const frames = (await T<SeatStats>(viewer, 'seatStats', play.id)).anchor!.framesDecoded;
    await eventually(
      async () =>
        (pub?.kind === 'publisher' ? pub.packetsIn : 0) > before + 50 && (await T<SeatStats>(viewer, 'seatStats', play.id)).anchor!.framesDecoded > frames + 20,
      { timeout: 10_000, what: 'packets and frames after the restart' },
    );
    expect(sfu.room('b3')?.publishers).toEqual([expect.objectContaining({ sessionId: live.sessionId, live: true })]);
  });

  it('a browser that trickles (offer without candidates, then PATCHes them) goes live', async () => {
    const page = await openMediaPage(browser, app.url);
    const result = (await page.evaluate(`(async () => {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 320, height: 180 }, audio: true });
      const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
      for (const track of stream.getTracks()) pc.addTransceiver(track, { direction: 'sendonly' });
      const queued = [];
      let session;
      let gathered;
      const allSent = new Promise((r) => { gathered = r; });
      const patches = [];
      const send = (lines) => patches.push(fetch(session.location, {
        method: 'PATCH',
        headers: { 'content-type': 'application/trickle-ice-sdpfrag', 'if-match': session.etag },
        body: [session.ufrag, session.pwd, 'm=audio 9 UDP/TLS/RTP/SAVPF 0', 'a=mid:0', ...lines, ''].join('\\r\\n'),
      }).then((r) => r.status));
      pc.onicecandidate = (e) => {
        const line = e.candidate ? 'a=' + e.candidate.candidate : 'a=end-of-candidates';
        if (session) send([line]); else queued.push(line);
        if (!e.candidate) gathered();
      };
      await pc.setLocalDescription(await pc.createOffer());
      const offer = pc.localDescription.sdp.replace(/^a=(candidate:.*|end-of-candidates)\\r\\n/gm, '');
      const res = await fetch('/api/media/whip/b4/anchor', { method: 'POST', headers: { 'content-type': 'application/sdp', authorization: 'Bearer tok' }, body: offer });
      const sdp = pc.localDescription.sdp;
      session = {
        location: new URL(res.headers.get('location'), location.href).toString(),
        etag: res.headers.get('etag'),
        ufrag: sdp.match(/^a=ice-ufrag:.*$/m)[0],
        pwd: sdp.match(/^a=ice-pwd:.*$/m)[0],
      };
      await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
      if (queued.length) send(queued.splice(0));
      await allSent;
      return { status: res.status, offerHadCandidates: /a=candidate/.test(offer), patches: await Promise.all(patches) };
    })()`)) as { status: number; offerHadCandidates: boolean; patches: number[] };
    expect(result.status).toBe(201);
    expect(result.offerHadCandidates).toBe(false);
    expect(result.patches.length).toBeGreaterThan(0);
    expect(result.patches.every((st) => st === 204)).toBe(true);
    await eventually(() => sfu.room('b4')?.publishers.find((p) => p.live), { timeout: 10_000, what: 'the trickling browser to go live' });
  });

  it('still publishes VP8 when asked', async () => {
    const anchor = await openMediaPage(browser, app.url);
    await anchor.evaluate(`(async () => {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 320, height: 180 }, audio: true });
      window.vp8 = await window.whip.publish('/api/media/whip/b2/anchor', 'tok', stream, { videoCodec: 'vp8' });
    })()`);
    const live = await eventually(() => sfu.room('b2')?.publishers.find((p) => p.live), { timeout: 10_000, what: 'the anchor to go live' });
    const pub = sfu.session(live.sessionId);
    await eventually(() => pub?.kind === 'publisher' && pub.videoCodec, { what: 'video packets' });
    expect(pub?.kind === 'publisher' && pub.videoCodec?.mimeType).toBe('video/VP8');
  });
});
