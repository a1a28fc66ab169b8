import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/** Fan clubs, go-live alert switches and the VIP page (contract calls/live.ts). */
export function fanClubRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { fanClubs, goLive, finance } = env.services;
  const o = env.plain;
  serve(app, api.vipStatus, o, ({ me }) => finance.levels.status(me.user.id));
  serve(app, api.fanClubInfo, o, ({ auth, query }) => fanClubs.info(auth?.user.id, query.anchor_id));
  serve(app, api.fanClubJoin, o, ({ me, body }) => fanClubs.join(me.user.id, body));
  serve(app, api.fanClubLeave, o, ({ me, body }) => fanClubs.leave(me.user.id, body.anchor_id));
  serve(app, api.fanClubMine, o, ({ me }) => fanClubs.mine(me.user.id));
  serve(app, api.liveAlertGet, o, ({ me, query }) => goLive.get(me.user.id, query.anchor_id));
  serve(app, api.liveAlertSet, o, ({ me, body }) => goLive.set(me.user.id, body.anchor_id, body.on));
}
