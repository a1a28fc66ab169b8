import { useState } from 'react';
import { Button, Checkbox, Input, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MONEY_UNIT } from '@app/kit';
import { WEBHOOK_EVENTS, type WebhookEndpoint, type WebhookEvent } from '@app/contract';
import { showToast } from '../../../lib/toast';
import { useAdminAction, useAdminQuery } from '../../../state/queries/admin';
import { DataTable } from '../parts/DataTable';
import { coins, when } from '../parts/format';
import { WebhookDeliveries } from './WebhookDeliveries';

/** Webhooks: the operator's own systems hear of events, signed (SECURITY.md tells them how to check). */
export function Webhooks() {
  const { t } = useTranslation();
  const q = useAdminQuery('adminWebhooks');
  const toggle = useAdminAction('adminWebhookSetEnabled');
  const remove = useAdminAction('adminWebhookDelete');
  const [open, setOpen] = useState<number | null>(null);
  const shown = q.data?.list.find((e) => e.id === open);
  return (
    <div className="adm-stack">
      <NewEndpoint />
      <section className="adm-card">
        <h2>{t('admin.webhooks.endpoints')}</h2>
        <DataTable<WebhookEndpoint>
          testId="webhook-endpoints"
          q={q}
          rowKey={(e) => e.id}
          empty={t('admin.webhooks.none')}
          columns={[
            { key: 'url', title: 'URL', width: '30%', render: (e) => <code className="adm-detail">{e.url}</code> },
            { key: 'events', title: t('admin.webhooks.events'), render: (e) => e.events.join(', ') },
            { key: 'min', title: t('admin.webhooks.giftMin'), render: (e) => (e.events.includes('gift.sent') ? coins(e.gift_min_value) : '—') },
            { key: 'secret', title: t('admin.webhooks.secret'), render: (e) => <code>{e.secret_hint}</code> },
            { key: 'at', title: t('admin.webhooks.created'), render: (e) => <span className="adm-nowrap">{when(e.created_at)}</span> },
            {
              key: 'on',
              title: t('admin.webhooks.enabled'),
              render: (e) => <Switch checked={e.enabled} onChange={(enabled) => toggle.mutate({ id: e.id, enabled })} />,
            },
            {
              key: 'ops',
              title: '',
              render: (e) => (
                <div className="adm-actions">
                  <Button size="mini" color={open === e.id ? 'primary' : 'default'} onClick={() => setOpen(open === e.id ? null : e.id)}>
                    {t('admin.webhooks.deliveries')}
                  </Button>
                  <Button size="mini" color="danger" fill="outline" onClick={() => remove.mutate({ id: e.id })}>
                    {t('admin.webhooks.delete')}
                  </Button>
                </div>
              ),
            },
          ]}
        />
      </section>
      {shown && <WebhookDeliveries endpoint={shown} />}
    </div>
  );
}

/** The registration form; the new endpoint's secret is shown once, here. */
function NewEndpoint() {
  const { t } = useTranslation();
  const create = useAdminAction('adminWebhookCreate');
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [giftMin, setGiftMin] = useState('0');
  const [secret, setSecret] = useState('');
  return (
    <section className="adm-card">
      <h2>{t('admin.webhooks.add')}</h2>
      <form
        className="adm-form"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            { url, description, events, gift_min_value: Math.round(Number(giftMin) || 0) * MONEY_UNIT },
            {
              onSuccess: (made) => {
                setSecret(made.secret);
                setUrl('');
                setDescription('');
                showToast(t('admin.done'), 'success');
              },
            },
          );
        }}
      >
        <label className="adm-field">
          <span>URL</span>
          <Input value={url} onChange={setUrl} placeholder="https://example.com/hooks/live" data-testid="webhook-url" />
        </label>
        <label className="adm-field">
          <span>{t('admin.webhooks.description')}</span>
          <Input value={description} onChange={setDescription} />
        </label>
        <div className="adm-field">
          <span>{t('admin.webhooks.events')}</span>
          <Checkbox.Group value={events} onChange={(v) => setEvents(v as WebhookEvent[])}>
            <div className="adm-checks adm-checks--wrap">
              {WEBHOOK_EVENTS.map((ev) => (
                <Checkbox key={ev} value={ev}>
                  <code>{ev}</code>
                </Checkbox>
              ))}
            </div>
          </Checkbox.Group>
        </div>
        {events.includes('gift.sent') && (
          <label className="adm-field">
            <span>{t('admin.webhooks.giftMin')}</span>
            <Input type="number" value={giftMin} onChange={setGiftMin} />
          </label>
        )}
        <Button type="submit" color="primary" loading={create.isPending}>
          {t('admin.webhooks.add')}
        </Button>
      </form>
      {secret && (
        <p className="adm-note" data-testid="webhook-secret">
          {t('admin.webhooks.secretOnce')} <code>{secret}</code>
        </p>
      )}
    </section>
  );
}
