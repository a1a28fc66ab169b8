import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The ffmpeg and ffprobe programs to run (VideoConfig has them, from FFMPEG_PATH and FFPROBE_PATH). */
export interface Programs {
  ffmpeg: string;
  ffprobe: string;
}

/** What ffprobe says about a file; null when it is not a video it can read. */
export interface Probe {
  duration: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/** Reads duration and picture size with ffprobe (never trusting the file name or the client). */
export async function probe(programs: Programs, file: string): Promise<Probe | null> {
  try {
    const { stdout } = await run(programs.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
      timeout: 30_000,
      maxBuffer: 4 * 1024 * 1024,
    });
    const info = JSON.parse(stdout) as {
      format?: { duration?: string };
      streams?: { codec_type?: string; width?: number; height?: number; duration?: string; disposition?: { attached_pic?: number } }[];
    };
    const video = info.streams?.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0);
    const duration = Number(info.format?.duration ?? video?.duration ?? NaN);
    if (!video || !Number.isFinite(duration) || duration <= 0) return null;
    return { duration, width: video.width ?? 0, height: video.height ?? 0, hasAudio: Boolean(info.streams?.some((s) => s.codec_type === 'audio')) };
  } catch {
    return null;
  }
}

/** util-linux's prlimit, which bounds a child's memory (Linux); undefined elsewhere. */
const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((p) => fs.existsSync(p));

/**
 * Decoder threads of one ffmpeg (an input option: every call starts with its input): each holds
 * frames of its own, so memory would grow with the host's cores. A 4K transcode fits in 768 MB.
 */
const THREADS = '4';

export interface FfmpegOptions {
  programs: Programs;
  timeoutMs?: number;
  signal?: AbortSignal | undefined;
  /** Address-space limit of the process, MB (through prlimit, where there is one); 0 or unset: none. */
  memoryMb?: number | undefined;
}

/** Runs ffmpeg with these arguments; rejects with the tail of its log when it fails. */
export function ffmpeg(args: string[], opts: FfmpegOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const argv = [opts.programs.ffmpeg, '-hide_banner', '-nostdin', '-loglevel', 'error', '-threads', THREADS, '-y', ...args];
    const limited = PRLIMIT && opts.memoryMb ? [PRLIMIT, `--as=${opts.memoryMb * 1024 * 1024}`, '--', ...argv] : argv;
    const child = spawn(limited[0]!, limited.slice(1), { stdio: ['ignore', 'ignore', 'pipe'], ...(opts.signal ? { signal: opts.signal } : {}) });
    let log = '';
    child.stderr.on('data', (d: Buffer) => {
      log = (log + d.toString()).slice(-2000);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 10 * 60_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg failed (${signal ?? code}): ${log.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/** Whether ffmpeg and ffprobe can be run here. */
export async function ffmpegAvailable(programs: Programs): Promise<boolean> {
  try {
    await run(programs.ffmpeg, ['-version'], { timeout: 10_000 });
    await run(programs.ffprobe, ['-version'], { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the first bytes are those of a video container ffmpeg handles: MP4/MOV/3GP (`ftyp`),
 * Matroska/WebM (EBML), AVI (RIFF…AVI), FLV, MPEG-TS (sync bytes), MPEG-PS. The bytes decide,
 * never the name or the client's Content-Type.
 */
export function looksLikeVideo(b: Uint8Array): boolean {
  if (b.length < 12) return false;
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (ascii(4, 8) === 'ftyp' || ascii(4, 8) === 'moov' || ascii(4, 8) === 'mdat' || ascii(4, 8) === 'wide') return true;
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return true;
  if (ascii(0, 4) === 'RIFF' && ascii(8, 11) === 'AVI') return true;
  if (ascii(0, 3) === 'FLV') return true;
  if (b[0] === 0x47 && (b.length < 189 || b[188] === 0x47)) return true;
  if (b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0xba) return true;
  return false;
}
