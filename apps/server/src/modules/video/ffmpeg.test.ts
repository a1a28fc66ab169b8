import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg } from './ffmpeg.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ffmpeg-limit-'));
const clip = path.join(dir, '8k.mp4');
const small = path.join(dir, 'small.mp4');
const make = (size: string, file: string) =>
  promisify(execFile)('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=black:s=${size}:r=2:d=1`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '51',
    file,
  ]);

beforeAll(async () => {
  await Promise.all([make('7680x4320', clip), make('320x240', small)]);
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe.runIf(process.platform === 'linux')('ffmpeg memory bound', () => {
  // ffmpeg maps ~300 MB of libraries before it reads anything; one 8K frame needs far more than
  // the rest of 640 MB to decode, a small one does not.
  const poster = (src: string, out: string, memoryMb: number | undefined) =>
    ffmpeg(['-i', src, '-frames:v', '1', path.join(dir, out)], { programs: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }, memoryMb });

  it('stops an ffmpeg that needs more than its address-space limit, and lets small work through it', async () => {
    await expect(poster(clip, 'big-limited.jpg', 640)).rejects.toThrow(/ffmpeg failed/);
    await poster(small, 'small-limited.jpg', 640);
    expect(fs.statSync(path.join(dir, 'small-limited.jpg')).size).toBeGreaterThan(0);
  });

  it('lets the 8K frame through without a limit', async () => {
    await poster(clip, 'big.jpg', undefined);
    expect(fs.statSync(path.join(dir, 'big.jpg')).size).toBeGreaterThan(0);
  });
});
