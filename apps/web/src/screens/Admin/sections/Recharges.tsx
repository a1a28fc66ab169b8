import { useState } from 'react';
import { Button, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AdminRechargeOrder } from '@app/contract';
import { useAdminQuery } from '../../../state/queries/admin';
import { DataTable } from '../parts/DataTable';
import { coins, when, yuan } from '../parts/format';
import { useMay } from '../parts/consoleRole';
import { Pager } from '../parts/Pager';
import { SearchBox } from '../parts/SearchBox';
import { UserCell } from '../parts/UserCell';
import { useRefund } from './useRefund';

type Status = 'pending' | 'paid' | 'cancelled' | 'refunded';
const SIZE = 20;

/** Recharge orders, newest first, each with every payment callback the provider sent (and its verdict). */
export function Recharges() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status | ''>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const { onRefund, dialog } = useRefund();
  const mayRefund = useMay()('adminRechargeRefund');
  const q = useAdminQuery('adminRecharges', { page, size: SIZE, ...(status ? { status } : {}), ...(search ? { order_no: search } : {}) });
  return (
    <section className="adm-card">
      <div className="adm-toolbar">
        <Selector
          columns={5}
          value={[status]}
          onChange={(v) => {
            setStatus((v[0] ?? '') as Status | '');
            setPage(1);
          }}
          options={[
            { label: t('admin.all'), value: '' },
            { label: t('admin.recharges.status_pending'), value: 'pending' },
            { label: t('admin.recharges.status_paid'), value: 'paid' },
            { label: t('admin.recharges.status_cancelled'), value: 'cancelled' },
            { label: t('admin.recharges.status_refunded'), value: 'refunded' },
          ]}
        />
        <SearchBox placeholder={t('admin.recharges.orderNo')} onSearch={(v) => (setSearch(v), setPage(1))} />
      </div>
      <DataTable<AdminRechargeOrder>
        testId="recharges"
        q={q}
        rowKey={(o) => o.order_no}
        empty={t('admin.recharges.empty')}
        expanded={(o) =>
          open === o.order_no ? (
            <div className="adm-callbacks">
              {o.callbacks.length === 0 && <span className="adm-muted">{t('admin.recharges.noCallbacks')}</span>}
              {o.callbacks.map((c) => (
                <div key={c.id} className="adm-callback">
                  <span className={`adm-tag ${c.verdict === 'credited' ? 'adm-tag--approved' : c.verdict === 'duplicate' ? '' : 'adm-tag--rejected'}`}>
                    {c.verdict}
                  </span>
                  <span>{when(c.created_at)}</span>
                  <span className="adm-muted">
                    {c.provider} · {c.ip ?? '—'}
                  </span>
                  <span className="adm-muted">{c.detail}</span>
                </div>
              ))}
            </div>
          ) : null
        }
        columns={[
          {
            key: 'no',
            title: t('admin.recharges.order'),
            render: (o) => (
              <div>
                <code>{o.order_no}</code>
                <div className="adm-muted">{o.trade_no ?? '—'}</div>
              </div>
            ),
          },
          { key: 'user', title: t('admin.col.user'), render: (o) => <UserCell user={o.user} /> },
          {
            key: 'pkg',
            title: t('admin.recharges.package'),
            render: (o) => (
              <div>
                {o.name}
                <div className="adm-muted">
                  {coins(o.amount)} + {coins(o.bonus)}
                </div>
              </div>
            ),
          },
          { key: 'price', title: t('admin.recharges.price'), align: 'right', render: (o) => <strong>{yuan(o.price_fen)}</strong> },
          {
            key: 'state',
            title: t('admin.col.status'),
            render: (o) => (
              <>
                <span className={`adm-tag adm-tag--${o.status === 'paid' ? 'approved' : o.status === 'pending' ? 'pending' : 'rejected'}`}>
                  {t(`admin.recharges.status_${o.status}`)}
                </span>
                {o.refund && o.refund.status !== 'refunded' && (
                  <div className="adm-muted" data-testid="refund-state">
                    {t(`admin.recharges.refund_${o.refund.status}`)}
                    {o.refund.error ? ` · ${o.refund.error}` : ''}
                  </div>
                )}
              </>
            ),
          },
          {
            key: 'at',
            title: t('admin.recharges.time'),
            render: (o) => (
              <div>
                {when(o.created_at)}
                <div className="adm-muted">{o.paid_at ? t('admin.recharges.paidAt', { at: when(o.paid_at) }) : ''}</div>
              </div>
            ),
          },
          {
            key: 'cb',
            title: t('admin.recharges.callbacks'),
            align: 'right',
            render: (o) => (
              <>
                <Button size="mini" fill="none" color="primary" onClick={() => setOpen(open === o.order_no ? null : o.order_no)}>
                  {t('admin.recharges.showCallbacks', { n: o.callbacks.length })}
                </Button>
                {mayRefund && (o.status === 'paid' || o.refund?.status === 'failed') && (
                  <Button size="mini" fill="none" color="danger" onClick={() => onRefund(o)}>
                    {o.refund && o.refund.status !== 'refunded' ? t('admin.recharges.retryRefund') : t('admin.recharges.refund')}
                  </Button>
                )}
              </>
            ),
          },
        ]}
      />
      <Pager page={page} size={SIZE} total={q.data?.total} onPage={setPage} />
      {dialog}
    </section>
  );
}
