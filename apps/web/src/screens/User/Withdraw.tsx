import { formatMoney } from '@app/kit';
import { CollectMoneyOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { useWithdrawals, useWithdrawPlatforms } from '../../state/queries/financeEarnings';
import { BalanceHero } from './wallet/BalanceHero';
import { PagedList } from './wallet/PagedList';
import { WithdrawForm } from './withdraw/WithdrawForm';
import { WithdrawRow } from './withdraw/WithdrawRow';
import './wallet/wallet.css';

/** 提现 (/pages/user/withdraw): withdraw collected gift earnings to a bank card, Alipay or WeChat; the records below. */
export default function Withdraw() {
  const { t } = useTranslation();
  const info = useWithdrawPlatforms();
  const records = useWithdrawals();
  return (
    <PageFrame title={t('withdraw.title')} className="wallet-page">
      <BalanceHero
        tone="rose"
        label={t('withdraw.withdrawable')}
        amount={info.data?.withdrawable}
        testId="withdrawable"
        footer={
          info.data &&
          t('withdraw.heroRules', { min: formatMoney(info.data.min_amount), fee: (info.data.fee_bp / 100).toFixed(info.data.fee_bp % 100 ? 1 : 0) })
        }
      />
      {info.isPending ? <PageLoading /> : info.isError ? <LoadError onRetry={() => void info.refetch()} /> : <WithdrawForm info={info.data} />}
      <section className="card w-card">
        <div className="card-title">{t('withdraw.records')}</div>
        <PagedList
          q={records}
          pull={false}
          keyOf={(w) => w.id}
          render={(w) => <WithdrawRow w={w} />}
          empty={t('withdraw.noRecords')}
          emptyIcon={<CollectMoneyOutline />}
          testId="withdraw-records"
          className="w-list--flat"
        />
      </section>
    </PageFrame>
  );
}
