/**
 * The gift file cache (seed §3: gift version, room gift list, a gift's downloaded path).
 *
 * Gift icons and animation files are kept in Cache Storage under one cache per `gift_version`
 * (`liveapp-gifts-v<version>`). When common_config announces a new version the files are fetched
 * into the new cache and every older cache is deleted, so a changed animation under an unchanged
 * URL is still refreshed. A gift's "downloaded path" is a blob URL made from the cached bytes; where
 * Cache Storage is missing (insecure origin, private mode) the original URL is used as is.
 * An icon uploaded in the console is a guarded image (seed §7): its cached bytes are un-guarded
 * before they become a blob, and until it is cached it is decoded like any guarded image.
 */
import { isGuardedUrl, resolveGuarded, unguardedImage } from './guardedImage';

/** Prefix of every gift cache; the version follows. */
export const GIFT_CACHE_PREFIX = 'liveapp-gifts-v';

export const giftCacheName = (version: number): string => `${GIFT_CACHE_PREFIX}${version}`;

/** The fields of a gift that name files. */
export interface GiftFiles {
  icon: string;
  url: string;
}

/** What the cache needs from the browser; tests pass fakes. */
export interface GiftCacheDeps {
  caches?: Pick<CacheStorage, 'open' | 'keys' | 'delete'> | undefined;
  fetch?: typeof fetch;
  /** Base for relative URLs (location.href in the browser). */
  base?: string;
}

function absolute(url: string, base: string): string | null {
  const trimmed = url.trim();
  if (!trimmed || trimmed.startsWith('data:') || trimmed.startsWith('blob:')) return null;
  try {
    return new URL(trimmed, base).href;
  } catch {
    return null;
  }
}

const defaultBase = (): string => globalThis.location?.href ?? 'http://localhost/';

/** The files of a gift list worth caching: icons and animation files, absolute and without duplicates. */
export function giftFiles(gifts: readonly GiftFiles[], base: string = defaultBase()): string[] {
  const out = new Set<string>();
  for (const g of gifts) {
    for (const u of [g.icon, g.url]) {
      const abs = absolute(u, base);
      if (abs) out.add(abs);
    }
  }
  return [...out];
}

/** Gift caches other than the current version's (to delete); caches of anything else are left alone. */
export function staleGiftCaches(names: readonly string[], version: number): string[] {
  const keep = giftCacheName(version);
  return names.filter((n) => n.startsWith(GIFT_CACHE_PREFIX) && n !== keep);
}

const browserCaches = (): GiftCacheDeps['caches'] => {
  try {
    return globalThis.caches;
  } catch {
    return undefined;
  }
};

/** Object URLs made for the current version, by file URL; revoked when the version changes. */
let blobs: { version: number; urls: Map<string, Promise<string>> } = { version: -1, urls: new Map() };
/** The sync in flight or done, per version, so concurrent callers share one. */
let syncing: { version: number; job: Promise<GiftSyncResult> } | null = null;
/**
 * The files the sync is downloading now, by absolute URL, for its version: a gift played while its
 * file is on the way waits for that download instead of fetching the file a second time.
 */
let downloading: { version: number; files: Map<string, Promise<unknown>> } = { version: -1, files: new Map() };

export interface GiftSyncResult {
  version: number;
  /** Files fetched into the cache by this sync. */
  fetched: number;
  /** Files already cached. */
  kept: number;
  /** Files that could not be fetched (they are shown from their URL). */
  failed: number;
  /** Older gift caches deleted. */
  removed: string[];
}

function resetBlobs(version: number): void {
  if (blobs.version === version) return;
  for (const job of blobs.urls.values()) {
    void job.then((u) => {
      if (u.startsWith('blob:')) URL.revokeObjectURL(u);
    });
  }
  blobs = { version, urls: new Map() };
}

async function runSync(version: number, gifts: readonly GiftFiles[], deps: GiftCacheDeps): Promise<GiftSyncResult> {
  const store = deps.caches ?? browserCaches();
  const result: GiftSyncResult = { version, fetched: 0, kept: 0, failed: 0, removed: [] };
  if (!store) return result;
  const fetcher = deps.fetch ?? globalThis.fetch.bind(globalThis);
  const files = new Map<string, Promise<unknown>>();
  downloading = { version, files };
  const opening = store.open(giftCacheName(version));
  const keep = async (url: string): Promise<'kept' | 'fetched'> => {
    const cache = await opening;
    if (await cache.match(url)) return 'kept';
    const res = await fetcher(url);
    if (!res.ok) throw new Error(String(res.status));
    await cache.put(url, res);
    return 'fetched';
  };
  // Each file's job is known before the first await, so a play asking for it meanwhile waits on it.
  const jobs = giftFiles(gifts, deps.base).map((url) => {
    const job = keep(url);
    files.set(
      url,
      job.catch(() => undefined),
    );
    return job.then(
      (how) => void (result[how] += 1),
      () => void (result.failed += 1),
    );
  });
  await Promise.all(jobs);
  if (downloading.files === files) downloading = { version: -1, files: new Map() };
  for (const name of staleGiftCaches(await store.keys(), version)) {
    if (await store.delete(name)) result.removed.push(name);
  }
  return result;
}

/**
 * Makes the cache of `version` hold every file of `gifts` and drops older versions' caches.
 * Calls for a version already synced (or syncing) share that sync; a new version starts a new one.
 */
export function syncGiftCache(version: number, gifts: readonly GiftFiles[], deps: GiftCacheDeps = {}): Promise<GiftSyncResult> {
  if (syncing && syncing.version === version) return syncing.job;
  resetBlobs(version);
  const job = runSync(version, gifts, deps).catch(() => ({ version, fetched: 0, kept: 0, failed: 0, removed: [] }));
  syncing = { version, job };
  return job;
}

async function fromCache(url: string, version: number, deps: GiftCacheDeps): Promise<string> {
  const store = deps.caches ?? browserCaches();
  const abs = absolute(url, deps.base ?? defaultBase());
  if (!store || !abs) return url;
  try {
    if (downloading.version === version) await downloading.files.get(abs);
    const cache = await store.open(giftCacheName(version));
    const hit = await cache.match(abs);
    if (!hit) return url;
    const blob = await hit.blob();
    return URL.createObjectURL((isGuardedUrl(abs) && unguardedImage(await blob.arrayBuffer())) || blob);
  } catch {
    return url;
  }
}

/**
 * A gift file's downloaded path: a blob URL of the cached copy of `version`, or the URL itself
 * when it is not cached (yet; a guarded upload is then decoded from its URL). Made once per file
 * and version.
 */
export function giftAssetUrl(url: string, version: number, deps: GiftCacheDeps = {}): Promise<string> {
  if (!url) return Promise.resolve(url);
  resetBlobs(version);
  let job = blobs.urls.get(url);
  if (!job) {
    job = fromCache(url, version, deps);
    blobs.urls.set(url, job);
    // A miss is not remembered: once the sync has fetched the file, the next ask finds it.
    void job.then((u) => {
      if (u === url) blobs.urls.delete(url);
    });
  }
  return job.then((src) => (src === url ? resolveGuarded(url, deps.fetch) : src));
}

/** Forgets in-memory state (tests). */
export function resetGiftCacheMemory(): void {
  resetBlobs(-2);
  syncing = null;
  downloading = { version: -1, files: new Map() };
}
