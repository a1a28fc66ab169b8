import { useEffect, useRef, useState } from 'react';
import type { GiftRecord } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../../components/UserAvatar';
import { GiftIcon } from './GiftIcon';
import { BigGiftEffect } from './BigGiftEffect';
import { admitGifts, enqueueEffect, takeNew, tierOf, type Banner } from './giftQueue';
import { useGiftCacheSync } from './useGiftAssets';
import './gift.css';
import { useGiftName } from '../../../../state/session/giftName';

export interface GiftAnimationProps {
  /** The room's recent gifts, oldest first (room state `gifts`); each new record id plays once. */
  gifts: readonly GiftRecord[];
  /** Records already there when the overlay mounts are history and do not play (default true). */
  skipInitial?: boolean;
}

/** Pieces shown on a banner: a combo of n sends of `count` each. */
const pieces = (r: GiftRecord): number => r.count * Math.max(1, r.combo);

function GiftBanner({ b }: { b: Banner }) {
  const { t } = useTranslation();
  const giftName = useGiftName();
  const r = b.record;
  const tier = tierOf(r);
  return (
    <div className={`gift-banner gift-banner--${tier.banner_style}`} data-testid="gift-banner" data-tier={tier.level}>
      <UserAvatar src={r.sender.avatar} size={34} className="gift-banner__avatar" />
      <div className="gift-banner__text">
        <b>{r.sender.nickname}</b>
        <span>{t('gift.sent', { gift: giftName(r.gift_id, r.gift_name) })}</span>
      </div>
      <GiftIcon url={r.gift_icon} size={44} className="gift-banner__icon" />
      <span key={b.bumps} className="gift-banner__count">
        <small>×</small>
        {pieces(r)}
      </span>
    </div>
  );
}

/**
 * The gift overlay of a live room: banners for every send (a sender's combo bumps its banner), and
 * sends whose tier plays full screen one at a time (queued, skippable); each banner in its tier's style. The overlay takes no tap but the skip
 * button, so chat stays usable.
 */
export default function GiftAnimation({ gifts, skipInitial = true }: GiftAnimationProps) {
  useGiftCacheSync();
  const seen = useRef<Set<number> | null>(null);
  seen.current ??= new Set(skipInitial ? gifts.map((g) => g.id) : []);
  const [banners, setBanners] = useState<Banner[]>([]);
  const bannersNow = useRef<Banner[]>([]);
  const [queue, setQueue] = useState<GiftRecord[]>([]);
  const [playing, setPlaying] = useState<GiftRecord | null>(null);

  useEffect(() => {
    const fresh = takeNew(seen.current!, gifts);
    if (fresh.length === 0) return;
    const { banners: next, effects } = admitGifts(bannersNow.current, fresh, Date.now());
    bannersNow.current = next;
    setBanners(next);
    if (effects.length) setQueue((q) => effects.reduce((acc, r) => enqueueEffect(acc, r), q));
  }, [gifts]);

  useEffect(() => {
    if (playing || queue.length === 0) return;
    setPlaying(queue[0]!);
    setQueue((q) => q.slice(1));
  }, [playing, queue]);

  useEffect(() => {
    if (banners.length === 0) return;
    const next = Math.min(...banners.map((b) => b.until));
    const timer = setTimeout(
      () => {
        bannersNow.current = bannersNow.current.filter((x) => x.until > Date.now());
        setBanners(bannersNow.current);
      },
      Math.max(50, next - Date.now() + 20),
    );
    return () => clearTimeout(timer);
  }, [banners]);

  const done = useRef(() => setPlaying(null)).current;
  return (
    <div className="gift-fx" aria-live="polite">
      <div className="gift-fx__banners">
        {banners.map((b) => (
          <GiftBanner key={b.key} b={b} />
        ))}
      </div>
      {playing && <BigGiftEffect key={playing.id} r={playing} onDone={done} />}
    </div>
  );
}
