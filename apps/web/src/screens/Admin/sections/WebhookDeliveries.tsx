import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery, WebhookEndpoint } from '@app/contract';
import { useAdminAction, useAdminQuery } from '../../../state/queries/admin';
import { DataTable } from '../parts/DataTable';
import { when } from '../parts/format';
import { Pager } from '../parts/Pager';

const SIZE = 20;
const TAG = { pending: 'pending', delivered: 'approved', failed: 'rejected' } as const;

/** One endpoint's deliveries, newest first, each with every attempt; any can be sent again. */
export function WebhookDeliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useAdminQuery('adminWebhookDeliveries', { endpoint_id: endpoint.id, page, size: SIZE }, { refetchMs: 5000 });
  const resend = useAdminAction('adminWebhookResend');
  return (
    <section className="adm-card">
      <h2>
        {t('admin.webhooks.deliveries')} · <code>{endpoint.url}</code>
      </h2>
      <DataTable<WebhookDelivery>
        testId="webhook-deliveries"
        q={q}
        rowKey={(d) => d.id}
        empty={t('admin.webhooks.noDeliveries')}
        expanded={(d) =>
          d.log.length > 0 && (
            <ul className="adm-log">
              {d.log.map((a) => (
                <li key={a.attempt}>
                  #{a.attempt} {when(a.created_at)} · {a.status_code ?? '—'} {a.error && `· ${a.error}`} · {a.duration_ms} ms
                </li>
              ))}
            </ul>
          )
        }
        columns={[
          { key: 'at', title: t('admin.webhooks.created'), render: (d) => <span className="adm-nowrap">{when(d.created_at)}</span> },
          { key: 'type', title: t('admin.webhooks.event'), render: (d) => <code>{d.event_type}</code> },
          { key: 'id', title: 'ID', render: (d) => <code className="adm-muted">{d.event_id}</code> },
          {
            key: 'status',
            title: t('admin.webhooks.status'),
            render: (d) => <span className={`adm-tag adm-tag--${TAG[d.status]}`}>{t(`admin.webhooks.state.${d.status}`)}</span>,
          },
          { key: 'n', title: t('admin.webhooks.attempts'), align: 'right', render: (d) => d.attempts },
          { key: 'next', title: t('admin.webhooks.next'), render: (d) => <span className="adm-nowrap">{when(d.next_at)}</span> },
          {
            key: 'ops',
            title: '',
            render: (d) => (
              <Button size="mini" onClick={() => resend.mutate({ id: d.id })} data-testid={`webhook-resend-${d.id}`}>
                {t('admin.webhooks.resend')}
              </Button>
            ),
          },
        ]}
      />
      <Pager page={page} size={SIZE} total={q.data?.total} onPage={setPage} />
    </section>
  );
}
