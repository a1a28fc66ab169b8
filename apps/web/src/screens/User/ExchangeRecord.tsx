import type { ExchangeRecord as Row } from '@app/contract';
import { formatDateCN, formatMoney } from '@app/kit';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { useWallet } from '../../state/queries/finance';
import { useExchanges } from '../../state/queries/financeEarnings';
import { ExchangeForm } from './exchange/ExchangeForm';
import { CoinIcon, SwapIcon } from '../../components/icons';
import { PagedList } from './wallet/PagedList';
import './wallet/wallet.css';

function ExchangeRow({ r }: { r: Row }) {
  const { t } = useTranslation();
  return (
    <div className="w-row" data-testid="exchange-row">
      <span className="w-row__icon w-row__icon--exchange">
        <SwapIcon />
      </span>
      <div className="w-row__main">
        <div className="w-row__title">{t('exchange.rowTitle')}</div>
        <div className="w-row__sub">
          {t('exchange.rowSub', { amount: formatMoney(r.amount) })}
          {r.fee > 0 && ` · ${t('exchange.rowFee', { fee: formatMoney(r.fee) })}`}
        </div>
        <div className="w-row__time">{formatDateCN(r.created_at, 'YYYY-MM-DD HH:mm')}</div>
      </div>
      <div className="w-row__side">
        <div className="w-amount w-amount--in">
          <CoinIcon size={14} /> +{formatMoney(r.coin)}
        </div>
      </div>
    </div>
  );
}

/** 兑换记录 (/pages/user/exchangeRecord): exchange collected gift earnings into coins, and every past exchange. */
export default function ExchangeRecord() {
  const { t } = useTranslation();
  const wallet = useWallet();
  const q = useExchanges();
  return (
    <PageFrame title={t('page.exchangeRecord')} className="wallet-page">
      {wallet.isPending ? (
        <PageLoading />
      ) : wallet.isError ? (
        <LoadError onRetry={() => void wallet.refetch()} />
      ) : (
        <ExchangeForm available={wallet.data.gift_earnings} rules={wallet.data.rules} />
      )}
      <section className="card w-card">
        <div className="card-title">{t('exchange.records')}</div>
        <PagedList
          q={q}
          pull={false}
          keyOf={(r) => r.id}
          render={(r) => <ExchangeRow r={r} />}
          empty={t('exchange.noRecords')}
          emptyIcon={<SwapIcon />}
          testId="exchange-records"
          className="w-list--flat"
        />
      </section>
    </PageFrame>
  );
}
