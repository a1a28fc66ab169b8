import type { RechargeOrder } from '@app/contract';
import { Button, CenterPopup, SpinLoading } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/icons';
import { formatCoins } from '../../../lib/money';
import { formatFen } from './money';

interface Props {
  visible: boolean;
  order: RechargeOrder | null;
  onReopen: () => void;
  onClose: () => void;
}

/** While the checkout page is open: waiting for the provider, then paid (coins credited) or cancelled. */
export function PayWaiting({ visible, order, onReopen, onClose }: Props) {
  const { t } = useTranslation();
  const status = order?.status ?? 'pending';
  return (
    <CenterPopup visible={visible} bodyClassName="pay-wait" destroyOnClose>
      <div className="pay-wait__body" data-testid="pay-wait" data-status={status}>
        {status === 'pending' && (
          <>
            <SpinLoading color="primary" style={{ '--size': '44px' }} />
            <div className="pay-wait__title">{t('recharge.waiting')}</div>
            <div className="pay-wait__desc">{t('recharge.waitingDesc')}</div>
          </>
        )}
        {status === 'paid' && (
          <>
            <CheckCircleFill className="pay-wait__icon pay-wait__icon--ok" />
            <div className="pay-wait__title">{t('recharge.success')}</div>
            <div className="pay-wait__coins">
              <CoinIcon size={20} />+{formatCoins((order?.amount ?? 0) + (order?.bonus ?? 0))}
            </div>
          </>
        )}
        {status === 'cancelled' && (
          <>
            <CloseCircleFill className="pay-wait__icon pay-wait__icon--bad" />
            <div className="pay-wait__title">{t('recharge.cancelled')}</div>
          </>
        )}
        {order && (
          <div className="pay-wait__order">
            <span>{order.name}</span>
            <span>¥{formatFen(order.price_fen)}</span>
          </div>
        )}
        <div className="pay-wait__actions">
          {status === 'pending' ? (
            <>
              <Button block shape="rounded" className="brand-button" onClick={onReopen}>
                {t('recharge.reopen')}
              </Button>
              <Button block shape="rounded" fill="none" onClick={onClose}>
                {t('recharge.payLater')}
              </Button>
            </>
          ) : (
            <Button block shape="rounded" className="brand-button" onClick={onClose}>
              {t('recharge.done')}
            </Button>
          )}
        </div>
      </div>
    </CenterPopup>
  );
}
