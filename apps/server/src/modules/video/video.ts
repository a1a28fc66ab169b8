import path from 'node:path';
import type { Deps } from '../../deps.js';
import type { Finance } from '../finance/finance.js';
import type { SocialService } from '../social/social.service.js';
import { TranscodeQueue } from './transcodeQueue.js';
import { seedDemoVideos } from './video.seed.js';
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
  return {
    config,
    queue,
    storage: deps.storage,
    uploads,
    videos,
    /** For operators (the console): unlist (or list again) a published video. */
    hide: (videoId: number, hidden = true) => videos.hide(videoId, hidden),
    /** For operators (the console): delete a published video with its upload and files. */
    delete: (videoId: number) => uploads.removeVideo(videoId),
    /** Demo clips at first start (in the background; see video.seed.ts). */
    seedDemo: () => seedDemoVideos(deps, config, queue, incomingDir),
  };
}

export type Video = ReturnType<typeof createVideo>;
