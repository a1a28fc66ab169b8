import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/** Stream health: the anchor's reports and reads, and the console's read of any live room. */
export function healthRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { health } = env.services;
  serve(app, api.liveHealthReport, env.plain, ({ me, body }) => health.report(me, body));
  serve(app, api.liveHealth, env.plain, ({ me, query }) => health.mine(me, query.room_id));
  serve(app, api.adminLiveHealth, env.plain, ({ query }) => health.forOperator(query.room_id));
}
