/**
 * The playlists of a live egress, made here rather than by ffmpeg: ffmpeg's own playlist (local,
 * every segment of one run) is only read for the segments it finished. From the list of every
 * segment uploaded so far come the live playlist (a window of the last few, in storage, refetched
 * by players every segment) and the replay's VOD playlist (all of them, served per caller).
 */

/** One uploaded segment: its storage key, its length in seconds, and whether ffmpeg restarted before it. */
export interface Segment {
  key: string;
  d: number;
  /** A new ffmpeg run starts here (timestamps and codec state reset): players need a discontinuity tag. */
  disc?: boolean;
  /**
   * When its first picture reached the server (ISO time), written as EXT-X-PROGRAM-DATE-TIME: a
   * player shows how far behind live it is, and a replay places the live's chat and gifts on it.
   */
  at?: string;
}

/** The finished segments of ffmpeg's playlist, in order: file name and duration. */
export function finishedSegments(m3u8: string): { name: string; d: number }[] {
  const out: { name: string; d: number }[] = [];
  let d: number | undefined;
  for (const raw of m3u8.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) d = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#') && d !== undefined) {
      out.push({ name: line, d: Number.isFinite(d) ? d : 0 });
      d = undefined;
    }
  }
  return out;
}

const head = (segments: Segment[], segmentS: number): string[] => [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  `#EXT-X-TARGETDURATION:${Math.max(segmentS, ...segments.map((s) => Math.ceil(s.d)))}`,
];

function body(segments: Segment[], uri: (key: string) => string): string[] {
  const lines: string[] = [];
  segments.forEach((s, i) => {
    if (s.disc && i > 0) lines.push('#EXT-X-DISCONTINUITY');
    if (s.at) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${s.at}`);
    lines.push(`#EXTINF:${s.d.toFixed(3)},`, uri(s.key));
  });
  return lines;
}

/**
 * The live playlist: the last `window` of `all` (sequence numbers count from the first segment of
 * the live, so a player that reloads sees the window move), ended with ENDLIST when the live is over.
 */
export function livePlaylist(all: Segment[], opts: { window: number; segmentS: number; ended: boolean; uri: (key: string) => string }): string {
  const first = Math.max(0, all.length - opts.window);
  const shown = all.slice(first);
  const discBefore = all.slice(1, first + 1).filter((s) => s.disc).length;
  return [
    ...head(shown, opts.segmentS),
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${discBefore}`,
    // A restart inside the window is a discontinuity tag; one before the window is counted above.
    ...body(shown, opts.uri),
    ...(opts.ended ? ['#EXT-X-ENDLIST'] : []),
    '',
  ].join('\n');
}

/** The replay: every recorded segment, a VOD playlist (seekable from the first to the last). */
export function vodPlaylist(all: Segment[], opts: { segmentS: number; uri: (key: string) => string }): string {
  return [...head(all, opts.segmentS), '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-MEDIA-SEQUENCE:0', ...body(all, opts.uri), '#EXT-X-ENDLIST', ''].join('\n');
}

/** Total length of the segments, seconds. */
export const durationOf = (all: Segment[]): number => all.reduce((t, s) => t + s.d, 0);
