import type { RechargeOrder, RechargeStatus } from '@app/contract';
import { formatDateCN } from '@app/kit';
import { ReceiptOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths';
import { PageFrame } from '../../components/PageFrame';
import { useRechargeOrders } from '../../state/queries/finance';
import { CoinIcon } from '../../components/icons';
import { formatCoins } from '../../lib/money';
import { formatFen } from './wallet/money';
import { PagedList } from './wallet/PagedList';
import { StatusChip, type ChipTone } from './wallet/StatusChip';
import './wallet/wallet.css';
import { MONEY_UNIT } from '@app/kit';

const TONE: Record<RechargeStatus, ChipTone> = { paid: 'ok', pending: 'wait', cancelled: 'muted', refunded: 'muted' };

function OrderRow({ o }: { o: RechargeOrder }) {
  const { t } = useTranslation();
  return (
    <div className="w-row" data-testid="recharge-row" data-status={o.status}>
      <span className="w-row__icon w-row__icon--coin">
        <CoinIcon size={22} />
      </span>
      <div className="w-row__main">
        <div className="w-row__title">
          {t('wallet.sub.recharge', { coins: o.amount / MONEY_UNIT })} <StatusChip tone={TONE[o.status]}>{t(`recharge.status.${o.status}`)}</StatusChip>
        </div>
        <div className="w-row__sub">{t('recharge.orderNo', { no: o.order_no })}</div>
        <div className="w-row__time">{formatDateCN(o.paid_at ?? o.created_at, 'YYYY-MM-DD HH:mm')}</div>
      </div>
      <div className="w-row__side">
        <div className={`w-amount ${o.status === 'paid' ? 'w-amount--in' : 'w-amount--muted'}`}>+{formatCoins(o.amount + o.bonus)}</div>
        <div className="w-row__time">¥{formatFen(o.price_fen)}</div>
        {o.status === 'pending' && o.pay_url && (
          <a className="w-row__action" href={o.pay_url} target="_blank" rel="noopener">
            {t('recharge.continuePay')}
          </a>
        )}
      </div>
    </div>
  );
}

/** 充值记录 (/pages/user/rechargeRecord): every recharge order with its status. */
export default function RechargeRecord() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useRechargeOrders();
  return (
    <PageFrame title={t('page.rechargeRecord')} className="wallet-page">
      <PagedList
        q={q}
        keyOf={(o) => o.order_no}
        render={(o) => <OrderRow o={o} />}
        empty={t('recharge.noRecords')}
        emptyIcon={<ReceiptOutline />}
        emptyAction={{ label: t('recharge.goRecharge'), onClick: () => navigate(PATHS.recharge) }}
        testId="recharge-records"
      />
    </PageFrame>
  );
}
