/** Creator dashboard settings (LIVE_STATS_*); every one has a working default. */
import { int, section } from '../../config/setting.js';

export interface CreatorConfig {
  /** How often the worker's leader writes each live room's online count (ms). */
  sampleMs: number;
  /** Days a viewer-count sample is kept. */
  retentionDays: number;
}

export const creatorSettings = section(
  {
    LIVE_STATS_SAMPLE_MS: int(30_000, "How often the worker role samples each live room's online count for the creator dashboard, in ms", {
      min: 100,
      max: 600_000,
    }),
    LIVE_STATS_RETENTION_DAYS: int(90, 'Days the viewer-count samples of lives are kept for the creator dashboard', { min: 1, max: 3650 }),
  },
  (v): CreatorConfig => ({ sampleMs: v.LIVE_STATS_SAMPLE_MS, retentionDays: v.LIVE_STATS_RETENTION_DAYS }),
);
