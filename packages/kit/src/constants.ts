/** Client version shown in settings and sent to the server. */
export const APP_VERSION = '1.8.1';
/** Integer form of APP_VERSION for update checks. */
export const APP_VERSION_CODE = 181;
/** Widest the mobile layout grows, in CSS px. */
export const MAX_PAGE_WIDTH = 428;
/** Design width of the narrow (base) layout, in CSS px. */
export const NARROW_PAGE_WIDTH = 375;
/** HTTP request timeout in milliseconds. */
export const HTTP_TIMEOUT_MS = 60000;
/** Hall socket reconnection: attempts, first delay, and the cap of the doubling backoff. */
export const SOCKET_RECONNECT = { attempts: 5, delayMs: 1000, maxDelayMs: 5000 } as const;
/** How long a code-split screen may take to load before it counts as failed, in milliseconds. */
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
/** Default display time of a notification, in milliseconds. */
export const NOTIFY_DURATION_MS = 3000;
/** Autoplay interval of banners (Swiper), in milliseconds. */
export const SWIPER_INTERVAL_MS = 3000;
/** Height in px above which rich text is collapsed behind "show more". */
export const RICH_TEXT_COLLAPSE_PX = 400;
/** Default minimum user level required to enter a protected room. */
export const ROOM_AUTH_LEVEL_DEFAULT = 4;

function versionParts(v: string): number[] {
  return v
    .trim()
    .replace(/^v/i, '')
    .split('.')
    .map((p) => {
      const n = Number.parseInt(p, 10);
      return Number.isNaN(n) ? 0 : n;
    });
}

/** Compares dotted versions numerically ('1.10' > '1.9'; missing or non-numeric parts count as 0). */
export function compareVersion(a: string, b: string): -1 | 0 | 1 {
  const x = versionParts(a);
  const y = versionParts(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}
