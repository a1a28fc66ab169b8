import { useRef } from 'react';
import { formatMoney } from '@app/kit';
import { CollectMoneyOutline, GiftOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths';
import { PageFrame } from '../../components/PageFrame';
import { showToast } from '../../lib/toast';
import { newRequestId } from '../../state/queries/finance';
import { useCollectEarnings, useGiftRecords, useGiftStats } from '../../state/queries/financeEarnings';
import { EarningsChart } from './earnings/EarningsChart';
import { EarningsHero } from './earnings/EarningsHero';
import { GiftRow } from './earnings/GiftRow';
import { SwapIcon } from '../../components/icons';
import { PagedList } from './wallet/PagedList';
import './wallet/wallet.css';

/** 礼物收益 (/pages/user/shouyi): pending earnings to collect, the trend by day, received gifts, exchange and withdraw. */
export default function Shouyi() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stats = useGiftStats(7);
  const gifts = useGiftRecords('received');
  const collect = useCollectEarnings();
  // One key per collect action, kept until it succeeds so a retry after a lost answer moves nothing twice.
  const key = useRef(newRequestId());

  const onCollect = () =>
    collect.mutate(key.current, {
      onSuccess: (res) => {
        key.current = newRequestId();
        showToast(res.collected > 0 ? t('shouyi.collected', { n: formatMoney(res.collected) }) : t('shouyi.nothingToCollect'), 'success');
      },
    });

  return (
    <PageFrame title={t('page.shouyi')} className="wallet-page">
      <EarningsHero wallet={stats.data?.wallet} collecting={collect.isPending} onCollect={onCollect} />
      <div className="earn-actions">
        <button type="button" className="earn-action" onClick={() => navigate(PATHS.exchangeRecord)}>
          <span className="earn-action__icon earn-action__icon--exchange">
            <SwapIcon />
          </span>
          <span className="earn-action__text">
            <b>{t('shouyi.toExchange')}</b>
            <small>{t('shouyi.toExchangeDesc')}</small>
          </span>
          <RightOutline className="earn-action__arrow" />
        </button>
        <button type="button" className="earn-action" onClick={() => navigate(PATHS.withdraw)}>
          <span className="earn-action__icon earn-action__icon--withdraw">
            <CollectMoneyOutline />
          </span>
          <span className="earn-action__text">
            <b>{t('shouyi.toWithdraw')}</b>
            <small>{t('shouyi.toWithdrawDesc')}</small>
          </span>
          <RightOutline className="earn-action__arrow" />
        </button>
      </div>
      <EarningsChart />
      <section className="card w-card">
        <div className="card-title">{t('shouyi.received')}</div>
        <PagedList
          q={gifts}
          pull={false}
          keyOf={(g) => g.id}
          render={(g) => <GiftRow g={g} />}
          empty={t('shouyi.noGifts')}
          emptyDesc={t('shouyi.noGiftsDesc')}
          emptyIcon={<GiftOutline />}
          testId="gift-records"
          className="w-list--flat"
        />
      </section>
    </PageFrame>
  );
}
