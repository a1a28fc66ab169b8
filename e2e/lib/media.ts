/**
 * Browser-side media probes for tests and benches: Chromium flags for a fake camera and microphone,
 * and a page script that records every RTCPeerConnection a page creates so a test can read what it
 * really decodes (framesDecoded, audio samples), not merely that a <video> exists.
 *
 * The init script is a plain JS string: tsx/esbuild add `__name(…)` helpers to named functions,
 * which do not exist in the page. Init scripts run whatever the page's CSP says; predicates and
 * evaluations are functions (with no named function inside), as Playwright evals a string, which
 * the app's CSP refuses.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * The fake camera's picture: a 2 s test clip at 320×180 and 15 fps, looped by Chromium. Its
 * default pattern is 640×360 at the app's 24 fps: encoding, decoding and drawing a quarter of the
 * pixels at 15 fps costs a browser suite a fraction of the CPU (bench/ci/README.md). Made once
 * per machine with ffmpeg (the suites need it anyway), never committed (2.6 MB of raw frames).
 */
function fakeCameraClip(): string {
  const path = join(tmpdir(), 'e2e-fake-camera-320x180-15fps.y4m');
  if (!existsSync(path)) {
    const partial = `${path}.${process.pid}.partial`;
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x180:rate=15',
      '-t',
      '2',
      '-pix_fmt',
      'yuv420p',
      '-f',
      'yuv4mpegpipe',
      partial,
    ]);
    renameSync(partial, path);
  }
  return path;
}

/** Fake camera (a small test clip) and microphone (a beep), granted without a prompt; pages kept running in the background. */
export const FAKE_MEDIA_FLAGS = [
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-video-capture=${fakeCameraClip()}`,
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];

/**
 * Add with `page.addInitScript(MEDIA_PROBE_JS)` before the page loads: wraps RTCPeerConnection so
 * `window.__mediaProbe.pcs` lists every connection, and `window.__mediaProbe.inbound()` sums
 * inbound RTP stats per remote track.
 */
export const MEDIA_PROBE_JS = `(() => {
  if (window.__mediaProbe) return;
  const Native = window.RTCPeerConnection;
  const pcs = [];
  window.RTCPeerConnection = function (...args) { const pc = new Native(...args); pcs.push(pc); return pc; };
  window.RTCPeerConnection.prototype = Native.prototype;
  Object.setPrototypeOf(window.RTCPeerConnection, Native);
  async function inbound() {
    const out = { video: [], audio: [], states: pcs.map((pc) => pc.connectionState) };
    for (const pc of pcs) {
      if (pc.connectionState === 'closed') continue;
      for (const r of pc.getReceivers()) {
        const stats = await r.getStats();
        stats.forEach((s) => {
          if (s.type !== 'inbound-rtp') return;
          if (s.kind === 'video') out.video.push({ trackId: r.track.id, framesDecoded: s.framesDecoded || 0, frameWidth: s.frameWidth || 0, packetsReceived: s.packetsReceived || 0, packetsLost: s.packetsLost || 0 });
          else out.audio.push({ trackId: r.track.id, totalSamplesReceived: s.totalSamplesReceived || 0, packetsReceived: s.packetsReceived || 0 });
        });
      }
    }
    return out;
  }
  window.__mediaProbe = { pcs, inbound };
})();`;

export interface InboundMedia {
  video: { trackId: string; framesDecoded: number; frameWidth: number; packetsReceived: number; packetsLost: number }[];
  audio: { trackId: string; totalSamplesReceived: number; packetsReceived: number }[];
  states: string[];
}

/** What the page's peer connections decode now (needs MEDIA_PROBE_JS). */
export function inboundMedia(page: Page): Promise<InboundMedia> {
  return page.evaluate(() => (globalThis as unknown as { __mediaProbe: { inbound(): Promise<InboundMedia> } }).__mediaProbe.inbound());
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

/**
 * Samples the page twice `windowMs` apart; resolves with the rises in decoded frames (per video
 * track, summed) and audio samples. A stalled stream shows up as a zero rise, not a timeout.
 */
export async function mediaRise(page: Page, windowMs = 2000): Promise<{ frames: number[]; samples: number; before: InboundMedia; after: InboundMedia }> {
  const before = await inboundMedia(page);
  // A fixed window on purpose: the test measures how much media arrives in it.
  await page.waitForTimeout(windowMs);
  const after = await inboundMedia(page);
  const frames = after.video.map((v) => v.framesDecoded - (before.video.find((b) => b.trackId === v.trackId)?.framesDecoded ?? 0));
  const samples = sum(after.audio.map((a) => a.totalSamplesReceived)) - sum(before.audio.map((a) => a.totalSamplesReceived));
  return { frames, samples, before, after };
}

/** The page's document as the seat readers use it (typed here: this file is also built without the DOM library, for the server's media tests). */
type SeatDocument = { document: { querySelector(s: string): { getVideoPlaybackQuality(): { totalVideoFrames: number } } | null } };

/**
 * Frames a room page has shown for one seat, read from its <video data-seat=…> (no app hook: the
 * production build is under test). -1 when that seat has no video element.
 */
export function seatFrames(page: Page, seat: string): Promise<number> {
  return page.evaluate(
    (s) => (globalThis as unknown as SeatDocument).document.querySelector(`video[data-seat="${s}"]`)?.getVideoPlaybackQuality().totalVideoFrames ?? -1,
    seat,
  );
}

/** Waits until the seat's video has shown a frame (checked on every animation frame); resolves with the milliseconds waited. */
export async function firstFrame(page: Page, seat: string, timeoutMs = 15_000): Promise<number> {
  const t0 = Date.now();
  await page
    .waitForFunction(
      (s) => ((globalThis as unknown as SeatDocument).document.querySelector(`video[data-seat="${s}"]`)?.getVideoPlaybackQuality().totalVideoFrames ?? 0) > 0,
      seat,
      {
        polling: 'raf',
        timeout: timeoutMs,
      },
    )
    .catch(() => {
      throw new Error(`no frame from seat ${seat} within ${timeoutMs} ms`);
    });
  return Date.now() - t0;
}

/** How many frames the seat's video shows over `windowMs` (a stalled stream gives 0). */
export async function seatFrameRise(page: Page, seat: string, windowMs = 1500): Promise<number> {
  const before = await seatFrames(page, seat);
  // A fixed window on purpose: the test measures a frame rate.
  await page.waitForTimeout(windowMs);
  return (await seatFrames(page, seat)) - before;
}
