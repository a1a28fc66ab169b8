import { useEffect, useState } from 'react';
import type { Broadcaster } from '../../../../lib/media/broadcaster';
import { readSendStats, type SendMark, type SendStats } from '../../../../lib/media/sendStats';
import { reportHealth } from '../../../../state/queries/health';
import { fallsShort, SHORT_READINGS } from './uplink';

/** How often the anchor's page reads its sender's stats. */
const READ_MS = 2000;
/** How often it reports a sample to the server (which keeps one per LIVE_HEALTH_S at most). */
const REPORT_MS = 10_000;

export interface StreamHealth {
  stats: SendStats;
  /** The bitrate the broadcast is set to send, bit/s. */
  target: number;
  /** The upload has not held the target for SHORT_READINGS readings in a row. */
  short: boolean;
}

/** The anchor's own outgoing stream, read from getStats every 2 s and reported to the server every 10 s. */
export function useStreamHealth(broadcaster: Broadcaster | null, roomId: number, live: boolean): StreamHealth | null {
  const [health, setHealth] = useState<StreamHealth | null>(null);
  useEffect(() => {
    if (!broadcaster || !live) return;
    let mark: SendMark | null = null;
    let streak = 0;
    let last: StreamHealth | null = null;
    let reportedAt = 0;
    const read = async () => {
      const pc = broadcaster.peer;
      if (!pc) return;
      const got = readSendStats((await pc.getStats()).values() as Iterable<never>, mark);
      if (!got) return;
      const first = mark === null;
      mark = got.mark;
      if (first) return; // a bitrate needs two readings
      const target = broadcaster.targetBitrate;
      streak = fallsShort(got.stats, target) ? streak + 1 : 0;
      last = { stats: got.stats, target, short: streak >= SHORT_READINGS };
      setHealth(last);
      if (Date.now() - reportedAt >= REPORT_MS) {
        reportedAt = Date.now();
        const s = got.stats;
        const body = {
          room_id: roomId,
          bitrate: s.bitrate,
          target,
          fps: s.fps,
          width: s.width,
          height: s.height,
          loss: s.loss,
          rtt_ms: s.rttMs,
          limited: s.limited,
        };
        void reportHealth(body);
      }
    };
    const timer = setInterval(() => void read().catch(() => undefined), READ_MS);
    return () => {
      clearInterval(timer);
      setHealth(null);
    };
  }, [broadcaster, roomId, live]);
  return health;
}
