import path from 'node:path';
import type { Deps } from '../../deps.js';
import type { Finance } from '../finance/finance.js';
import type { SocialService } from '../social/social.service.js';
import { TranscodeQueue } from './transcodeQueue.js';
import { VideoUploadService } from './upload.service.js';
import type { VideoConfig } from './video.config.js';
import { VideoService, type RoomLister } from './video.service.js';

/** The videos of one instance: uploads, the transcode queue, and published videos. */
export function createVideo(deps: Deps, parts: { finance: Finance; social: SocialService; rooms: RoomLister; config?: VideoConfig }) {
  const config = parts.config ?? deps.config.video;
  const incomingDir = path.join(deps.config.dataDir, 'video-incoming');
  const queue = new TranscodeQueue(deps, { incomingDir, concurrency: config.concurrency, ffmpegMemoryMb: config.ffmpegMemoryMb });
  const uploads = new VideoUploadService(deps, config, queue, incomingDir);
  const videos = new VideoService(deps, config, parts.finance, parts.social, parts.rooms);
  let sweep: NodeJS.Timeout | undefined;
  return {
    config,
    queue,
    /** Where uploads wait for the transcode queue. */
    incomingDir,
    storage: deps.storage,
    uploads,
    videos,
    /** For operators (the console): unlist (or list again) a published video. */
    hide: (videoId: number, hidden = true) => videos.hide(videoId, hidden),
    /** For operators (the console): delete a published video with its upload and files. */
    delete: (videoId: number) => uploads.removeVideo(videoId),
    /** Starts the background work: the transcode queue and the hourly sweep of abandoned uploads. */
    start(): void {
      if (sweep) return;
      sweep = setInterval(() => void uploads.sweepAbandoned().catch((err: unknown) => deps.log.warn({ err }, 'upload sweep failed')), 3600_000);
      sweep.unref();
      queue.start();
    },
    /** Stops it, before the database closes: running ffmpeg jobs are killed and taken over after a restart. */
    async stop(): Promise<void> {
      clearInterval(sweep);
      sweep = undefined;
      await queue.stop();
    },
  };
}

export type Video = ReturnType<typeof createVideo>;
