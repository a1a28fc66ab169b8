/** How many lanes a density fills and how long a line may wait for one before it is dropped. */
export const DENSITY = {
  low: { lanes: 3, waitMs: 0 },
  normal: { lanes: 6, waitMs: 1000 },
  high: { lanes: 12, waitMs: 3000 },
} as const;
export type DanmakuDensity = keyof typeof DENSITY;
export const DENSITIES = Object.keys(DENSITY) as DanmakuDensity[];

/** What the stage shows, as far as danmaku care: a portrait camera puts the anchor's face in a known band. */
export interface StageLayout {
  /** A portrait camera picture filling the stage (not a landscape camera, a shared screen or the camera off). */
  portraitCamera: boolean;
}

/**
 * Where the anchor's face is, in px of a stage `height` tall, or null when the layout has no face to
 * keep clear: in a portrait selfie stream the face sits between 18% and 44% of the height (the
 * framing phone apps guide anchors to); a letterboxed landscape picture or a screen is flown over.
 */
export function faceBand(layout: StageLayout, height: number): [number, number] | null {
  if (!layout.portraitCamera) return null;
  return [Math.round(height * 0.18), Math.round(height * 0.44)];
}
