import { describe, expect, it } from 'vitest';
import type { RtpStreamInfo } from '../../media/engine.js';
import { composeGraph, hlsArgs, type EgressInput } from './hlsFfmpeg.js';

const h264: RtpStreamInfo = { codec: 'H264', payloadType: 102, clockRate: 90000, fmtp: 'packetization-mode=1' };
const vp8: RtpStreamInfo = { codec: 'VP8', payloadType: 96, clockRate: 90000 };
const opus: RtpStreamInfo = { codec: 'opus', payloadType: 111, clockRate: 48000, channels: 2 };
const seat = (n: string, video?: RtpStreamInfo, audio?: RtpStreamInfo): EgressInput => ({ sdpFile: `/tmp/${n}.sdp`, video, audio });
const args = (inputs: EgressInput[]) => hlsArgs({ inputs, dir: '/tmp/x', run: 'r1', segmentS: 1, videoBitrate: 1_000_000 });

describe('hlsArgs', () => {
  it('copies an H.264 anchor alone, reading one input', () => {
    const a = args([seat('anchor', h264, opus)]);
    expect(a.filter((x) => x === '-i')).toHaveLength(1);
    expect(a.join(' ')).toContain('-map 0:v -c:v copy');
    expect(a).not.toContain('-filter_complex');
  });

  it('composes co-hosts: one tile per co-host with video, every voice in the mix, transcoded', () => {
    const a = args([seat('anchor', h264, opus), seat('seat-1', vp8, opus), seat('seat-2', undefined, opus)]);
    expect(a.filter((x) => x === '-i')).toHaveLength(3);
    const graph = a[a.indexOf('-filter_complex') + 1]!;
    expect(graph.match(/overlay=/g)).toHaveLength(1);
    expect(graph).toContain('amix=inputs=3');
    expect(a).toContain('libx264');
  });

  it('maps a single voice without a mixer', () => {
    expect(composeGraph([seat('anchor', h264), seat('seat-1', vp8, opus)]).audio).toBe('1:a');
  });
});
