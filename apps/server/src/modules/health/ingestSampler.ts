/**
 * The media role's measure of each anchor's WHIP stream (decision 0230): every LIVE_HEALTH_S the
 * arriving video's bitrate, frame rate and packet loss since the last look, kept as an `ingest`
 * sample of the live. It is what an OBS anchor's panel shows (their browser publishes nothing),
 * and what moderators see beside the anchor client's own reports.
 */
import type { IngestCounters, MediaEngine } from '../../media/engine.js';
import type { HealthService, IngestSample } from './health.service.js';

interface Seen {
  counters: IngestCounters;
  at: number;
}

/** The sample between two readings of the same session (undefined when nothing arrived). */
export function ingestSample(prev: Seen, next: Seen): IngestSample | undefined {
  const s = (next.at - prev.at) / 1000;
  const a = prev.counters;
  const b = next.counters;
  if (s <= 0 || b.videoPackets <= a.videoPackets) return undefined;
  const received = b.videoPackets - a.videoPackets;
  // The span of sequence numbers that arrived in the interval; retransmissions can make received exceed it.
  const expected = a.lastSeq < 0 ? b.lastSeq - b.firstSeq + 1 : b.lastSeq - a.lastSeq;
  const loss = expected > 0 ? Math.max(0, expected - received) / expected : 0;
  return {
    bitrate: Math.round(((b.videoBytes - a.videoBytes) * 8) / s),
    fps: Math.round(((b.frames - a.frames) / s) * 10) / 10,
    loss: Math.round(loss * 10000) / 10000,
  };
}

export class IngestSampler {
  private readonly anchors = new Set<string>();
  private readonly seen = new Map<string, Seen>();
  private timer: NodeJS.Timeout | undefined;
  private offs: (() => void)[] = [];

  constructor(
    private readonly engine: Pick<MediaEngine, 'on' | 'ingest'>,
    private readonly health: Pick<HealthService, 'ingest'>,
    private readonly everyMs: number,
    private readonly warn: (err: unknown) => void,
  ) {}

  start(): void {
    this.offs.push(
      this.engine.on('publisher-up', (e) => {
        if (e.seatId === 'anchor') this.anchors.add(e.roomId);
      }),
      this.engine.on('publisher-down', (e) => {
        if (e.seatId !== 'anchor') return;
        this.anchors.delete(e.roomId);
        this.seen.delete(e.roomId);
      }),
    );
    this.timer = setInterval(() => void this.tick(), this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.offs.forEach((off) => off());
    this.offs = [];
  }

  /** One look at every anchor stream of this instance (the tests call it too). */
  async tick(now = performance.now()): Promise<void> {
    for (const roomId of this.anchors) {
      const counters = this.engine.ingest(roomId, 'anchor');
      if (!counters) continue;
      const next = { counters: { ...counters }, at: now };
      const prev = this.seen.get(roomId);
      this.seen.set(roomId, next);
      // A new session (a reconnect) starts its own counters: its first look is the baseline.
      if (!prev || prev.counters.sessionId !== counters.sessionId) continue;
      const sample = ingestSample(prev, next);
      if (sample) await this.health.ingest(Number(roomId), sample).catch(this.warn);
    }
  }
}
