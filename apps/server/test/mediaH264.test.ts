/**
 * H.264 through the SFU without transcoding: a non-browser WHIP client offering H.264 + Opus only
 * (GStreamer's webrtcbin, as OBS offers) goes live and Chromium viewers decode its frames; its
 * encoder makes keyframes only when asked, so a late joiner's picture proves the SFU's H.264
 * keyframe detection and requests. A browser anchor publishes H.264 by default.
 *
 * Needs Debian's GStreamer (see mediaGstPublisher.py); skipped with a message when it is missing.
 */
import { eventually } from '@app/testkit';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sfu } from '../src/media/sfu.js';
import { GST_PACKAGES, gstMissing, receivedCodec, spawnGstPublisher, stopGstPublisher } from './gstPublisher.js';
import { launchMediaBrowser, openMediaPage, T, type MediaApp, startMediaApp } from './mediaHarness.js';

const missing = gstMissing();
if (missing) console.warn(`mediaH264.test.ts skipped: ${missing}. Install: apt-get install -y ${GST_PACKAGES}`);

type Play = { id: number; location: string; seats: string[] };
type SeatStats = Record<string, { framesDecoded: number; samples: number }>;

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
    await stopGstPublisher(gst);
    await browser?.close();
    await sfu?.shutdown();
    await app?.close();
  });

  let startedAt = 0;
  it('a WHIP client offering H.264 + Opus only (as OBS does) goes live', async () => {
    gst = spawnGstPublisher(`${app.url}/api/media/whip/h1/anchor`, 'tok', gstLines);
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
    // Without the request no keyframe comes at all; how fast it comes is bench/media's to measure.
    expect(firstFrameMs).toBeLessThan(5000);
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
