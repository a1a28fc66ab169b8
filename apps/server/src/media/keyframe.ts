/**
 * Keyframe detection on an RTP payload, VP8 (RFC 7741 §4.2–4.3) and H.264 (RFC 6184 §5.6–5.8),
 * without allocating: it runs on every video packet of every publisher.
 */

/** True when this payload is the first packet of a VP8 keyframe (a decoder can start here). */
export function isVp8KeyframeStart(payload: Uint8Array): boolean {
  if (payload.length < 1) return false;
  const b0 = payload[0]!;
  const extended = (b0 & 0x80) !== 0; // X
  const start = (b0 & 0x10) !== 0; // S: start of a partition
  const partitionId = b0 & 0x07; // PID
  if (!start || partitionId !== 0) return false;
  let offset = 1;
  if (extended) {
    if (payload.length < 2) return false;
    const b1 = payload[1]!;
    offset = 2;
    if (b1 & 0x80) {
      // I: picture id, 7 or 15 bits (M flag)
      if (payload.length <= offset) return false;
      offset += payload[offset]! & 0x80 ? 2 : 1;
    }
    if (b1 & 0x40) offset += 1; // L: TL0PICIDX
    if (b1 & 0x30) offset += 1; // T or K: TID/KEYIDX byte
  }
  if (payload.length <= offset) return false;
  // VP8 payload header: P bit (bit 0 of the first byte) is 0 for a key frame.
  return (payload[offset]! & 0x01) === 0;
}

/** What an H.264 payload starts: nothing a decoder can start at, an IDR slice, or a sequence parameter set. */
export const H264Start = { NONE: 0, IDR: 1, SPS: 2 } as const;
export type H264StartValue = (typeof H264Start)[keyof typeof H264Start];

const NAL_IDR = 5;
const NAL_SPS = 7;
const NAL_STAP_A = 24;
const NAL_FU_A = 28;

/**
 * Whether this H.264 payload begins a picture a decoder can start at. Encoders (libwebrtc, OBS's
 * x264, openh264) send SPS and PPS right before each IDR, either alone or aggregated (STAP-A):
 * the SPS is where a viewer must start, or its decoder has no parameters for the IDR that follows.
 */
export function h264StartOf(payload: Uint8Array): H264StartValue {
  if (payload.length < 1) return H264Start.NONE;
  const type = payload[0]! & 0x1f;
  if (type === NAL_SPS) return H264Start.SPS;
  if (type === NAL_IDR) return H264Start.IDR;
  if (type === NAL_STAP_A) {
    let idr = false;
    // STAP-A: a 16-bit size before each aggregated NAL unit.
    for (let o = 1; o + 2 < payload.length;) {
      const size = (payload[o]! << 8) | payload[o + 1]!;
      const inner = payload[o + 2]! & 0x1f;
      if (inner === NAL_SPS) return H264Start.SPS;
      if (inner === NAL_IDR) idr = true;
      o += 2 + size;
    }
    return idr ? H264Start.IDR : H264Start.NONE;
  }
  if (type === NAL_FU_A && payload.length >= 2) {
    const header = payload[1]!;
    const start = (header & 0x80) !== 0;
    const inner = header & 0x1f;
    if (start && inner === NAL_SPS) return H264Start.SPS;
    if (start && inner === NAL_IDR) return H264Start.IDR;
  }
  return H264Start.NONE;
}
