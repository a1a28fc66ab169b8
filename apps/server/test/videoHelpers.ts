import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { api, fullPath, type VideoResource } from '@app/contract';
import { eventually } from '@app/testkit';
import type { TestServer } from './helpers/testServer.js';

export const run = promisify(execFile);

/** A real video made by ffmpeg in `dir`: a test pattern with a tone, `seconds` long. */
export async function makeClip(dir: string, name: string, seconds: number, size = '160x284'): Promise<Buffer> {
  const file = path.join(dir, name);
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=15`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=22050',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return fs.readFileSync(file);
}

export type ChunkAnswer = { upload_id: string; received: number; total: number; resource: VideoResource | null };

/** GETs a file and reads it whole (an answer left unread keeps its connection busy, and the server from stopping): its status and size. */
export async function fetchWhole(url: string, init?: RequestInit): Promise<{ status: number; bytes: number }> {
  const res = await fetch(url, init);
  return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
}

export const segmentsOf = (m3u8: string) => m3u8.split('\n').filter((l) => l && !l.startsWith('#'));
export const durationOf = (m3u8: string) =>
  m3u8
    .split('\n')
    .filter((l) => l.startsWith('#EXTINF:'))
    .reduce((sum, l) => sum + Number(l.slice(8).split(',')[0]), 0);

/** ffprobe of a playlist over HTTP, as a player would (with the caller's token). */
export async function ffprobeUrl(url: string, token?: string) {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams'];
  if (token) args.push('-headers', `Authorization: ${token}\r\n`);
  const { stdout } = await run('ffprobe', [...args, url], { timeout: 60_000 });
  return JSON.parse(stdout) as { format: { duration: string }; streams: { codec_type: string; codec_name: string; width?: number; height?: number }[] };
}

/** Video calls of one test server: chunks, whole uploads, waiting for the transcode, playlists. */
export function videoClient(s: TestServer) {
  async function sendChunk(token: string, uploadId: string, offset: number, bytes: Uint8Array, name = 'clip.mp4') {
    const fd = new FormData();
    fd.append('upload_id', uploadId);
    fd.append('offset', String(offset));
    fd.append('file', new Blob([bytes], { type: 'video/mp4' }), name);
    return s.api.raw<ChunkAnswer>('POST', fullPath(api.uploadVideo), { body: fd, headers: { Authorization: token } });
  }

  /** sts, then the file in chunks of `chunk` bytes; answers the last chunk's answer. */
  async function uploadVideo(token: string, bytes: Buffer, chunk = 64 * 1024) {
    const t = await s.api.call(api.uploadSts, { size: bytes.length }, { token });
    expect(t.code, t.msg).toBe(200);
    let last = await sendChunk(token, t.data.upload_id, 0, bytes.subarray(0, chunk));
    while (last.code === 200 && last.data.received < bytes.length) {
      const at = last.data.received;
      last = await sendChunk(token, t.data.upload_id, at, bytes.subarray(at, at + chunk));
    }
    return { ticket: t.data, last };
  }

  const waitReady = (token: string, id: number, timeout = 90_000): Promise<VideoResource> =>
    eventually(
      async () => {
        const page = await s.api.call(api.resourceFetch, { page: 1, size: 50 }, { token });
        const r = page.data.list.find((x) => x.id === id);
        return r && (r.status === 'ready' || r.status === 'failed') && r;
      },
      { timeout, interval: 300, what: `resource ${id} to be transcoded` },
    );

  const playlist = async (p: string, token?: string) => {
    const res = await fetch(`${s.url}${p}`, { headers: token ? { Authorization: token } : {} });
    return { status: res.status, access: res.headers.get('x-video-access'), type: res.headers.get('content-type'), text: await res.text() };
  };

  return { sendChunk, uploadVideo, waitReady, playlist };
}
