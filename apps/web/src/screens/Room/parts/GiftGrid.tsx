import type { Gift } from '@app/contract';
import { Swiper } from 'antd-mobile';
import { CoinIcon } from '../../../components/icons';
import { formatCoins } from '../../../lib/money';
import { GiftIcon } from './GiftIcon';

const PER_PAGE = 8;

function Cell({ g, on, onPick }: { g: Gift; on: boolean; onPick: (id: number) => void }) {
  return (
    <button
      type="button"
      className={`gift-cell ${on ? 'gift-cell--on' : ''}`}
      data-testid={`gift-${g.gift_id}`}
      aria-pressed={on}
      onClick={() => onPick(g.gift_id)}
    >
      <GiftIcon url={g.icon} size={48} className="gift-cell__icon" />
      <span className="gift-cell__name">{g.name}</span>
      <span className="gift-cell__price">
        <CoinIcon size={11} />
        {formatCoins(g.price)}
      </span>
    </button>
  );
}

/** The gifts, eight a page (two rows of four), swiped when there are more. */
export function GiftGrid({ gifts, selected, onPick }: { gifts: Gift[]; selected: number | null; onPick: (id: number) => void }) {
  const pages: Gift[][] = [];
  for (let i = 0; i < gifts.length; i += PER_PAGE) pages.push(gifts.slice(i, i + PER_PAGE));
  const grid = (page: Gift[]) => (
    <div className="gift-grid">
      {page.map((g) => (
        <Cell key={g.gift_id} g={g} on={g.gift_id === selected} onPick={onPick} />
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
