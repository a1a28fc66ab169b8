import { formatMoney } from '@app/kit';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { currentLang } from '../../../locale/i18n';
import { useCurrency } from '../../../state/queries/currency';

/** Coin balance (user/info coin ÷ 10000) in the currency of the language, with a recharge button. */
export function WalletCard({ coin }: { coin: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currency = useCurrency(currentLang());
  const name = currency.data?.name ?? t('currency.coin');
  const decimals = currency.data?.decimals ?? 2;
  return (
    <section className="wallet-card" data-testid="wallet-card">
      <div>
        <div className="wallet-card__label">{t('user.balance')}</div>
        <div className="wallet-card__amount">
          {currency.data?.symbol && <small>{currency.data.symbol}</small>}
          <span data-testid="coin-balance">{formatMoney(coin, decimals)}</span>
          <small className="wallet-card__unit">{name}</small>
        </div>
      </div>
      <Button shape="rounded" size="small" className="wallet-card__btn" onClick={() => navigate(PATHS.recharge)}>
        {t('user.recharge')}
      </Button>
    </section>
  );
}
