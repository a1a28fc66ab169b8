import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { deviceOf } from '../../http/origin.js';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/** Web Push subscriptions of the caller's browsers (contract calls/push.ts). */
export function pushRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { push } = env.services;
  serve(app, api.pushSubscribe, env.plain, ({ me, body, req }) => push.subscribe(me.user.id, deviceOf(req), body));
  serve(app, api.pushUnsubscribe, env.plain, ({ me, body }) => push.unsubscribe(me.user.id, body.endpoint));
}
