import type { Generated, Selectable } from 'kysely';

/** Row types of migration 0051_live_previews, merged into the app's `Database` interface. */
export interface LivePreviewsTable {
  id: Generated<number>;
  anchor_id: number;
  title: string;
  /** ISO-8601 UTC (toISOString), so times compare as text on both databases. */
  starts_at: string;
  /** scheduled: waiting (expired once its time and the grace passed); done: went live in `room_id`; cancelled. */
  status: 'scheduled' | 'done' | 'cancelled';
  room_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface LivePreviewRemindsTable {
  preview_id: number;
  user_id: number;
  /** 1: 提醒我 is on; 0: turned off (the row stays, with its sent mark). */
  wanted: number;
  /** When the reminder was claimed for sending; null: not yet. */
  sent_at: string | null;
  created_at: string;
}

declare module '../../db/schema.js' {
  interface Database {
    live_previews: LivePreviewsTable;
    live_preview_reminds: LivePreviewRemindsTable;
  }
}

export type PreviewRow = Selectable<LivePreviewsTable>;
