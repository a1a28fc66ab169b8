import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/** Lucky bags (contract calls/luckyBag.ts); the operator's audit of a draw too. */
export function luckyBagRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { luckyBags } = env.services;
  const o = env.plain;
  serve(app, api.luckyBagCreate, o, ({ me, body }) => luckyBags.create(me.user.id, body));
  serve(app, api.luckyBagEnter, o, ({ me, body }) => luckyBags.enter(me.user.id, body.bag_id));
  serve(app, api.luckyBagRoom, o, ({ auth, query }) => luckyBags.ofRoom(query.room_id, auth?.user.id ?? null));
  serve(app, api.adminLuckyBagAudit, o, ({ query }) => luckyBags.audit(query.bag_id));
}
