import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

export function configRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { config } = env.services;
  serve(app, api.commonConfig, env.plain, () => config.systemConfig());
  serve(app, api.currency, env.plain, async ({ query }) => config.currency(query.lang));
  serve(app, api.languagePack, env.plain, async ({ query }) => config.languagePack(query.lang));
}
