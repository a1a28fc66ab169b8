import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Row types of the rooms tables (migrations 0003_rooms, 0009_room_seats), merged into the app's `Database` interface so
 * every Kysely handle knows them. Times are ISO-8601 UTC text; flags are 0/1 integers.
 */
export interface AnchorApplicationsTable {
  id: Generated<number>;
  user_id: number;
  real_name: string;
  id_card: string;
  mobile: string;
  introduction: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  reviewed_by: number | null;
  created_at: string;
  reviewed_at: string | null;
}

export interface RoomCategoriesTable {
  id: Generated<number>;
  name: string;
  /** the name in other languages, JSON (db/names.ts) */
  names: Generated<string>;
  sort: number;
}

export interface RoomsTable {
  id: Generated<number>;
  /** Short numeric room number (unique), typed on /pages/user/join. */
  number: string;
  /** One room per anchor: reopening reuses the row (same number). */
  anchor_id: number;
  title: string;
  cover: string;
  category_id: number;
  kind: 'live' | 'chat';
  password_hash: string | null;
  mic_seats: number;
  /** JSON of the contract's RoomSettings. */
  settings: string;
  status: 'open' | 'closed';
  /** The anchor seat publishes now (set by the SFU's publisher events). */
  anchor_live: number;
  /** The server instance whose SFU hosts the anchor seat's stream (0009): a dead instance's rooms are found by its lease. */
  anchor_instance: string | null;
  /** Set while neither the anchor's socket nor their stream is there: the grace period runs from it. */
  anchor_left_at: string | null;
  /**
   * Until the anchor seat first publishes in this live, the expiry of the last anchor publish token
   * issued (0024): the room waits for OBS at least until then, whatever the grace period says.
   */
  first_publish_by: string | null;
  /** The media node serving the room (0015: `media_nodes.id`), placed when it opens; null: not placed. */
  media_node: string | null;
  /** The origin the room's clients send WHIP/WHEP to (the node's, or for Janus the API instance bridging to it). */
  media_url: string | null;
  /** A room on a Janus node (0021): the instance (`server_instances.id`) whose URL media_url is; null otherwise. */
  media_bridge: string | null;
  /** The online count as the worker's sweep last read it (0022): the live list's popularity order. */
  viewers: Generated<number>;
  started_at: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RoomMembersTable {
  room_id: number;
  user_id: number;
  is_admin: number;
  muted: number;
  /** Kicked: may not join again before this time. */
  banned_until: string | null;
  updated_at: string;
}

export interface RoomSeatsTable {
  room_id: number;
  /** 1…mic_seats */
  seat: number;
  user_id: number | null;
  locked: number;
  live: number;
  /** The occupant's camera / microphone on (1) or off (0); back on for each new occupant (0009). */
  camera: Generated<number>;
  mic: Generated<number>;
}

export interface RoomMicQueueTable {
  room_id: number;
  user_id: number;
  seat: number | null;
  created_at: string;
}

/** One live of a room (migration 0049): from going live to the close; the room and its `started_at` name it too. */
export interface LivesTable {
  id: Generated<number>;
  room_id: number;
  anchor_id: number;
  /** The room's title during this live. */
  title: Generated<string>;
  started_at: string;
  /** Null while the live goes on. */
  ended_at: string | null;
}

declare module '../../db/schema.js' {
  interface Database {
    anchor_applications: AnchorApplicationsTable;
    room_categories: RoomCategoriesTable;
    rooms: RoomsTable;
    room_members: RoomMembersTable;
    room_seats: RoomSeatsTable;
    room_mic_queue: RoomMicQueueTable;
    lives: LivesTable;
  }
}

export type AnchorApplicationRow = Selectable<AnchorApplicationsTable>;
export type RoomRow = Selectable<RoomsTable>;
export type NewRoom = Insertable<RoomsTable>;
export type RoomMemberRow = Selectable<RoomMembersTable>;
export type RoomSeatRow = Selectable<RoomSeatsTable>;
export type LiveRow = Selectable<LivesTable>;
