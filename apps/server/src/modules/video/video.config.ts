type Env = Record<string, string | undefined>;

/** Video rules; every one has a working default. */
export interface VideoConfig {
  /** Seconds of a paid video a non-buyer may watch (the preview playlist stops there). */
  previewS: number;
  /** Share of a sale credited to the uploader, basis points; the rest is platform revenue. */
  uploaderShareBp: number;
  /** Largest video file accepted, bytes. */
  maxUploadBytes: number;
  /** Transcodes this process runs at once. */
  concurrency: number;
  /** Largest picture accepted (width × height), checked from the container before anything is decoded. */
  maxPixels: number;
  /** Address space of one ffmpeg process, MB (0: no limit). */
  ffmpegMemoryMb: number;
  /** Generate demo clips with ffmpeg at start (`auto`: on unless NODE_ENV=test). */
  demoVideos: 'auto' | 'on' | 'off';
}

/** The video settings, in the shape of the server's ENV_VARS table (listed in the README with the others). */
export const VIDEO_ENV_VARS = [
  { name: 'VIDEO_PREVIEW_S', default: '15', doc: 'Seconds of a paid video anyone may watch before buying (enforced by the preview playlist)' },
  { name: 'VIDEO_UPLOADER_SHARE', default: '0.7', doc: "Share of a paid video's price credited to the uploader's gift earnings (0–1); the rest is platform revenue" },
  { name: 'VIDEO_MAX_UPLOAD_MB', default: '200', doc: 'Largest video file accepted, in MB (uploaded in chunks)' },
  { name: 'VIDEO_TRANSCODE_CONCURRENCY', default: '1', doc: 'ffmpeg transcodes one process runs at once (the queue is in the database and survives a restart)' },
  { name: 'VIDEO_MAX_PIXELS', default: '8847360', doc: 'Largest picture accepted, width × height (default 4096 × 2160, so phones\' 4K passes); larger videos are refused before decoding' },
  { name: 'VIDEO_FFMPEG_MEMORY_MB', default: '1024', doc: 'Address space one ffmpeg transcode may use, MB (Linux, through prlimit; 0: no limit)' },
  { name: 'DEMO_VIDEOS', default: 'auto', doc: '`off` skips generating the demo clips with ffmpeg at first start (`auto`: on unless NODE_ENV=test)' },
] as const;

const num = (env: Env, name: string, d: number, min: number, max: number, integer = true): number => {
  const v = env[name];
  if (v === undefined || v === '') return d;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) throw new Error(`${name} must be ${integer ? 'an integer' : 'a number'} in [${min}, ${max}], got "${v}"`);
  return n;
};

/** Reads the video settings (process.env by default). */
export function loadVideoConfig(env: Env = process.env): VideoConfig {
  const demo = env.DEMO_VIDEOS || 'auto';
  if (demo !== 'auto' && demo !== 'on' && demo !== 'off') throw new Error(`DEMO_VIDEOS must be auto, on or off, got "${demo}"`);
  return {
    previewS: num(env, 'VIDEO_PREVIEW_S', 15, 1, 60),
    uploaderShareBp: Math.round(num(env, 'VIDEO_UPLOADER_SHARE', 0.7, 0, 1, false) * 10_000),
    maxUploadBytes: num(env, 'VIDEO_MAX_UPLOAD_MB', 200, 1, 4096) * 1024 * 1024,
    concurrency: num(env, 'VIDEO_TRANSCODE_CONCURRENCY', 1, 1, 16),
    maxPixels: num(env, 'VIDEO_MAX_PIXELS', 4096 * 2160, 320 * 240, 16384 * 16384),
    ffmpegMemoryMb: num(env, 'VIDEO_FFMPEG_MEMORY_MB', 1024, 0, 65536),
    demoVideos: demo,
  };
}
