import type { HealthLimit } from '@app/contract';

/** What the anchor's browser sends now, read from its peer connection's getStats (decision 0230). */
export interface SendStats {
  /** Video bitrate since the last reading, bit/s. */
  bitrate: number;
  fps: number | null;
  width: number | null;
  height: number | null;
  /** Fraction of video packets the server reported lost (RTCP receiver reports), 0–1. */
  loss: number | null;
  rttMs: number | null;
  limited: HealthLimit | null;
  /** The congestion controller's estimate of what the uplink carries, bit/s. */
  available: number | null;
  /** What the encoder is allowed to send now (the uplink's share, under the sender's cap), bit/s. */
  encoderTarget: number | null;
}

/** The counters one reading keeps for the next (bitrate is a difference of bytes over time). */
export interface SendMark {
  bytes: number;
  at: number;
}

type Stat = Record<string, unknown> & { type: string; id: string };
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const LIMITS: readonly string[] = ['none', 'bandwidth', 'cpu', 'other'];

/** Reads one stats report: the video outbound-rtp, its remote-inbound-rtp and the selected candidate pair. */
export function readSendStats(report: Iterable<Stat>, prev: SendMark | null): { stats: SendStats; mark: SendMark } | null {
  const all = [...report];
  // The sending layer(s) of the video: simulcast has several, summed.
  const outs = all.filter((s) => s.type === 'outbound-rtp' && s.kind === 'video');
  if (!outs.length) return null;
  const main = outs.reduce((a, b) => ((num(b.frameWidth) ?? 0) > (num(a.frameWidth) ?? 0) ? b : a));
  const bytes = outs.reduce((n, s) => n + (num(s.bytesSent) ?? 0), 0);
  const at = num(main.timestamp) ?? 0;
  const mark = { bytes, at };
  const dt = prev ? (at - prev.at) / 1000 : 0;
  const bitrate = prev && dt > 0 ? Math.max(0, Math.round(((bytes - prev.bytes) * 8) / dt)) : 0;
  const remote = all.find((s) => s.type === 'remote-inbound-rtp' && s.kind === 'video');
  const transport = all.find((s) => s.type === 'transport');
  const pairId = transport?.selectedCandidatePairId;
  const pair = all.find((s) => s.type === 'candidate-pair' && (pairId ? s.id === pairId : s.nominated === true && s.state === 'succeeded'));
  const rtt = num(remote?.roundTripTime) ?? num(pair?.currentRoundTripTime);
  const limited =
    typeof main.qualityLimitationReason === 'string' && LIMITS.includes(main.qualityLimitationReason) ? (main.qualityLimitationReason as HealthLimit) : null;
  return {
    mark,
    stats: {
      bitrate,
      fps: num(main.framesPerSecond),
      width: num(main.frameWidth),
      height: num(main.frameHeight),
      loss: num(remote?.fractionLost),
      rttMs: rtt === null ? null : Math.round(rtt * 1000),
      limited,
      available: num(pair?.availableOutgoingBitrate),
      encoderTarget: outs.some((o) => num(o.targetBitrate) !== null) ? outs.reduce((n, o) => n + (num(o.targetBitrate) ?? 0), 0) : null,
    },
  };
}

/** 1 234 567 bit/s → "1.23 Mbps"; under a megabit in kbps. */
export function formatBitrate(bps: number): string {
  return bps >= 1_000_000 ? `${(bps / 1_000_000).toFixed(2)} Mbps` : `${Math.round(bps / 1000)} kbps`;
}
