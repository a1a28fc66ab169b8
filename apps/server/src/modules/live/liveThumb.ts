/**
 * The patrol wall's pictures: every LIVE_THUMB_S the egress hands a segment it just uploaded to a
 * short ffmpeg that decodes its first frame (a segment starts at a keyframe) and writes a small
 * JPEG next to the live's segments, one key per live, overwritten (decision 0226). Measured here:
 * about 60 ms of CPU per picture, so 0.5 % of a core per live at 12 s, bounded by LIVE_EGRESS_MAX.
 */
import { spawn } from 'node:child_process';
import type { Storage } from '../../storage/storage.js';

/** Height of the picture, pixels (the width follows the stream's shape). */
const THUMB_HEIGHT = 320;

/** The storage key of a live's picture, from its playlist URL (null without one). */
export function thumbKeyOf(storage: Pick<Storage, 'keyOf'>, playlistUrl: string | undefined): string | null {
  const key = playlistUrl ? storage.keyOf(playlistUrl) : null;
  return key ? `${key.slice(0, key.lastIndexOf('/') + 1)}thumb.jpg` : null;
}

/** The first frame of an MPEG-TS segment as a JPEG; rejects when ffmpeg finds no picture. */
export function keyframeJpeg(ffmpeg: string, segment: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpeg,
      [
        '-loglevel',
        'error',
        '-f',
        'mpegts',
        '-i',
        'pipe:0',
        '-frames:v',
        '1',
        '-vf',
        `scale=-2:${THUMB_HEIGHT}`,
        '-q:v',
        '6',
        '-f',
        'image2',
        '-c:v',
        'mjpeg',
        'pipe:1',
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-500)));
    child.on('error', reject);
    child.on('exit', (code) => {
      const jpeg = Buffer.concat(out);
      if (code === 0 && jpeg.length > 0) resolve(jpeg);
      else reject(new Error(`ffmpeg made no picture (exit ${code}): ${err.trim()}`));
    });
    // ffmpeg stops reading once it has its frame: the rest of the segment may meet a closed pipe.
    child.stdin.on('error', () => undefined);
    child.stdin.end(segment);
  });
}
