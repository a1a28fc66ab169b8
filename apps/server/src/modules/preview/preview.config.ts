/** Live preview settings (PREVIEW_*); every one has a working default. */
import { int, section } from '../../config/setting.js';

export interface PreviewConfig {
  /** Previews one anchor may have scheduled at once. */
  perAnchorOpen: number;
  /** A preview is done when its anchor goes live this many minutes either side of its time; past it, it expires. */
  graceMin: number;
  /** The earliest a preview may start: this many minutes from now. */
  minLeadMin: number;
  /** How often the worker looks for reminders that are due (ms). */
  sweepMs: number;
}

export const previewSettings = section(
  {
    PREVIEW_PER_ANCHOR_OPEN: int(3, 'Live previews one anchor may have scheduled at once', { min: 1, max: 50 }),
    PREVIEW_GRACE_MIN: int(30, 'Minutes either side of a live preview’s time in which going live makes it done; after them it expires', {
      min: 1,
      max: 720,
    }),
    PREVIEW_MIN_LEAD_MIN: int(10, 'The earliest a live preview may start, in minutes from now (production refuses less than 10)', { min: 0, max: 1440 }),
    PREVIEW_SWEEP_MS: int(30_000, 'How often the worker role sends the live preview reminders that are due (ms)', { min: 100, max: 300_000 }),
  },
  (v): PreviewConfig => ({
    perAnchorOpen: v.PREVIEW_PER_ANCHOR_OPEN,
    graceMin: v.PREVIEW_GRACE_MIN,
    minLeadMin: v.PREVIEW_MIN_LEAD_MIN,
    sweepMs: v.PREVIEW_SWEEP_MS,
  }),
);
