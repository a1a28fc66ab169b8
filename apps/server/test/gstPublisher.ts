/**
 * The GStreamer WHIP publisher of the tests (mediaGstPublisher.py: H.264 + Opus only, as OBS
 * offers) and the probe that says whether this machine has what it needs.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const SCRIPT = fileURLToPath(new URL('./mediaGstPublisher.py', import.meta.url));
const PYTHON = '/usr/bin/python3';
export const GST_PACKAGES =
  'gstreamer1.0-plugins-bad gstreamer1.0-plugins-good gstreamer1.0-plugins-ugly gstreamer1.0-nice python3-gi gir1.2-gst-plugins-bad-1.0 gir1.2-nice-0.1';

/** Empty when GStreamer's webrtcbin, x264, Opus and libnice's introspection data are installed. */
export function gstMissing(): string {
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

/**
 * Starts the publisher on a WHIP URL; its output lines are collected in `lines`. `iceAddress`: its
 * ICE agent's only address; `media`: what it publishes (video alone is OBS with its audio off).
 */
export function spawnGstPublisher(
  url: string,
  token: string,
  lines: string[],
  iceAddress = '127.0.0.1',
  media: 'audio video' | 'video' | 'audio' = 'audio video',
): ChildProcessWithoutNullStreams {
  const gst = spawn(PYTHON, [SCRIPT, url, token], { env: { ...process.env, ICE_ADDRESS: iceAddress, MEDIA: media } });
  // Whole lines: a line can arrive in several chunks.
  createInterface({ input: gst.stdout }).on('line', (line) => lines.push(line));
  createInterface({ input: gst.stderr }).on('line', (line) => lines.push(`stderr: ${line}`));
  return gst;
}

/** Stops a publisher (SIGTERM: it DELETEs its session) and waits for it to exit. */
export async function stopGstPublisher(gst: ChildProcessWithoutNullStreams | undefined): Promise<void> {
  if (!gst || gst.exitCode !== null) return;
  gst.kill('SIGTERM');
  await new Promise((r) => gst.once('exit', r));
}

/** The video codec a page's session receives, as its getStats names it. */
export const receivedCodec = (page: Page, id: number): Promise<string | undefined> =>
  page.evaluate(`(async () => {
    const stats = await window.T.sessions[${id}].pc.getStats();
    let codecId; stats.forEach((s) => { if (s.type === 'inbound-rtp' && s.kind === 'video' && s.codecId) codecId = s.codecId; });
    return codecId ? stats.get(codecId).mimeType : undefined;
  })()`) as Promise<string | undefined>;
