import type { GiftRecord } from '@app/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../../components/UserAvatar';
import { giftAssetUrl } from '../../../../lib/giftCache';
import { useSession } from '../../../../state/session';
import { GiftIcon } from './GiftIcon';

/** Longest a big gift holds the screen, whatever its animation says (ms). */
const MAX_MS = 6000;
/** Shown when a gift has no animation file, or it failed to load (ms). */
const FALLBACK_MS = 3400;

type Player = { destroy(): void; addEventListener(name: string, cb: () => void): void; currentFrame: number };

/** lottie-web's light build (SVG renderer, no eval), loaded the first time a big gift arrives. */
const loadLottie = () => import('lottie-web/build/player/lottie_light').then((m) => m.default);

/** The animation's JSON from the gift file cache (a blob of the cached copy once downloaded). */
async function animationData(url: string, version: number): Promise<unknown> {
  const src = await giftAssetUrl(url, version);
  const res = await fetch(src);
  if (!res.ok) throw new Error(String(res.status));
  return res.json();
}

/**
 * A big gift over the whole room: its own Lottie animation (the gift's `url`), the sender's name,
 * and a skip button. Calls onDone when the animation completes, is skipped, or runs too long.
 */
export function BigGiftEffect({ r, onDone }: { r: GiftRecord; onDone: () => void }) {
  const { t } = useTranslation();
  const version = useSession((s) => s.giftVersion);
  const box = useRef<HTMLDivElement>(null);
  const [fallback, setFallback] = useState(!r.gift_url);

  useEffect(() => {
    const cap = setTimeout(onDone, fallback ? FALLBACK_MS : MAX_MS);
    if (fallback) return () => clearTimeout(cap);
    let player: Player | null = null;
    let alive = true;
    void Promise.all([loadLottie(), animationData(r.gift_url, version)])
      .then(([lottie, data]) => {
        if (!alive || !box.current) return;
        player = lottie.loadAnimation({ container: box.current, renderer: 'svg', loop: false, autoplay: true, animationData: data }) as unknown as Player;
        const el = box.current;
        // The frame reached, for tests and tools that check the animation advances.
        player.addEventListener('enterFrame', () => el.setAttribute('data-frame', String(Math.floor(player?.currentFrame ?? 0))));
        player.addEventListener('complete', onDone);
      })
      .catch(() => alive && setFallback(true));
    return () => {
      alive = false;
      clearTimeout(cap);
      player?.destroy();
    };
  }, [r.gift_url, version, fallback, onDone]);

  return (
    <div className="big-gift" data-testid="gift-fullscreen" data-gift={r.gift_name}>
      {fallback ? (
        <div className="big-gift__fallback" aria-hidden>
          <GiftIcon url={r.gift_icon} size={180} className="gift-effect__icon" />
        </div>
      ) : (
        <div ref={box} className="big-gift__lottie" data-testid="gift-lottie" aria-hidden />
      )}
      <div className="big-gift__caption">
        <UserAvatar src={r.sender.avatar} size={30} />
        <span className="big-gift__who" data-testid="gift-fullscreen-sender">
          {t('gift.sentBy', { name: r.sender.nickname, gift: r.gift_name })}
        </span>
        <b className="big-gift__count">×{r.count}</b>
      </div>
      <button type="button" className="big-gift__skip" data-testid="gift-skip" onClick={onDone}>
        {t('gift.skip')}
      </button>
    </div>
  );
}
