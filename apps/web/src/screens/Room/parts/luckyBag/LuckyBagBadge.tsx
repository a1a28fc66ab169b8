import type { LuckyBag } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { mmss, secondsLeft } from './useRoomLuckyBag';

/** The lucky bag hanging on the stage: 福袋 with the countdown to the draw, then "开奖中". */
export function LuckyBagBadge({ bag, now, onOpen }: { bag: LuckyBag; now: number; onOpen: () => void }) {
  const { t } = useTranslation();
  const left = secondsLeft(bag, now);
  return (
    <button
      type="button"
      className="luckybag-badge"
      data-testid="luckybag-badge"
      data-status={bag.status}
      aria-label={t('luckyBag.badge', { name: bag.anchor.nickname })}
      onClick={onOpen}
    >
      <span className="luckybag-badge__bag" aria-hidden>
        <span className="luckybag-badge__knot" />
        <span className="luckybag-badge__word">{t('luckyBag.glyph')}</span>
      </span>
      <span className="luckybag-badge__label" data-testid="luckybag-countdown">
        {bag.status === 'drawn' ? t('luckyBag.drawnShort') : left > 0 ? mmss(left) : t('luckyBag.drawing')}
      </span>
    </button>
  );
}
