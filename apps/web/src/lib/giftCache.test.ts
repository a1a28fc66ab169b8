import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { guardBytes } from '@app/kit';
import { giftAssetUrl, giftCacheName, giftFiles, resetGiftCacheMemory, staleGiftCaches, syncGiftCache, type GiftCacheDeps } from './giftCache';

const BASE = 'http://app.test/pages/room/index';

/** An in-memory CacheStorage: cache name → url → body bytes. */
function fakeCaches() {
  const store = new Map<string, Map<string, ArrayBuffer>>();
  const caches: NonNullable<GiftCacheDeps['caches']> = {
    async open(name: string) {
      let c = store.get(name);
      if (!c) store.set(name, (c = new Map()));
      const cache = c;
      return {
        match: async (url: string) => (cache.has(url) ? new Response(cache.get(url)) : undefined),
        put: async (url: string, res: Response) => void cache.set(url, await res.arrayBuffer()),
      } as unknown as Cache;
    },
    keys: async () => [...store.keys()],
    delete: async (name: string) => store.delete(name),
  };
  return { store, caches };
}

function fakeFetch(bodies: Record<string, string | Uint8Array>) {
  return vi.fn(async (url: RequestInfo | URL) => {
    const u = String(url);
    return u in bodies ? new Response(bodies[u] as BodyInit) : new Response('missing', { status: 404 });
  }) as unknown as typeof fetch & ReturnType<typeof vi.fn>;
}

const gifts = [
  { icon: '/static/gifts/rose.svg', url: '/static/gifts/rose.json' },
  { icon: '/static/gifts/rose.svg', url: '' },
  { icon: 'http://cdn.test/car.svg', url: 'data:application/json,{}' },
];

