import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/** Console calls of webhooks (operators only; every write audited by the route layer). */
export function webhookRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { webhooks } = env.services;
  const o = env.plain;
  serve(app, api.adminWebhooks, o, () => webhooks.endpoints());
  serve(app, api.adminWebhookCreate, o, ({ body }) => webhooks.create(body));
  serve(app, api.adminWebhookSetEnabled, o, ({ body }) => webhooks.setEnabled(body.id, body.enabled));
  serve(app, api.adminWebhookDelete, o, ({ body }) => webhooks.remove(body.id));
  serve(app, api.adminWebhookDeliveries, o, ({ query }) => webhooks.deliveries(query));
  serve(app, api.adminWebhookResend, o, ({ body }) => webhooks.resend(body.id));
}
