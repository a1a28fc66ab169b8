import type { RechargePackage } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/icons';
import { formatCoins } from '../../../lib/money';
import { formatFen } from './money';
import { useLocalName } from '../../../locale/serverText';

interface Props {
  packages: RechargePackage[];
  selected: number | null;
  onSelect: (id: number) => void;
}

/** Recharge packages, three a row: coins, bonus, price in 元, a badge ("热门", "超值"). */
export function PackageGrid({ packages, selected, onSelect }: Props) {
  const { t } = useTranslation();
  const local = useLocalName();
  return (
    <div className="pkg-grid" role="radiogroup" aria-label={t('recharge.choose')}>
      {packages.map((p) => (
        <button
          key={p.id}
          type="button"
          role="radio"
          aria-checked={selected === p.id}
          className={`pkg ${selected === p.id ? 'pkg--on' : ''}`}
          data-testid={`pkg-${p.id}`}
          onClick={() => onSelect(p.id)}
        >
          {p.tag && <span className="pkg__tag">{local({ name: p.tag, names: p.tag_names })}</span>}
          <span className="pkg__coins">
            <CoinIcon size={18} />
            <b>{formatCoins(p.amount)}</b>
          </span>
          <span className={`pkg__bonus ${p.bonus > 0 ? '' : 'pkg__bonus--none'}`}>
            {p.bonus > 0 ? t('recharge.bonus', { n: formatCoins(p.bonus) }) : t('recharge.noBonus')}
          </span>
          <span className="pkg__price">¥{formatFen(p.price_fen)}</span>
        </button>
      ))}
    </div>
  );
}
