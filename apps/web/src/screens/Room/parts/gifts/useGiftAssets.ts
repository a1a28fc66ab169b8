import { useEffect, useMemo, useState } from 'react';
import type { Gift } from '@app/contract';
import { giftAssetUrl, syncGiftCache } from '../../../../lib/giftCache';
import { useSession } from '../../../../state/session';

/** The room gift list (seed §3, from common_config) in display order. */
export function useRoomGifts(): Gift[] {
  const list = useSession((s) => s.roomGiftList);
  return useMemo(() => [...list].sort((a, b) => a.sort - b.sort || a.gift_id - b.gift_id), [list]);
}

/** Keeps the gift file cache on the config's gift_version: a new version downloads the files again. */
export function useGiftCacheSync(): void {
  const version = useSession((s) => s.giftVersion);
  const gifts = useSession((s) => s.roomGiftList);
  useEffect(() => {
    if (gifts.length > 0) void syncGiftCache(version, gifts);
  }, [version, gifts]);
}

/** A gift file's downloaded path (a blob of the cached copy), or its URL until the cache has it. */
export function useGiftAsset(url: string): string {
  const version = useSession((s) => s.giftVersion);
  const [src, setSrc] = useState(url);
  useEffect(() => {
    let alive = true;
    setSrc(url);
    void giftAssetUrl(url, version).then((u) => {
      if (alive) setSrc(u);
    });
    return () => {
      alive = false;
    };
  }, [url, version]);
  return src;
}
