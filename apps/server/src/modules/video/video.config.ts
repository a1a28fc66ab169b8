import { int, num, oneOf, section, text } from '../../config/setting.js';

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
  /** The ffmpeg and ffprobe programs (the demo publisher uses the same ffmpeg). */
  ffmpeg: string;
  ffprobe: string;
}

/** The video settings: one section of the server's configuration schema. */
export const videoSettings = section(
  {
    VIDEO_PREVIEW_S: int(15, 'Seconds of a paid video anyone may watch before buying (enforced by the preview playlist)', { min: 1, max: 60 }),
    VIDEO_UPLOADER_SHARE: num(0.7, "Share of a paid video's price credited to the uploader's gift earnings (0–1); the rest is platform revenue", {
      min: 0,
      max: 1,
    }),
    VIDEO_MAX_UPLOAD_MB: int(200, 'Largest video file accepted, in MB (uploaded in chunks)', { min: 1, max: 4096 }),
    VIDEO_TRANSCODE_CONCURRENCY: int(1, 'ffmpeg transcodes one process runs at once (the queue is in the database and survives a restart)', {
      min: 1,
      max: 16,
    }),
    VIDEO_MAX_PIXELS: int(
      4096 * 2160,
      "Largest picture accepted, width × height (default 4096 × 2160, so phones' 4K passes); larger videos are refused before decoding",
      { min: 320 * 240, max: 16384 * 16384 },
    ),
    VIDEO_FFMPEG_MEMORY_MB: int(1024, 'Address space one ffmpeg transcode may use, MB (Linux, through prlimit; 0: no limit)', { max: 65536 }),
    DEMO_VIDEOS: oneOf(['auto', 'on', 'off'], 'auto', '`off` skips generating the demo clips with ffmpeg at first start (`auto`: on unless NODE_ENV=test)'),
    FFMPEG_PATH: text('ffmpeg', 'ffmpeg (found on PATH)', 'The ffmpeg program that transcodes videos and feeds the demo rooms'),
    FFPROBE_PATH: text('ffprobe', 'ffprobe (found on PATH)', 'The ffprobe program that reads an upload before it is transcoded'),
  },
  (v): VideoConfig => ({
    previewS: v.VIDEO_PREVIEW_S,
    uploaderShareBp: Math.round(v.VIDEO_UPLOADER_SHARE * 10_000),
    maxUploadBytes: v.VIDEO_MAX_UPLOAD_MB * 1024 * 1024,
    concurrency: v.VIDEO_TRANSCODE_CONCURRENCY,
    maxPixels: v.VIDEO_MAX_PIXELS,
    ffmpegMemoryMb: v.VIDEO_FFMPEG_MEMORY_MB,
    demoVideos: v.DEMO_VIDEOS,
    ffmpeg: v.FFMPEG_PATH,
    ffprobe: v.FFPROBE_PATH,
  }),
);
