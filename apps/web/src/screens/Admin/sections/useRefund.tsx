import { useTranslation } from 'react-i18next';
import type { AdminRechargeOrder } from '@app/contract';
import { showToast } from '../../../lib/toast';
import { useAdminAction } from '../../../state/queries/admin';
import { useFormDialog } from '../parts/FormDialog';
import { coins, yuan } from '../parts/format';

/** The refund of a paid recharge: a reason, then the server's answer (refunded, held when the coins were spent, or failed at the provider). */
export function useRefund() {
  const { t } = useTranslation();
  const refund = useAdminAction('adminRechargeRefund');
  const { ask, dialog } = useFormDialog();
  const onRefund = (o: AdminRechargeOrder) =>
    ask({
      title: t('admin.recharges.refundTitle', { no: o.order_no }),
      description: t('admin.recharges.refundDesc', { coins: coins(o.amount + o.bonus), amount: yuan(o.price_fen) }),
      fields: [{ name: 'reason', label: t('admin.reason'), kind: 'textarea', initial: o.refund?.reason ?? '' }],
      confirm: t('admin.recharges.refund'),
      danger: true,
      onSubmit: async (v) => {
        const r = await refund.mutateAsync({ order_no: o.order_no, reason: v.reason ?? '' });
        showToast(t(`admin.recharges.refund_${r.status}`), r.status === 'refunded' ? 'success' : 'fail');
      },
    });
  return { onRefund, dialog };
}
