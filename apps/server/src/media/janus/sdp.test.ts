import { describe, expect, it } from 'vitest';
import { codecs, parseSdp, trimPublishOffer } from './sdp.js';

const offer = (video: string[]) =>
  [
    'v=0',
    'o=- 1 2 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    'm=audio 9 UDP/TLS/RTP/SAVPF 111 0',
    'a=mid:0',
    'a=rtpmap:111 opus/48000/2',
    'a=rtpmap:0 PCMU/8000',
    `m=video 9 UDP/TLS/RTP/SAVPF ${video.map((_, i) => 100 + i).join(' ')}`,
    'a=mid:1',
    ...video.flatMap((v, i) => {
      const [name, fmtp] = v.split(' ');
      return [`a=rtpmap:${100 + i} ${name}/90000`, ...(fmtp ? [`a=fmtp:${100 + i} ${fmtp}`] : []), `a=rtcp-fb:${100 + i} nack pli`];
    }),
    '',
  ].join('\r\n');

const kept = (sdp: string) => parseSdp(sdp).sections.map((s) => codecs(s).map((c) => `${c.name}${c.fmtp ? ` ${c.fmtp}` : ''}`));

describe('trimPublishOffer (the WHIP offer Janus gets)', () => {
  it("keeps only the offerer's first forwardable video codec, H.264 in packetization-mode 1 only, and Opus", () => {
    const h264First = offer(['H264 packetization-mode=0;profile-level-id=42e01f', 'H264 packetization-mode=1;profile-level-id=42e01f', 'VP8', 'VP9']);
    expect(kept(trimPublishOffer(h264First))).toEqual([['opus'], ['H264 packetization-mode=1;profile-level-id=42e01f']]);
  });

  it('a VP8-first offer publishes VP8 on Janus too (the room would pick H.264 by its own order)', () => {
    const vp8First = offer(['VP8', 'H264 packetization-mode=1;profile-level-id=42e01f']);
    const trimmed = trimPublishOffer(vp8First);
    expect(kept(trimmed)).toEqual([['opus'], ['VP8']]);
    expect(trimmed).not.toMatch(/a=rtcp-fb:101/);
  });
});
