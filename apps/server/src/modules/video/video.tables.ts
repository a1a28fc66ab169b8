import type { Generated, Selectable } from 'kysely';
import type { VideoResourceStatus } from '@app/contract';

/**
 * Row types of the video tables (migration 0006_video), merged into the app's `Database` interface.
 * Times are ISO-8601 UTC text; flags are 0/1 integers; money in 1/10000 coin.
 */
export interface VideoCategoriesTable {
  id: Generated<number>;
  name: string;
  /** the name in other languages, JSON (db/names.ts) */
  names: Generated<string>;
  sort: number;
}

export interface VideoResourcesTable {
  id: Generated<number>;
  user_id: number;
  /** The chunked upload's id (resource/upload/sts); the source file is `<incoming>/<upload_id>`. */
  upload_id: string;
  status: VideoResourceStatus;
  /** Bytes announced, bytes received so far (the offset the next chunk must start at). */
  total: number;
  received: Generated<number>;
  duration: Generated<number>;
  width: Generated<number>;
  height: Generated<number>;
  /** JSON `Rendition[]`: the HLS renditions and their segment keys in storage. */
  renditions: Generated<string>;
  poster: Generated<string>;
  error: Generated<string>;
  attempts: Generated<number>;
  /** A worker holds a processing job until then and renews it while it runs. */
  lease_until: string | null;
  deleted: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface VideosTable {
  id: Generated<number>;
  user_id: number;
  resource_id: number;
  cate_id: number;
  title: string;
  cover: string;
  price: number;
  views: Generated<number>;
  likes: Generated<number>;
  /** Unlisted by its owner (deleted upload) or an operator. */
  hidden: Generated<number>;
  created_at: string;
}

export interface VideoPurchasesTable {
  id: Generated<number>;
  video_id: number;
  user_id: number;
  price: number;
  idem_key: string;
  created_at: string;
}

export interface VideoLikesTable {
  video_id: number;
  user_id: number;
  created_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    video_categories: VideoCategoriesTable;
    video_resources: VideoResourcesTable;
    videos: VideosTable;
    video_purchases: VideoPurchasesTable;
    video_likes: VideoLikesTable;
  }
}

export type VideoResourceRow = Selectable<VideoResourcesTable>;
export type VideoRow = Selectable<VideosTable>;

/** One HLS rendition as stored: its segments in order, each with its duration and storage key. */
export interface Rendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  segments: { d: number; key: string }[];
}
