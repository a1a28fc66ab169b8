import type HlsType from 'hls.js';
import type { HlsConfig } from 'hls.js';
import workerPath from 'hls.js/dist/hls.worker.js?url';

let hlsModule: Promise<typeof HlsType> | null = null;
/** hls.js (light build, ~116 KiB gzip) loads with the first video or HLS room played, never with the app. */
export const loadHls = (): Promise<typeof HlsType> => (hlsModule ??= import('hls.js/light').then((m) => m.default));

/**
 * What every player gives hls.js: its worker, a file of this origin, which turns the MPEG-TS segments
 * into fMP4 off the main thread (beside chat, gifts and their animations). The ESM build makes no
 * worker of its own (only the UMD build makes a blob: one), so without it that work runs on the page.
 */
export const HLS_WORKER: Pick<HlsConfig, 'enableWorker' | 'workerPath'> = { enableWorker: true, workerPath };
