/** Clip settings (CLIP_*); every one has a working default. */
import { int, section } from '../../config/setting.js';

export interface ClipConfig {
  /** Clips one member may make in a sliding hour. */
  maxPerHour: number;
}

export const clipSettings = section(
  {
    CLIP_MAX_PER_HOUR: int(10, 'Clips one member may make of lives and replays in an hour', { min: 1, max: 1000 }),
  },
  (v): ClipConfig => ({ maxPerHour: v.CLIP_MAX_PER_HOUR }),
);
