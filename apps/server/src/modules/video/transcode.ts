import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { guardBytes } from '@app/kit';
import type { Storage } from '../../storage/storage.js';
import { toWebp } from '../upload/imagePipeline.js';
import { ffmpeg, type Probe, type Programs } from './ffmpeg.js';
import type { Rendition } from './video.tables.js';

/** Target segment length, seconds: short, so a preview can stop close to its limit. */
export const SEGMENT_S = 2;

/** The ladder: the short side of each rendition (never above the source), video and audio bitrate. */
const LADDER = [
  { short: 480, vKbps: 1000, aKbps: 96 },
  { short: 240, vKbps: 350, aKbps: 64 },
];

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

export interface TranscodeResult {
  renditions: Rendition[];
  poster: string;
}

/**
 * Transcodes a source file to HLS (two renditions, 2 s segments starting on keyframes) and a
 * poster, and stores them. Segment names carry a random part: the full playlist is the only way
 * to find a segment past a paid video's preview, and only buyers get it.
 */
export async function transcode(
  src: string,
  info: Probe,
  workDir: string,
  storage: Storage,
  opts: { programs: Programs; signal?: AbortSignal; memoryMb?: number },
): Promise<TranscodeResult> {
  const { programs, signal, memoryMb } = opts;
  const portrait = info.height > info.width;
  const short = Math.min(info.width, info.height);
  const rungs = LADDER.map((r, i) => ({ ...r, short: even(Math.min(r.short, i === 0 ? short : short / 2)) }));
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')}`;
  const scales = rungs.map((r, i) => `[s${i}]scale=${portrait ? `${r.short}:-2` : `-2:${r.short}`},format=yuv420p[v${i}]`);
  const args = ['-i', src, '-filter_complex', [split, ...scales].join(';')];
  rungs.forEach((r, i) => {
    args.push('-map', `[v${i}]`);
    if (info.hasAudio) args.push('-map', '0:a:0', '-c:a', 'aac', '-b:a', `${r.aKbps}k`, '-ac', '2');
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      'main',
      '-crf',
      '26',
      '-maxrate',
      `${r.vKbps}k`,
      '-bufsize',
      `${r.vKbps * 2}k`,
      '-force_key_frames',
      `expr:gte(t,n_forced*${SEGMENT_S})`,
      '-sc_threshold',
      '0',
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_S),
      '-hls_playlist_type',
      'vod',
      '-hls_flags',
      'independent_segments',
      '-hls_segment_filename',
      path.join(workDir, `r${i}_%04d.ts`),
      path.join(workDir, `r${i}.m3u8`),
    );
  });
  await ffmpeg(args, { programs, signal, memoryMb });

  const now = new Date().toISOString();
  const base = `video/${now.slice(0, 4)}/${now.slice(5, 7)}/${randomUUID()}`;
  const renditions: Rendition[] = [];
  for (const [i, r] of rungs.entries()) {
    const playlist = await fs.readFile(path.join(workDir, `r${i}.m3u8`), 'utf8');
    const segments: Rendition['segments'] = [];
    let bytes = 0;
    let pending: number | null = null;
    for (const line of playlist.split('\n').map((l) => l.trim())) {
      if (line.startsWith('#EXTINF:')) pending = Number(line.slice(8).split(',')[0]);
      else if (line && !line.startsWith('#') && pending !== null) {
        const data = await fs.readFile(path.join(workDir, line));
        bytes += data.length;
        const key = `${base}/${i}-${segments.length}-${randomBytes(12).toString('hex')}.ts`;
        await storage.put(key, data, 'video/mp2t');
        segments.push({ d: pending, key });
        pending = null;
      }
    }
    if (segments.length === 0) throw new Error(`rendition ${i} has no segments`);
    const total = segments.reduce((s, x) => s + x.d, 0) || 1;
    const w = portrait ? r.short : even((r.short * info.width) / info.height);
    const h = portrait ? even((r.short * info.height) / info.width) : r.short;
    renditions.push({ name: `${r.short}p`, width: w, height: h, bandwidth: Math.round((bytes * 8 * 1.2) / total), segments });
  }

  const frame = path.join(workDir, 'poster.jpg');
  await ffmpeg(['-ss', String(Math.min(1, info.duration / 2)), '-i', src, '-frames:v', '1', '-q:v', '3', frame], { programs, signal, memoryMb });
  const poster = await toWebp(await fs.readFile(frame), 'cover');
  const posterKey = `cover/${now.slice(0, 4)}/${now.slice(5, 7)}/${randomUUID()}.webp`;
  await storage.put(posterKey, guardBytes(poster.data), 'image/webp');
  return { renditions, poster: storage.url(posterKey) };
}

/** The master playlist: one line per rendition, pointing at its variant playlist. */
export function masterPlaylist(renditions: Rendition[], variantUrl: (index: number) => string): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  renditions.forEach((r, i) => {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},NAME="${r.name}"`, variantUrl(i));
  });
  return `${lines.join('\n')}\n`;
}

/**
 * A variant playlist. With `limitS`, only the segments that start before it (the preview): the
 * rest are not listed, and their names cannot be guessed.
 */
export function variantPlaylist(r: Rendition, segmentUrl: (key: string) => string, limitS?: number): string {
  let start = 0;
  const kept = r.segments.filter((s) => {
    const keep = limitS === undefined || start < limitS;
    start += s.d;
    return keep;
  });
  const target = Math.ceil(Math.max(...kept.map((s) => s.d), SEGMENT_S));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (const s of kept) lines.push(`#EXTINF:${s.d.toFixed(6)},`, segmentUrl(s.key));
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