beforeEach(() => {
  resetGiftCacheMemory();
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:test/${++n}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('gift files', () => {
  it('lists icons and animation files once, absolute, skipping empty and inline ones', () => {
    expect(giftFiles(gifts, BASE)).toEqual(['http://app.test/static/gifts/rose.svg', 'http://app.test/static/gifts/rose.json', 'http://cdn.test/car.svg']);
  });

  it('names one cache per version and drops only older gift caches', () => {
    expect(giftCacheName(7)).toBe('liveapp-gifts-v7');
    expect(staleGiftCaches(['liveapp-gifts-v6', 'liveapp-gifts-v7', 'workbox-precache', 'liveapp-gifts-v12'], 7)).toEqual([
      'liveapp-gifts-v6',
      'liveapp-gifts-v12',
    ]);
  });
});

describe('gift cache versioning', () => {
  const bodies = {
    'http://app.test/static/gifts/rose.svg': '<svg>rose v1</svg>',
    'http://app.test/static/gifts/rose.json': '{"v":1}',
    'http://cdn.test/car.svg': '<svg>car</svg>',
  };

  it('fetches every file into the version cache once; a second sync of the version fetches nothing', async () => {
    const { store, caches } = fakeCaches();
    const fetch = fakeFetch(bodies);
    const first = await syncGiftCache(1, gifts, { caches, fetch, base: BASE });
    expect(first).toMatchObject({ version: 1, fetched: 3, kept: 0, failed: 0 });
    expect([...store.get('liveapp-gifts-v1')!.keys()].sort()).toEqual(Object.keys(bodies).sort());

    resetGiftCacheMemory(); // a new visit: the cache persisted, the memory did not
    const again = await syncGiftCache(1, gifts, { caches, fetch, base: BASE });
    expect(again).toMatchObject({ fetched: 0, kept: 3 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('concurrent syncs of one version share one', async () => {
    const { caches } = fakeCaches();
    const fetch = fakeFetch(bodies);
    const [a, b] = await Promise.all([syncGiftCache(1, gifts, { caches, fetch, base: BASE }), syncGiftCache(1, gifts, { caches, fetch, base: BASE })]);
    expect(a).toBe(b);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('a new version refetches into a new cache (same URL, new bytes) and deletes the old cache', async () => {
    const { store, caches } = fakeCaches();
    await syncGiftCache(1, gifts, { caches, fetch: fakeFetch(bodies), base: BASE });
    const v2 = { ...bodies, 'http://app.test/static/gifts/rose.svg': '<svg>rose v2</svg>' };
    const res = await syncGiftCache(2, gifts, { caches, fetch: fakeFetch(v2), base: BASE });
    expect(res).toMatchObject({ version: 2, fetched: 3, removed: ['liveapp-gifts-v1'] });
    expect([...store.keys()]).toEqual(['liveapp-gifts-v2']);
    expect(new TextDecoder().decode(store.get('liveapp-gifts-v2')!.get('http://app.test/static/gifts/rose.svg'))).toBe('<svg>rose v2</svg>');
  });

  it('a file that fails to download is counted, not cached, and the rest still are', async () => {
    const { store, caches } = fakeCaches();
    const { ['http://cdn.test/car.svg']: _gone, ...partial } = bodies;
    const res = await syncGiftCache(3, gifts, { caches, fetch: fakeFetch(partial), base: BASE });
    expect(res).toMatchObject({ fetched: 2, failed: 1 });
    expect(store.get('liveapp-gifts-v3')!.has('http://cdn.test/car.svg')).toBe(false);
  });

  it('without Cache Storage the sync is a no-op and files are shown from their URL', async () => {
    const res = await syncGiftCache(4, gifts, { caches: undefined, fetch: fakeFetch(bodies), base: BASE });
    expect(res).toMatchObject({ fetched: 0, kept: 0 });
    expect(await giftAssetUrl('/static/gifts/rose.svg', 4, { caches: undefined, base: BASE })).toBe('/static/gifts/rose.svg');
  });
});

describe('downloaded path', () => {
  it('is a blob URL of the cached copy, made once per file and version; a miss falls back to the URL', async () => {
    const { caches } = fakeCaches();
    const deps = { caches, base: BASE };
    expect(await giftAssetUrl('/static/gifts/rose.svg', 1, deps)).toBe('/static/gifts/rose.svg');
    await syncGiftCache(1, gifts, { ...deps, fetch: fakeFetch({ 'http://app.test/static/gifts/rose.svg': '<svg/>' }) });
    const a = await giftAssetUrl('/static/gifts/rose.svg', 1, deps);
    const b = await giftAssetUrl('/static/gifts/rose.svg', 1, deps);
    expect(a).toMatch(/^blob:/);
    expect(b).toBe(a);
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('a file asked for while the sync downloads it waits for that download: fetched once, played from the cache', async () => {
    const { caches } = fakeCaches();
    let release!: () => void;
    const arrived = new Promise<void>((r) => (release = r));
    const fetch = vi.fn(async () => {
      await arrived;
      return new Response('{"v":1}');
    }) as unknown as typeof globalThis.fetch & ReturnType<typeof vi.fn>;
    const deps = { caches, base: BASE, fetch };
    const sync = syncGiftCache(1, [{ icon: '', url: '/static/gifts/rocket.json' }], deps);
    const played = giftAssetUrl('/static/gifts/rocket.json', 1, deps);
    release();
    expect(await played).toMatch(/^blob:/);
    await sync;
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('un-guards an icon uploaded in the console: from the cache, and from its URL before it is cached', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 200 }, (_, i) => i % 251)]);
    const icon = '/uploads/image/2026/11/0b8f2c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e.webp';
    const abs = `http://app.test${icon}`;
    const made: Blob[] = [];
    vi.mocked(URL.createObjectURL).mockImplementation((b) => (made.push(b as Blob), `blob:test/${made.length}`));
    const { caches } = fakeCaches();
    const fetch = fakeFetch({ [abs]: guardBytes(png), [icon]: guardBytes(png) });
    const deps = { caches, base: BASE, fetch };
    // Not cached yet: decoded from the URL (the guarded-image path).
    expect(await giftAssetUrl(icon, 1, deps)).toMatch(/^blob:/);
    expect(new Uint8Array(await made[0]!.arrayBuffer())).toEqual(png);
    await syncGiftCache(1, [{ icon, url: '' }], deps);
    expect(await giftAssetUrl(icon, 1, deps)).toMatch(/^blob:/);
    expect(made[1]!.type).toBe('image/png');
    expect(new Uint8Array(await made[1]!.arrayBuffer())).toEqual(png);
  });

  it('a version change revokes the old blob URLs', async () => {
    const { caches } = fakeCaches();
    const deps = { caches, base: BASE };
    await syncGiftCache(1, gifts, { ...deps, fetch: fakeFetch({ 'http://app.test/static/gifts/rose.svg': '<svg/>' }) });
    const old = await giftAssetUrl('/static/gifts/rose.svg', 1, deps);
    await syncGiftCache(2, gifts, { ...deps, fetch: fakeFetch({ 'http://app.test/static/gifts/rose.svg': '<svg/>' }) });
    await Promise.resolve();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(old);
    expect(await giftAssetUrl('/static/gifts/rose.svg', 2, deps)).not.toBe(old);
  });
});
