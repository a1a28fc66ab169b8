import type { Generated, Insertable, Selectable } from 'kysely';

/** Row types of the egress tables (migration 0015_live_egress), merged into the app's `Database` interface. */
export interface LiveEgressTable {
  /** One row per room whose egress runs: the claim that makes one instance, and only one, run it. */
  room_id: number;
  /** The instance (InstanceLease id) running the ffmpeg; a gone instance's rows are swept. */
  instance: string;
  replay_id: number | null;
  /** The live playlist's URL (storage: local `/uploads/…` or the bucket's public URL). */
  playlist: string;
  started_at: string;
  /** Viewers playing WebRTC on the egress's media node (kept up to date by it, for the console). */
  webrtc_viewers: Generated<number>;
}

export interface LiveRoomViaTable {
  room_id: number;
  via: 'auto' | 'hls';
}

export type ReplayStatus = 'recording' | 'ready' | 'deleted';

export interface LiveReplaysTable {
  id: Generated<number>;
  room_id: number;
  anchor_id: number;
  title: string;
  cover: Generated<string>;
  category_id: Generated<number>;
  /** The room had a password during this live: the replay is its anchor's only. */
  password: Generated<number>;
  /** Storage prefix of the live's files. */
  prefix: string;
  /** JSON `Segment[]` (hlsPlaylist.ts): the recorded segments in order. */
  segments: Generated<string>;
  duration: Generated<number>;
  bytes: Generated<number>;
  status: ReplayStatus;
  /** Made private by the anchor. */
  private: Generated<number>;
  /** Hidden by an operator. */
  hidden: Generated<number>;
  started_at: string;
  ended_at: string | null;
}

/** A chat line or a gift during a live (the replay's timeline). */
export interface LiveMomentsTable {
  id: Generated<number>;
  room_id: number;
  at: string;
  kind: 'chat' | 'gift';
  user_id: number;
  nickname: string;
  /** chat: the message; gift: the gift's name. */
  text: string;
  count: Generated<number>;
  /** 1: a chat line sent as a 弹 bullet (migration 0045). */
  danmaku: Generated<number>;
}

declare module '../../db/schema.js' {
  interface Database {
    live_egress: LiveEgressTable;
    live_replays: LiveReplaysTable;
    live_moments: LiveMomentsTable;
    live_room_via: LiveRoomViaTable;
  }
}

export type LiveEgressRow = Selectable<LiveEgressTable>;
export type NewLiveEgress = Insertable<LiveEgressTable>;
export type LiveReplayRow = Selectable<LiveReplaysTable>;
