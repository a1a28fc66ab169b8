import { ErrorCode, type Api, type Page, type RouteBody, type RouteQuery, type WebhookDelivery, type WebhookEndpoint, type WebhookEvent } from '@app/contract';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/time.js';
import { BizError } from '../../http/errors.js';
import type { WebhookConfig } from './webhook.config.js';
import { newSecret } from './signature.js';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from './webhook.tables.js';
import { webhookRepository as repo } from './webhook.repository.js';

const endpointView = (e: WebhookEndpointRow): WebhookEndpoint => ({
  id: e.id,
  url: e.url,
  description: e.description,
  events: e.events.split(',') as WebhookEvent[],
  gift_min_value: Number(e.gift_min_value),
  enabled: Number(e.enabled) === 1,
  secret_hint: `…${e.secret.slice(-4)}`,
  created_at: e.created_at,
});

/** The console's side of webhooks: endpoints, their deliveries with every attempt, and resending. */
export class WebhookService {
  constructor(
    private readonly db: Db,
    private readonly config: WebhookConfig,
  ) {}

  async endpoints(): Promise<{ list: WebhookEndpoint[] }> {
    return { list: (await repo.endpoints(this.db.kysely)).map(endpointView) };
  }

  async create(input: RouteBody<Api['adminWebhookCreate']>) {
    const row = await repo.insertEndpoint(this.db.kysely, {
      url: input.url,
      description: input.description,
      secret: newSecret(),
      events: [...new Set(input.events)].join(','),
      gift_min_value: input.gift_min_value,
      enabled: 1,
      created_at: nowIso(),
    });
    return { ...endpointView(row), secret: row.secret };
  }

  async setEnabled(id: number, enabled: boolean): Promise<WebhookEndpoint> {
    await this.endpoint(id);
    await repo.setEnabled(this.db.kysely, id, enabled);
    return endpointView(await this.endpoint(id));
  }

  async remove(id: number): Promise<{ deleted: boolean }> {
    return { deleted: await this.db.tx((conn) => repo.deleteEndpoint(conn, id)) };
  }

  async deliveries(q: RouteQuery<Api['adminWebhookDeliveries']>): Promise<Page<WebhookDelivery>> {
    await this.endpoint(q.endpoint_id);
    const { rows, total } = await repo.deliveries(this.db.kysely, q.endpoint_id, q.status, q.page, q.size);
    const list = await this.views(rows);
    return { list, total, page: q.page, size: q.size, has_more: q.page * q.size < total };
  }

  async resend(id: number): Promise<WebhookDelivery> {
    if (!(await repo.delivery(this.db.kysely, id))) throw new BizError(ErrorCode.NOT_FOUND, '投递记录不存在');
    await repo.resend(this.db.kysely, id, nowIso());
    const [view] = await this.views([(await repo.delivery(this.db.kysely, id))!]);
    return view!;
  }

  private async endpoint(id: number): Promise<WebhookEndpointRow> {
    const row = await repo.endpoint(this.db.kysely, id);
    if (!row) throw new BizError(ErrorCode.NOT_FOUND, 'Webhook 端点不存在');
    return row;
  }

  private async views(rows: WebhookDeliveryRow[]): Promise<WebhookDelivery[]> {
    const attempts = await repo.attemptsOf(
      this.db.kysely,
      rows.map((r) => r.id),
    );
    const byDelivery = new Map<number, WebhookAttemptRow[]>();
    for (const a of attempts) byDelivery.set(a.delivery_id, [...(byDelivery.get(a.delivery_id) ?? []), a]);
    return rows.map((r) => ({
      id: r.id,
      endpoint_id: r.endpoint_id,
      event_id: r.event_id,
      event_type: r.event_type,
      payload: r.payload,
      status: r.status,
      attempts: r.attempts,
      next_at: r.status === 'pending' ? r.next_at : null,
      give_up_at: new Date(Date.parse(r.retry_from) + this.config.retryMs).toISOString(),
      created_at: r.created_at,
      delivered_at: r.delivered_at,
      log: (byDelivery.get(r.id) ?? []).map((a) => ({
        attempt: a.attempt,
        status_code: a.status_code,
        error: a.error,
        duration_ms: a.duration_ms,
        created_at: a.created_at,
      })),
    }));
  }
}
