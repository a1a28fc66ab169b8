/**
 * CPU of one live room's HLS egress, as a fraction of a core: the embedded SFU in this process, a
 * publisher streaming a noisy 640×360 / 20 fps picture at 800 kbit/s (+ Opus), and the room's egress
 * (apps/server/src/modules/live) writing 1 s segments to local storage. Measured: the egress's ffmpeg
 * (from /proc, its CPU alone: the publisher's encoder is another process) over WINDOW_S, once for an
 * H.264 room (copied) and once for a VP8 room (transcoded to H.264 by libx264 veryfast). The
 * forward itself is one UDP send per packet in the server process (~10 µs: see capacity's bare relay).
 *
 * `npx tsx bench/media/egress/run.ts` (WINDOW_S=20)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Sfu } from '../../../apps/server/src/media/sfu.js';
import { egressSettings } from '../../../apps/server/src/modules/live/egress.config.js';
import { RoomEgress, type RoomEgressOptions } from '../../../apps/server/src/modules/live/roomEgress.js';
import { LocalStorage } from '../../../apps/server/src/storage/localStorage.js';
import { publishTestStream } from '../../../apps/server/test/helpers/rtpPublisher.js';
import { cpuSeconds } from '../../lib/cpu.js';

const WINDOW_S = Number(process.env.WINDOW_S ?? 20);
const SOURCE = 'testsrc2=size=640x360:rate=20,noise=alls=12:allf=t';
const quiet = () => {};
/** Warnings and errors to the console (an ffmpeg restart would show), the rest dropped. */
const log = { info: quiet, debug: quiet, trace: quiet, warn: console.warn, error: console.error, fatal: console.error } as unknown as RoomEgressOptions['log'];
const load = () => os.loadavg()[0]!.toFixed(1);
const until = async (check: () => boolean, ms: number, what: string) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

async function measure(sfu: Sfu, roomId: number, codec: 'h264' | 'vp8') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-egress-'));
  const pub = await publishTestStream(sfu, roomId, 1, codec, { source: SOURCE, bitrate: '800k' });
  const egress = new RoomEgress({
    roomId: String(roomId),
    prefix: `live/${roomId}-bench`,
    engine: sfu,
    storage: new LocalStorage(path.join(dir, 'uploads'), ''),
    config: egressSettings.schema.parse({ LIVE_REPLAYS: 'off' }),
    ffmpeg: 'ffmpeg',
    workDir: path.join(dir, 'work'),
    log,
  });
  try {
    await egress.attach();
    await until(() => egress.segments.length >= 3, 30_000, 'three segments');
    const pid = egress.pid!;
    const [c0, s0, l0] = [cpuSeconds(pid)!, egress.segments.length, load()];
    await new Promise((r) => setTimeout(r, WINDOW_S * 1000));
    const [c1, s1, l1] = [cpuSeconds(pid)!, egress.segments.length, load()];
    const core = (c1 - c0) / WINDOW_S;
    console.log(
      `${codec === 'h264' ? 'H.264 copied  ' : 'VP8 transcoded'}: ffmpeg ${(core * 100).toFixed(1)} % of a core; ${s1 - s0} segments in ${WINDOW_S} s (load ${l0} → ${l1})`,
    );
    return core;
  } finally {
    await egress.finish();
    await pub.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const sfu = new Sfu({ publisherIdleMs: 60_000, maxViewers: 10 });
try {
  console.log(`egress CPU, ${os.cpus().length} cores, window ${WINDOW_S} s`);
  const copy = await measure(sfu, 1, 'h264');
  const transcode = await measure(sfu, 2, 'vp8');
  console.log(`ratio transcode / copy: ${(transcode / Math.max(copy, 1e-6)).toFixed(1)} ×`);
} finally {
  await sfu.shutdown();
}
