import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MONEY_UNIT } from '@app/kit';
import { useAdminAction, useAdminQuery } from '../../../state/queries/admin';
import { showToast } from '../../../lib/toast';
import { useMay } from '../parts/consoleRole';
import { useFormDialog } from '../parts/FormDialog';
import { coins, newRequestId, when } from '../parts/format';
import { labelOf } from '../parts/label';
import { Pager } from '../parts/Pager';

const SIZE = 10;

/** A user's balances and every movement of them; a correcting transfer (with its reason) instead of an edit. */
export function LedgerPanel({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useAdminQuery('adminLedger', { user_id: userId, page, size: SIZE });
  const adjust = useAdminAction('adminAdjust');
  const may = useMay();
  const { ask, dialog } = useFormDialog();
  const w = q.data?.wallet;

  const onAdjust = () =>
    ask({
      title: t('admin.ledger.adjustTitle', { name: q.data?.user.nickname ?? '' }),
      description: t('admin.ledger.adjustDesc'),
      fields: [
        {
          name: 'account',
          label: t('admin.ledger.account'),
          kind: 'select',
          options: [
            { value: 'coin', label: t('admin.ledger.coin') },
            { value: 'gift_earnings', label: t('admin.ledger.earnings') },
          ],
        },
        {
          name: 'direction',
          label: t('admin.ledger.direction'),
          kind: 'select',
          options: [
            { value: 'credit', label: t('admin.ledger.credit') },
            { value: 'debit', label: t('admin.ledger.debit') },
          ],
        },
        { name: 'amount', label: t('admin.ledger.amount'), kind: 'number', placeholder: '10' },
        { name: 'reason', label: t('admin.reason'), kind: 'textarea' },
      ],
      confirm: t('admin.ledger.adjust'),
      onSubmit: async (v) => {
        // Coins as typed (up to 2 decimals) → 1/10000 units; the server refuses anything not a positive integer.
        const amount = Math.round(Number(v.amount) * 100) * (MONEY_UNIT / 100);
        await adjust.mutateAsync({
          request_id: newRequestId(),
          user_id: userId,
          account: v.account as 'coin' | 'gift_earnings',
          direction: v.direction as 'credit' | 'debit',
          amount,
          reason: v.reason ?? '',
        });
        showToast(t('admin.done'), 'success');
      },
    });

  return (
    <div className="adm-ledger" data-testid="ledger-panel">
      <div className="adm-ledger__head">
        <div className="adm-balances">
          <span>
            {t('admin.ledger.coin')} <strong data-testid="ledger-coin">{w ? coins(w.coin) : '—'}</strong>
          </span>
          <span>
            {t('admin.ledger.pending')} <strong>{w ? coins(w.gift_pending) : '—'}</strong>
          </span>
          <span>
            {t('admin.ledger.earnings')} <strong data-testid="ledger-earnings">{w ? coins(w.gift_earnings) : '—'}</strong>
          </span>
          <span>
            {t('admin.ledger.frozen')} <strong>{w ? coins(w.frozen) : '—'}</strong>
          </span>
        </div>
        {may('adminAdjust') && (
          <Button size="mini" color="primary" onClick={onAdjust}>
            {t('admin.ledger.adjust')}
          </Button>
        )}
      </div>
      <table className="adm-table adm-table--inner">
        <thead>
          <tr>
            <th>{t('admin.ledger.time')}</th>
            <th>{t('admin.ledger.type')}</th>
            <th>{t('admin.ledger.account')}</th>
            <th style={{ textAlign: 'right' }}>{t('admin.ledger.amount')}</th>
            <th style={{ textAlign: 'right' }}>{t('admin.ledger.balance')}</th>
            <th>{t('admin.ledger.remark')}</th>
          </tr>
        </thead>
        <tbody>
          {q.data?.list.map((e) => (
            <tr key={e.id}>
              <td>{when(e.created_at)}</td>
              <td>{labelOf(i18n, `admin.moneyType.${e.type}`, e.type)}</td>
              <td>{t(`admin.ledger.acct_${e.account}`)}</td>
              <td style={{ textAlign: 'right' }} className={e.amount < 0 ? 'adm-neg' : 'adm-pos'}>
                {e.amount > 0 ? '+' : ''}
                {coins(e.amount)}
              </td>
              <td style={{ textAlign: 'right' }}>{coins(e.balance)}</td>
              <td className="adm-muted">{e.remark}</td>
            </tr>
          ))}
          {q.data?.list.length === 0 && (
            <tr>
              <td colSpan={6} className="adm-table__empty">
                {t('admin.ledger.empty')}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <Pager page={page} size={SIZE} total={q.data?.total} onPage={setPage} />
      {dialog}
    </div>
  );
}
