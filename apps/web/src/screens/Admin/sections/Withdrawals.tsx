import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Api, RouteData } from '@app/contract';
import { useAdminAction, useAdminQuery } from '../../../state/queries/admin';
import { showToast } from '../../../lib/toast';
import { useMay } from '../parts/consoleRole';
import { DataTable } from '../parts/DataTable';
import { useFormDialog } from '../parts/FormDialog';
import { coins, newRequestId, when, yuan } from '../parts/format';
import { Pager } from '../parts/Pager';
import { usePagedFilter } from '../parts/usePagedFilter';
import { reviewTabs, StatusTabs } from '../parts/StatusTabs';
import { UserCell } from '../parts/UserCell';

type Row = RouteData<Api['adminWithdrawals']>['list'][number];
type Status = 'pending' | 'approved' | 'rejected';
const SIZE = 20;

/** Withdrawal orders: approve (paid out, the fee to the platform) or reject with a reason (the amount returns to the user). */
export function Withdrawals() {
  const { t } = useTranslation();
  const { filter: status, setFilter: setStatus, page, setPage } = usePagedFilter<Status>('pending');
  const q = useAdminQuery('adminWithdrawals', { status, page, size: SIZE });
  const approve = useAdminAction('adminWithdrawApprove');
  const reject = useAdminAction('adminWithdrawReject');
  const { ask, dialog } = useFormDialog();
  // Support reads the orders; only finance (and the owner) pays out or returns them.
  const mayReview = useMay()('adminWithdrawApprove');

  const onApprove = async (w: Row) => {
    const ok = await Dialog.confirm({ content: t('admin.withdrawals.approveConfirm', { amount: yuan(w.payout_fen), name: w.account_name }) });
    if (!ok) return;
    await approve.mutateAsync({ request_id: newRequestId(), id: w.id });
    showToast(t('admin.done'), 'success');
  };
  const onReject = (w: Row) =>
    ask({
      title: t('admin.withdrawals.rejectTitle', { no: w.order_no }),
      description: t('admin.withdrawals.rejectDesc', { amount: coins(w.amount) }),
      fields: [{ name: 'reason', label: t('admin.reason'), kind: 'textarea' }],
      confirm: t('admin.withdrawals.reject'),
      danger: true,
      onSubmit: async (v) => {
        await reject.mutateAsync({ request_id: newRequestId(), id: w.id, reason: v.reason ?? '' });
        showToast(t('admin.done'), 'success');
      },
    });

  return (
    <section className="adm-card">
      <StatusTabs value={status} onChange={setStatus} tabs={reviewTabs(t, t('admin.withdrawals.paid'))} />
      <DataTable<Row>
        testId="withdrawals"
        q={q}
        rowKey={(w) => w.id}
        empty={t('admin.withdrawals.empty')}
        columns={[
          {
            key: 'no',
            title: t('admin.withdrawals.order'),
            render: (w) => (
              <div>
                <code>{w.order_no}</code>
                <div className="adm-muted">{when(w.created_at)}</div>
              </div>
            ),
          },
          { key: 'user', title: t('admin.col.user'), render: (w) => <UserCell user={w.user} /> },
          {
            key: 'to',
            title: t('admin.withdrawals.to'),
            render: (w) => (
              <div>
                {t(`admin.platform.${w.platform}`)} · {w.account}
                <div className="adm-muted">{w.account_name}</div>
              </div>
            ),
          },
          {
            key: 'amount',
            title: t('admin.withdrawals.amount'),
            align: 'right',
            render: (w) => (
              <div>
                <strong>{coins(w.amount)}</strong>
                <div className="adm-muted">{t('admin.withdrawals.fee', { fee: coins(w.fee) })}</div>
              </div>
            ),
          },
          { key: 'payout', title: t('admin.withdrawals.payout'), align: 'right', render: (w) => yuan(w.payout_fen) },
          {
            key: 'state',
            title: t('admin.col.status'),
            render: (w) => (
              <div>
                <span className={`adm-tag adm-tag--${w.status}`}>{t(`admin.withdrawals.status_${w.status}`)}</span>
                {w.reason && <div className="adm-muted">{w.reason}</div>}
              </div>
            ),
          },
          {
            key: 'act',
            title: t('admin.col.actions'),
            align: 'right',
            render: (w) =>
              w.status === 'pending' && mayReview ? (
                <div className="adm-actions">
                  <Button size="mini" color="primary" onClick={() => void onApprove(w).catch(() => undefined)}>
                    {t('admin.withdrawals.approve')}
                  </Button>
                  <Button size="mini" color="danger" fill="outline" onClick={() => onReject(w)}>
                    {t('admin.withdrawals.reject')}
                  </Button>
                </div>
              ) : (
                <span className="adm-muted">{when(w.reviewed_at)}</span>
              ),
          },
        ]}
      />
      <Pager page={page} size={SIZE} total={q.data?.total} onPage={setPage} />
      {dialog}
    </section>
  );
}
