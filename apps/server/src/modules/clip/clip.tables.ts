import type { Generated, Insertable, Selectable } from 'kysely';

/** Row type of the clips table (migration 0052_clips), merged into the app's `Database` interface. */
export interface LiveClipsTable {
  id: Generated<number>;
  /** The member who made it (the video's owner). */
  user_id: number;
  /** The maker's idempotency key: UNIQUE (user_id, request_id). */
  request_id: string;
  video_id: number;
  room_id: number;
  /** The anchor whose live it is from (credited on the card). */
  anchor_id: number;
  /** The replay it was cut from, or the recording of the live it was cut from; null when lives are not kept. */
  replay_id: number | null;
  /** Where it starts in that replay, seconds. */
  start_s: number;
  /** Storage key of the MP4. */
  mp4_key: string;
  /** 1: a stream could not be copied and was transcoded. */
  transcoded: number;
  created_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    live_clips: LiveClipsTable;
  }
}

export type ClipRow = Selectable<LiveClipsTable>;
export type NewClip = Insertable<LiveClipsTable>;
