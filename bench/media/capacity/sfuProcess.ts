/**
 * The SFU alone in its own process (so process.cpuUsage is the SFU's): the media routes on a free
 * port, every token allowed. Tells its parent `{type: 'ready', url}`; answers `{type: 'cpu'}` with
 * its CPU time so far (µs).
 */
import { Sfu } from '../../../apps/server/src/media/sfu.js';
import { startMediaApp } from '../../../apps/server/test/mediaHarness.js';
import { serveCpu } from './ipc.js';

// Generous timers: on a loaded machine a stalled moment must not end the anchor's session mid-ramp.
const sfu = new Sfu({ maxViewers: 5000, maxPublishBitrate: 2_000_000, publisherIdleMs: 60_000, connectTimeoutMs: 30_000 });
const app = await startMediaApp(sfu);
serveCpu({ type: 'ready', url: app.url }, async () => {
  // A viewer's send that threw (its packets lost, the others' kept) is worth seeing next to the figures.
  for (const p of sfu.room('bench')?.publishers ?? []) {
    const pub = sfu.session(p.sessionId);
    if (pub?.kind === 'publisher' && pub.sinkErrors > 0)
      console.error(`publisher ${p.seatId}: ${pub.sinkErrors} sends threw, the last: ${String(pub.lastSinkError)}`);
  }
  await sfu.shutdown();
  await app.close();
});
