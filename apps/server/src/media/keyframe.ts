/**
 * VP8 keyframe detection on an RTP payload (RFC 7741 §4.2–4.3), without allocating: it runs on
 * every video packet for every viewer still waiting for its first picture.
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
