import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { PaymentMismatch } from '@app/contract';
import { showToast } from '../../../lib/toast';
import { useAdminAction, useAdminQuery } from '../../../state/queries/admin';
import { useRechargeCategory } from '../../../state/queries/finance';
import { useMay } from '../parts/consoleRole';
import { DataTable } from '../parts/DataTable';
import { when, yuan } from '../parts/format';
import { Pager } from '../parts/Pager';

const SIZE = 20;

/** The daily reconciliation of each provider's settled payments against the ledger: every mismatch, the last runs, and a run now. */
export function Reconcile() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useAdminQuery('adminPayMismatches', { page, size: SIZE });
  const run = useAdminAction('adminPayReconcile');
  const mayRun = useMay()('adminPayReconcile');
  // Providers that keep records of their own (the sandbox keeps none).
  const providers = (useRechargeCategory().data?.providers ?? []).filter((p) => p !== 'sandbox');
  const runNow = async (provider: (typeof providers)[number]) => {
    const r = await run.mutateAsync({ provider, hours: 24 });
    showToast(t('admin.reconcile.ran', r), r.mismatches > 0 ? 'fail' : 'success');
  };
  return (
    <section className="adm-card">
      <p className="adm-muted">{t('admin.reconcile.desc')}</p>
      <div className="adm-toolbar">
        {mayRun &&
          providers.map((p) => (
            <Button key={p} size="small" color="primary" loading={run.isPending} onClick={() => void runNow(p)}>
              {p} · {t('admin.reconcile.runNow')}
            </Button>
          ))}
      </div>
      <ul className="adm-muted" data-testid="reconcile-runs">
        {(q.data?.runs ?? []).slice(0, 5).map((r) => (
          <li key={`${r.provider}${r.ran_at}`}>{t('admin.reconcile.run', { ...r, from: when(r.from_at), to: when(r.to_at) })}</li>
        ))}
      </ul>
      <DataTable<PaymentMismatch>
        testId="mismatches"
        q={q}
        rowKey={(m) => m.id}
        empty={t('admin.reconcile.empty')}
        columns={[
          {
            key: 'kind',
            title: t('admin.reconcile.kind'),
            render: (m) => (
              <span className={`adm-tag ${m.kind === 'unsettled_credit' || m.kind === 'missing_credit' ? 'adm-tag--rejected' : 'adm-tag--pending'}`}>
                {t(`admin.reconcile.kind_${m.kind}`)}
              </span>
            ),
          },
          {
            key: 'no',
            title: t('admin.reconcile.order'),
            render: (m) => (
              <div>
                <code>{m.order_no || '—'}</code>
                <div className="adm-muted">
                  {m.provider} · {m.trade_no || '—'}
                </div>
              </div>
            ),
          },
          { key: 'amount', title: t('admin.reconcile.amount'), align: 'right', render: (m) => <strong>{yuan(m.amount_fen)}</strong> },
          { key: 'detail', title: '', render: (m) => <span className="adm-muted">{m.detail}</span> },
          { key: 'at', title: t('admin.reconcile.found'), render: (m) => when(m.found_at) },
        ]}
      />
      <Pager page={page} size={SIZE} total={q.data?.total} onPage={setPage} />
    </section>
  );
}
