/**
 * The codecs the SFU forwards, untouched: H.264 (packetization-mode 1) and VP8 video, Opus audio.
 * werift matches a remote codec by MIME type only, so every H.264 variant a browser offers
 * (packetization-mode 0, High 4:4:4, …) would be answered; `keepForwardable` trims the negotiated
 * list to what a viewer of another client can decode.
 */
import { RTCRtpCodecParameters, useFIR, useNACK, usePLI, useREMB, type RTCRtpTransceiver } from 'werift';
import { MediaError, MediaErrorCode } from './errors.js';

const videoFeedback = () => [useNACK(), usePLI(), useFIR(), useREMB()];

/**
 * What werift offers (its own offers, in tests and benches) and matches against: H.264 first.
 * An answer keeps the offerer's order, so a publisher sends the codec it prefers.
 */
export function localCodecs(): { video: RTCRtpCodecParameters[]; audio: RTCRtpCodecParameters[] } {
  return {
    video: [
      new RTCRtpCodecParameters({
        mimeType: 'video/H264',
        clockRate: 90000,
        rtcpFeedback: videoFeedback(),
        parameters: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
      }),
      new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, rtcpFeedback: videoFeedback() }),
    ],
    audio: [
      new RTCRtpCodecParameters({
        mimeType: 'audio/opus',
        clockRate: 48000,
        channels: 2,
        parameters: 'minptime=10;useinbandfec=1',
        rtcpFeedback: [useNACK()],
      }),
    ],
  };
}

/**
 * H.264 profiles forwarded: Baseline/Constrained Baseline (0x42, OBS and browsers), Main (0x4d),
 * High (0x64, what iPhones offer first). All decode in every browser; no 4:4:4 or 10-bit.
 */
const H264_PROFILES = new Set([0x42, 0x4d, 0x64]);

const fmtp = (c: RTCRtpCodecParameters): Map<string, string> =>
  new Map(
    (c.parameters ?? '')
      .split(';')
      .map((kv) => kv.trim().split('='))
      .filter((kv): kv is [string, string] => kv.length === 2)
      .map(([k, v]) => [k.toLowerCase(), v.trim()]),
  );

/** The profile_idc of an H.264 codec (0x42 when profile-level-id is absent, as RFC 6184 says). */
export function h264Profile(c: RTCRtpCodecParameters): number {
  const pli = fmtp(c).get('profile-level-id');
  return pli && /^[0-9a-f]{6}$/i.test(pli) ? parseInt(pli.slice(0, 2), 16) : 0x42;
}

const mime = (c: RTCRtpCodecParameters): string => c.mimeType.toLowerCase();

/** True for a codec the SFU forwards as is. */
export function isForwardable(c: RTCRtpCodecParameters): boolean {
  switch (mime(c)) {
    case 'video/vp8':
    case 'audio/opus':
      return true;
    case 'video/h264':
      return fmtp(c).get('packetization-mode') === '1' && H264_PROFILES.has(h264Profile(c));
    default:
      return false;
  }
}

export const isH264 = (c: RTCRtpCodecParameters): boolean => mime(c) === 'video/h264';

/**
 * After werift applied an offer: drops the codecs the SFU does not forward from every media
 * section, so the answer names only those. A section left with none refuses the offer (400).
 */
export function keepForwardable(transceivers: RTCRtpTransceiver[]): void {
  for (const t of transceivers) {
    const kept = t.codecs.filter(isForwardable);
    if (kept.length === 0) {
      const names = [...new Set(t.codecs.map((c) => c.mimeType))].join(', ') || 'none';
      throw new MediaError(MediaErrorCode.BAD_SDP, `${noCommonCodec(t.kind)} (offered: ${names})`);
    }
    t.codecs = kept;
    t.sender.codec = kept[0];
  }
}

/** The message of a refusal for want of a common codec. */
export const noCommonCodec = (kind: string): string =>
  `no common ${kind} codec: this server forwards ${kind === 'audio' ? 'Opus' : 'H.264 (packetization-mode=1; Baseline, Main or High profile) or VP8'}`;

/**
 * The viewer's negotiated codec that carries the publisher's packets: the same MIME type, and for
 * H.264 the same profile when the viewer offered it (decoders take any of these profiles anyway).
 */
export function matchCodec(viewerCodecs: RTCRtpCodecParameters[], source: RTCRtpCodecParameters): RTCRtpCodecParameters | undefined {
  const same = viewerCodecs.filter((c) => mime(c) === mime(source));
  if (!isH264(source)) return same[0];
  const profile = h264Profile(source);
  return same.find((c) => h264Profile(c) === profile) ?? same[0];
}
