import { useEffect, useRef, useState } from 'react';
import type { GiftRecord } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/UserAvatar';
import { GiftIcon } from './GiftIcon';
import { admitGifts, enqueueEffect, isBigGift, takeNew, type Banner } from './giftQueue';
import { useGiftCacheSync } from './useGiftAssets';
import './gift.css';

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
  const r = b.record;
  return (
    <div className="gift-banner" data-testid="gift-banner">
      <UserAvatar src={r.sender.avatar} size={34} className="gift-banner__avatar" />
      <div className="gift-banner__text">
        <b>{r.sender.nickname}</b>
        <span>{t('gift.sent', { gift: r.gift_name })}</span>
      </div>
      <GiftIcon url={r.gift_icon} size={44} className="gift-banner__icon" />
      <span key={b.bumps} className="gift-banner__count">
        <small>×</small>
        {pieces(r)}
      </span>
    </div>
  );
}

/** The centre effect: the gift flies up, scales with a glow and sparkles, the sender and ×count under it. */
function GiftEffect({ r, onDone }: { r: GiftRecord; onDone: () => void }) {
  const { t } = useTranslation();
  const big = isBigGift(r);
  useEffect(() => {
    const timer = setTimeout(onDone, big ? 3400 : 2600);
    return () => clearTimeout(timer);
  }, [big, onDone]);
  return (
    <div className={`gift-effect ${big ? 'gift-effect--big' : ''}`} data-testid="gift-anim" data-gift={r.gift_name}>
      <div className="gift-effect__stage">
        <div className="gift-effect__rays" aria-hidden />
        {Array.from({ length: 8 }, (_, i) => (
          <i key={i} className="gift-effect__spark" style={{ '--a': `${i * 45}deg` } as React.CSSProperties} aria-hidden />
        ))}
        <GiftIcon url={r.gift_icon} size={big ? 168 : 120} className="gift-effect__icon" />
      </div>
      <div className="gift-effect__caption">
        <span className="gift-effect__who">{t('gift.sentBy', { name: r.sender.nickname, gift: r.gift_name })}</span>
        <span className="gift-effect__count">×{r.count}</span>
      </div>
    </div>
  );
}

/**
 * The gift overlay of a live room: banners (a sender's combo bumps its banner) and one centre effect
 * at a time, over the video. It never takes a tap (pointer-events: none), so chat stays usable.
 * Lottie is not installed, so effects are CSS/SVG on the gift's icon.
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
      {playing && <GiftEffect key={playing.id} r={playing} onDone={done} />}
    </div>
  );
}
