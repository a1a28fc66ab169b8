import type { Generated, Insertable, Selectable } from 'kysely';

/** Row types of migration 0047_live_health, merged into the app's `Database` interface. */
export interface LiveHealthTable {
  id: Generated<number>;
  room_id: number;
  /** The room's `started_at` when the sample was taken: which live of the room it belongs to. */
  live_started_at: string;
  at: string;
  /** `client`: the anchor's browser (getStats); `ingest`: measured by the media role on the WHIP session. */
  source: 'client' | 'ingest';
  /** Outgoing (client) or arriving (ingest) video bitrate, bit/s. */
  bitrate: number;
  /** The bitrate the anchor's client is set to send (client samples only), bit/s. */
  target: number | null;
  fps: number | null;
  width: number | null;
  height: number | null;
  /** Fraction of video packets lost, 0–1. */
  loss: number | null;
  rtt_ms: number | null;
  /** What the browser's encoder says holds its quality back (`none`, `bandwidth`, `cpu`, `other`). */
  limited: string | null;
}

declare module '../../db/schema.js' {
  interface Database {
    live_health: LiveHealthTable;
  }
}

export type LiveHealthRow = Selectable<LiveHealthTable>;
export type NewLiveHealth = Insertable<LiveHealthTable>;
