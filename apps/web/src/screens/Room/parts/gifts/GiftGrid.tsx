import type { Gift } from '@app/contract';
import { Swiper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../../components/icons';
import { formatCoins } from '../../../../lib/money';
import { GiftIcon } from './GiftIcon';
import { useLocalName } from '../../../../locale/serverText';
import { showToast } from '../../../../lib/toast';
import { useUserInfo } from '../../../../state/queries/user';

const PER_PAGE = 8;

function Cell({ g, on, myVip, onPick }: { g: Gift; on: boolean; myVip: number; onPick: (id: number) => void }) {
  const { t } = useTranslation();
  const local = useLocalName();
  // A tier-only gift below my tier says what it takes instead of being picked (the server refuses it too).
  const locked = g.vip_min > myVip;
  return (
    <button
      type="button"
      className={`gift-cell ${on ? 'gift-cell--on' : ''} ${locked ? 'gift-cell--locked' : ''}`}
      data-testid={`gift-${g.gift_id}`}
      aria-pressed={on}
      onClick={() => (locked ? showToast(t('gift.vipLocked', { level: g.vip_min })) : onPick(g.gift_id))}
    >
      {g.vip_min > 0 && <span className="gift-cell__vip">{t('gift.vipOnly', { level: g.vip_min })}</span>}
      <GiftIcon url={g.icon} size={48} className="gift-cell__icon" />
      <span className="gift-cell__name">{local(g)}</span>
      <span className="gift-cell__price">
        <CoinIcon size={11} />
        {formatCoins(g.price)}
      </span>
    </button>
  );
}

/** The gifts, eight a page (two rows of four), swiped when there are more. */
export function GiftGrid({ gifts, selected, onPick }: { gifts: Gift[]; selected: number | null; onPick: (id: number) => void }) {
  // My tier as the server knows it now (a recharge may have raised it since the session was stored).
  const myVip = useUserInfo().data?.vip_level ?? 0;
  const pages: Gift[][] = [];
  for (let i = 0; i < gifts.length; i += PER_PAGE) pages.push(gifts.slice(i, i + PER_PAGE));
  const grid = (page: Gift[]) => (
    <div className="gift-grid">
      {page.map((g) => (
        <Cell key={g.gift_id} g={g} on={g.gift_id === selected} myVip={myVip} onPick={onPick} />
      ))}
    </div>
  );
  if (pages.length <= 1) return grid(pages[0] ?? []);
  return (
    <Swiper className="gift-swiper" indicatorProps={{ color: 'white' }}>
      {pages.map((p, i) => (
        <Swiper.Item key={i}>{grid(p)}</Swiper.Item>
      ))}
    </Swiper>
  );
}
