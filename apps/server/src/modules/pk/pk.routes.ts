import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/** PK battles (contract calls/pk.ts). */
export function pkRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { pk } = env.services;
  const o = env.plain;
  serve(app, api.pkAnchors, o, ({ me, query }) => pk.anchors(me.user.id, query.page, query.size));
  serve(app, api.pkInvite, o, ({ me, body }) => pk.invite(me.user.id, body));
  serve(app, api.pkAnswer, o, ({ me, body }) => pk.answer(me.user.id, body));
  serve(app, api.pkCancel, o, ({ me, body }) => pk.cancel(me.user.id, body.battle_id));
  serve(app, api.pkEnd, o, ({ me, body }) => pk.end(me.user.id, body.battle_id));
  serve(app, api.pkMatch, o, ({ me, body }) => pk.match(me.user.id, body.duration_s));
  serve(app, api.pkMatchCancel, o, ({ me }) => pk.matchCancel(me.user.id));
  serve(app, api.pkRoom, o, ({ auth, query }) => pk.ofRoom(query.room_id, auth?.user.id ?? null));
  serve(app, api.pkMedia, o, ({ me, body }) => pk.mediaFor(me, body.room_id));
  serve(app, api.pkHistory, o, ({ query }) => pk.history(query.anchor_id, query.page, query.size));
  serve(app, api.pkRank, o, ({ auth, query }) => pk.rank(auth && !auth.user.is_guest ? auth.user.id : null, query.size));
}
