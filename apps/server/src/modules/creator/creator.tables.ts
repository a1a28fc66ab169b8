import type { Generated, Selectable } from 'kysely';

/** Row types of migration 0049_lives (the viewer samples; `lives` is in room.tables.ts), merged into the app's `Database` interface. */
export interface LiveViewerSamplesTable {
  id: Generated<number>;
  live_id: number;
  at: string;
  /** The room's online count when sampled. */
  viewers: number;
  /** The span this sample stands for (LIVE_STATS_SAMPLE_MS when written): watch time is viewers × ms. */
  ms: number;
}

declare module '../../db/schema.js' {
  interface Database {
    live_viewer_samples: LiveViewerSamplesTable;
  }
}

export type ViewerSampleRow = Selectable<LiveViewerSamplesTable>;
