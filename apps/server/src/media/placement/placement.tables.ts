import type { Selectable } from 'kysely';

/*
 * The placement's tables: the server processes (each one's lease) and the media nodes rooms are
 * placed on, with each API instance's view of their load.
 */

/** One row per running server process, refreshed while it runs (a lease); see instanceLease.ts. */
export interface ServerInstancesTable {
  id: string;
  started_at: string;
  seen_at: string;
  /** With the media role on Janus (0021): the origin its WHIP/WHEP routes answer at (it bridges rooms' signalling); else null. */
  media_url: string | null;
}

/** One row per media node (0015): an instance's embedded SFU or a Janus node, refreshed while it serves. */
export interface MediaNodesTable {
  id: string;
  kind: 'embedded' | 'janus';
  /** Embedded: the origin clients reach its WHIP/WHEP at ('' = relative); Janus: its WebSocket API. */
  url: string;
  viewers: number;
  rooms: number;
  /** Viewers it feeds at most (MEDIA_MAX_VIEWERS, JANUS_NODE_VIEWERS). */
  capacity: number;
  seen_at: string;
}

/** A media node's viewers and rooms as one API instance placed them (0023): a node's load is the sum of the fresh rows. */
export interface MediaNodeLoadsTable {
  node_id: string;
  instance_id: string;
  viewers: number;
  rooms: number;
  seen_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    server_instances: ServerInstancesTable;
    media_nodes: MediaNodesTable;
    media_node_loads: MediaNodeLoadsTable;
  }
}

export type MediaNodeRow = Selectable<MediaNodesTable>;
