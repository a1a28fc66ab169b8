import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/** Operator calls; the rules live in the services of the areas they change. */
export function adminRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { config, message, home } = env.services;
  serve(app, api.adminSetFlags, env.plain, ({ body }) => config.setFlags(body));
  serve(app, api.adminSendNotice, env.plain, ({ body }) => message.send(body));
  serve(app, api.adminCreateBulletin, env.plain, ({ body }) => home.createBulletin(body));
}
