import { describe, expect, it } from 'vitest';
import { codecs, numberingFor, parseSdp, trimPublishOffer } from './sdp.js';

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

describe('numberingFor (whether a viewer watches a mountpoint numbered as its offer)', () => {
  const section = (kind: string, mid: string, pts: [number, string, string?][]) => [
    `m=${kind} 9 UDP/TLS/RTP/SAVPF ${pts.map(([pt]) => pt).join(' ')}`,
    `a=mid:${mid}`,
    ...pts.flatMap(([pt, codec, fmtp]) => [`a=rtpmap:${pt} ${codec}`, ...(fmtp ? [`a=fmtp:${pt} ${fmtp}`] : [])]),
  ];
  const sdp = (...sections: string[][]) => ['v=0', 'o=- 1 2 IN IP4 127.0.0.1', 's=-', 't=0 0', ...sections.flat(), ''].join('\r\n');
  const opus: [number, string] = [111, 'opus/48000/2'];
  // Janus 1.1's VideoRoom subscriber offer: H.264 on its fixed 107.
  const janus = sdp(section('audio', 'a0', [opus]), section('video', 'v0', [[107, 'H264/90000', 'packetization-mode=1;profile-level-id=42e01f']]));
  const slots = [{ seatId: 'anchor', audio: 'a0', video: 'v0' }];

  it("a stock Chromium offer (107 is rtx there) gets its own H.264 number; Opus keeps Janus's", () => {
    const chromium = sdp(
      section('audio', '0', [opus]),
      section('video', '1', [
        [96, 'VP8/90000'],
        [102, 'H264/90000', 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42001f'],
        [104, 'H264/90000', 'level-asymmetry-allowed=1;packetization-mode=0;profile-level-id=42001f'],
        [107, 'rtx/90000', 'apt=104'],
      ]),
    );
    const n = numberingFor(chromium, janus, slots);
    expect(n?.seatId).toBe('anchor');
    expect(n?.video).toMatchObject({ pt: 102, name: 'H264' });
    expect(n?.audio).toMatchObject({ pt: 111, name: 'opus' });
  });

  it("none for an offer that takes Janus's numbers (the web client's), nor one without H.264 (the bridge names that)", () => {
    const ours = sdp(section('audio', '0', [opus]), section('video', '1', [[107, 'H264/90000', 'packetization-mode=1;profile-level-id=42e01f']]));
    expect(numberingFor(ours, janus, slots)).toBeUndefined();
    const vp8Only = sdp(section('audio', '0', [opus]), section('video', '1', [[96, 'VP8/90000']]));
    expect(numberingFor(vp8Only, janus, slots)).toBeUndefined();
  });
});
