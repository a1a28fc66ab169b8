import type { SendStats } from '../../../../lib/media/sendStats';

/** Readings (2 s apart) in a row that must fall short before the anchor is warned: a passing dip is not a warning. */
export const SHORT_READINGS = 3;
/** Under this share of the configured bitrate the stream falls short. */
export const SHORT_SHARE = 0.7;

/**
 * The upload cannot hold the configured bitrate (decision 0232): the encoder sends well under it
 * and the browser says why: bandwidth holds its quality back, or the encoder is allowed (or the
 * uplink estimated to carry) less than the target. A still picture that needs fewer bits, with
 * the encoder still allowed the whole target, is not a weak uplink.
 */
export function fallsShort(s: SendStats, target: number): boolean {
  if (s.bitrate <= 0 || target <= 0) return false;
  const under = (v: number | null) => v !== null && v < target * SHORT_SHARE;
  const pressed = s.limited === 'bandwidth' || under(s.encoderTarget) || under(s.available);
  return s.bitrate < target * SHORT_SHARE && pressed;
}

/** Signal bars for the chip: 3 good, 2 short of the target, 1 losing packets or far short. */
export function signalOf(s: SendStats, target: number): 1 | 2 | 3 {
  if ((s.loss ?? 0) > 0.05 || s.bitrate < target * 0.3) return 1;
  if (fallsShort(s, target) || (s.loss ?? 0) > 0.02) return 2;
  return 3;
}
