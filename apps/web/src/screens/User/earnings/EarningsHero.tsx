import type { Wallet } from '@app/contract';
import { formatMoney } from '@app/kit';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/icons';

interface Props {
  wallet: Wallet | undefined;
  collecting: boolean;
  onCollect: () => void;
}

/** The earnings card: pending earnings with the collect button, then collected and frozen balances. */
export function EarningsHero({ wallet, collecting, onCollect }: Props) {
  const { t } = useTranslation();
  const pending = wallet?.gift_pending ?? 0;
  return (
    <section className="balance-hero balance-hero--rose earn-hero">
      <div className="balance-hero__glow" aria-hidden />
      <div className="balance-hero__row">
        <div className="balance-hero__main">
          <div className="balance-hero__label">{t('shouyi.pending')}</div>
          <div className="balance-hero__amount">
            <CoinIcon size={26} />
            <span data-testid="earn-pending">{wallet ? formatMoney(pending) : '--'}</span>
          </div>
        </div>
        <Button shape="rounded" className="earn-hero__collect" loading={collecting} disabled={!wallet || pending <= 0} onClick={onCollect}>
          {t('shouyi.collect')}
        </Button>
      </div>
      <div className="earn-hero__stats">
        <div>
          <b data-testid="earn-available">{wallet ? formatMoney(wallet.gift_earnings) : '--'}</b>
          <span>{t('shouyi.available')}</span>
        </div>
        <div>
          <b>{wallet ? formatMoney(wallet.frozen) : '--'}</b>
          <span>{t('shouyi.frozen')}</span>
        </div>
      </div>
    </section>
  );
}
