import { describe, expect, it } from 'vitest';
import { finishedSegments, livePlaylist, vodPlaylist, type Segment } from './hlsPlaylist.js';

const segs = (n: number, discAt: number[] = []): Segment[] =>
  Array.from({ length: n }, (_, i) => ({ key: `live/1-x/r-${i}.ts`, d: 1, ...(discAt.includes(i) ? { disc: true } : {}) }));
const uri = (k: string) => k.slice('live/1-x/'.length);

describe('egress playlists', () => {
  it('reads only the segments ffmpeg finished', () => {
    const text = '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.000000,\nr1-00000.ts\n#EXTINF:0.960000,\nr1-00001.ts\n#EXTINF:1.0,\n';
    expect(finishedSegments(text)).toEqual([
      { name: 'r1-00000.ts', d: 1 },
      { name: 'r1-00001.ts', d: 0.96 },
    ]);
  });

  it('shows a moving window: the media sequence counts from the live start, restarts before it are counted', () => {
    const text = livePlaylist(segs(10, [3, 8]), { window: 4, segmentS: 1, ended: false, uri });
    expect(text).toContain('#EXT-X-MEDIA-SEQUENCE:6');
    expect(text).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:1');
    expect(text.split('\n').filter((l) => l.endsWith('.ts'))).toEqual(['r-6.ts', 'r-7.ts', 'r-8.ts', 'r-9.ts']);
    expect(text.indexOf('#EXT-X-DISCONTINUITY\n')).toBeLessThan(text.indexOf('r-8.ts'));
    expect(text.indexOf('#EXT-X-DISCONTINUITY\n')).toBeGreaterThan(text.indexOf('r-7.ts'));
    expect(text).not.toContain('ENDLIST');
    expect(livePlaylist(segs(2), { window: 4, segmentS: 1, ended: true, uri })).toContain('#EXT-X-ENDLIST');
  });

  it('lists every recorded segment in the replay, as VOD', () => {
    const text = vodPlaylist(segs(5, [2]), { segmentS: 1, uri: (k) => `https://cdn.example/${k}` });
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(text.split('\n').filter((l) => l.startsWith('https://'))).toHaveLength(5);
    expect(text.match(/#EXT-X-DISCONTINUITY\n/g)).toHaveLength(1);
    expect(text.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });
});
