import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/** Red envelopes (contract calls/redEnvelope.ts). */
export function envelopeRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { envelopes } = env.services;
  const o = env.plain;
  serve(app, api.envelopeSend, o, ({ me, body }) => envelopes.send(me.user.id, body));
  serve(app, api.envelopeGrab, o, ({ me, body }) => envelopes.grab(me.user.id, body.envelope_id));
  serve(app, api.envelopeRoom, o, ({ query }) => envelopes.ofRoom(query.room_id));
  serve(app, api.envelopeDetail, o, ({ auth, query }) => envelopes.detail(query.envelope_id, auth?.user.id ?? null));
}
