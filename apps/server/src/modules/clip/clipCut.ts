/**
 * Cutting a clip: the live's MPEG-TS segments, joined as they are (segments of one ffmpeg run are
 * one continuous stream), remuxed into an MP4 with the streams copied — H.264 and AAC, which the
 * egress writes, go through untouched; anything else is transcoded — then cut again, still copied,
 * into the 2 s HLS segments the video feed plays, and a poster from the first frame. For a 60 s
 * clip that is well under a second of CPU (decision 0256).
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { guardBytes } from '@app/kit';
import type { Storage } from '../../storage/storage.js';
import { ffmpeg, probe, type Programs } from '../video/ffmpeg.js';
import { SEGMENT_S } from '../video/transcode.js';
import type { Rendition } from '../video/video.tables.js';

const run = promisify(execFile);
const FFMPEG_TIMEOUT_MS = 60_000;

/** What a cut left in storage. */
export interface CutClip {
  rendition: Rendition;
  /** Guarded JPEG (the first frame), as the video covers are. */
  poster: string;
  mp4Key: string;
  duration: number;
  bytes: number;
  transcoded: boolean;
  /** Every key written (removed again if the clip is not published). */
  keys: string[];
}

/** The codec of the first video and audio stream of a file ('' when it has none). */
async function codecsOf(programs: Programs, file: string): Promise<{ video: string; audio: string }> {
  const { stdout } = await run(programs.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_streams', file], { timeout: 30_000 });
  const streams = (JSON.parse(stdout) as { streams?: { codec_type?: string; codec_name?: string }[] }).streams ?? [];
  return {
    video: streams.find((s) => s.codec_type === 'video')?.codec_name ?? '',
    audio: streams.find((s) => s.codec_type === 'audio')?.codec_name ?? '',
  };
}

/** Joins `segments` (MPEG-TS bytes, in order, one run of the egress) into a clip stored under fresh keys. */
export async function cutClip(segments: Buffer[], opts: { programs: Programs; storage: Storage; workDir: string }): Promise<CutClip> {
  const { programs, storage } = opts;
  const dir = await fs.mkdtemp(path.join(opts.workDir, 'clip-'));
  try {
    const src = path.join(dir, 'source.ts');
    await fs.writeFile(src, Buffer.concat(segments));
    const codecs = await codecsOf(programs, src);
    if (!codecs.video) throw new Error('the segments hold no picture');
    const copyVideo = codecs.video === 'h264';
    const copyAudio = !codecs.audio || codecs.audio === 'aac';
    const mp4 = path.join(dir, 'clip.mp4');
    await ffmpeg(
      [
        '-i',
        src,
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        ...(copyVideo ? ['-c:v', 'copy'] : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p']),
        ...(copyAudio ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '64k']),
        '-avoid_negative_ts',
        'make_zero',
        '-movflags',
        '+faststart',
        mp4,
      ],
      { programs, timeoutMs: FFMPEG_TIMEOUT_MS },
    );
    const info = await probe(programs, mp4);
    if (!info) throw new Error('the clip does not play');
    // The feed's HLS and the poster, from the MP4: copied again, one frame decoded.
    await ffmpeg(
      [
        '-i',
        mp4,
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        '-c',
        'copy',
        '-f',
        'hls',
        '-hls_time',
        String(SEGMENT_S),
        '-hls_playlist_type',
        'vod',
        '-hls_segment_filename',
        path.join(dir, 's_%04d.ts'),
        path.join(dir, 'clip.m3u8'),
        '-map',
        '0:v:0',
        '-frames:v',
        '1',
        '-q:v',
        '3',
        path.join(dir, 'poster.jpg'),
      ],
      { programs, timeoutMs: FFMPEG_TIMEOUT_MS },
    );

    const now = new Date().toISOString();
    const month = `${now.slice(0, 4)}/${now.slice(5, 7)}`;
    const id = randomUUID();
    const keys: string[] = [];
    const put = async (key: string, bytes: Buffer, mime: string) => {
      keys.push(key);
      await storage.put(key, bytes, mime);
    };
    const mp4Bytes = await fs.readFile(mp4);
    const mp4Key = `clip/${month}/${id}.mp4`;
    await put(mp4Key, mp4Bytes, 'video/mp4');
    const posterKey = `cover/${month}/${id}.jpg`;
    await put(posterKey, Buffer.from(guardBytes(await fs.readFile(path.join(dir, 'poster.jpg')))), 'image/jpeg');
    const segs: Rendition['segments'] = [];
    let pending: number | null = null;
    for (const line of (await fs.readFile(path.join(dir, 'clip.m3u8'), 'utf8')).split('\n').map((l) => l.trim())) {
      if (line.startsWith('#EXTINF:')) pending = Number(line.slice(8).split(',')[0]);
      else if (line && !line.startsWith('#') && pending !== null) {
        const key = `video/${month}/${id}/0-${segs.length}-${randomBytes(12).toString('hex')}.ts`;
        await put(key, await fs.readFile(path.join(dir, line)), 'video/mp2t');
        segs.push({ d: pending, key });
        pending = null;
      }
    }
    if (segs.length === 0) throw new Error('the clip has no segments');
    const rendition: Rendition = {
      name: `${Math.min(info.width, info.height)}p`,
      width: info.width,
      height: info.height,
      bandwidth: Math.round((mp4Bytes.length * 8 * 1.2) / info.duration),
      segments: segs,
    };
    return {
      rendition,
      poster: storage.url(posterKey),
      mp4Key,
      duration: info.duration,
      bytes: mp4Bytes.length,
      transcoded: !copyVideo || !copyAudio,
      keys,
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
