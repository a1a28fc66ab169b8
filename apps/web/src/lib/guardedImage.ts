import { looksLikeImage, unguardBytes } from '@app/kit';

/** URL → decoding in progress or done; kept for the whole visit so each image is fetched once. */
const pending = new Map<string, Promise<string>>();
/** URL → decoded blob URL (or the original URL when decoding failed). */
const resolved = new Map<string, string>();

/**
 * The key of an uploaded image wherever it is stored (`<purpose>/<yyyy>/<mm>/<uuid>.webp`), so an
 * S3 bucket's or CDN's URL is recognised too (the bucket then needs CORS for GET from the app).
 */
const UPLOAD_KEY = /\/[a-z_]+\/\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/** Images worth decoding: our uploads, on this server or in the bucket. data:, blob: and foreign URLs are shown as they are. */
export function isGuardedUrl(url: string): boolean {
  if (!url || url.startsWith('data:') || url.startsWith('blob:')) return false;
  try {
    const base = globalThis.location?.href ?? 'http://localhost/';
    const u = new URL(url, base);
    if (u.origin === new URL(base).origin && u.pathname.startsWith('/uploads/')) return true;
    return (u.protocol === 'https:' || u.protocol === 'http:') && UPLOAD_KEY.test(u.pathname);
  } catch {
    return false;
  }
}

/** The image inside a guarded file's bytes; null when they hold no image once un-guarded (a plain SVG, a file never guarded). */
export function unguardedImage(guarded: ArrayBuffer): Blob | null {
  const bytes = unguardBytes(new Uint8Array(guarded));
  const mime = looksLikeImage(bytes);
  return mime ? new Blob([bytes as BlobPart], { type: mime }) : null;
}

async function decode(url: string, fetcher: typeof fetch): Promise<string> {
  try {
    const res = await fetcher(url);
    if (!res.ok) return url;
    const image = unguardedImage(await res.arrayBuffer());
    // Not an image once un-guarded: the URL itself works.
    return image ? URL.createObjectURL(image) : url;
  } catch {
    return url;
  }
}

/** Resolves a protected image URL to something an <img> can show (seed §7), decoding once per URL. */
export function resolveGuarded(url: string, fetcher: typeof fetch = fetch): Promise<string> {
  if (!isGuardedUrl(url)) return Promise.resolve(url);
  let job = pending.get(url);
  if (!job) {
    job = decode(url, fetcher).then((src) => {
      resolved.set(url, src);
      return src;
    });
    pending.set(url, job);
  }
  return job;
}

/** The showable source when already known, so a re-mounted image does not flash. */
export function peekGuarded(url: string): string | undefined {
  return isGuardedUrl(url) ? resolved.get(url) : url;
}
