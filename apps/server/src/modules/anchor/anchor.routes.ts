import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/** Anchor applications and their review by operators. */
export function anchorRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { anchor } = env.services;
  serve(app, api.anchorApply, env.plain, ({ me, body }) => anchor.apply(me, body));
  serve(app, api.anchorApplyStatus, env.plain, ({ me }) => anchor.status(me.user.id));
  serve(app, api.adminAnchorApplications, env.plain, ({ query }) => anchor.list(query));
  serve(app, api.adminAnchorApprove, env.plain, ({ me, body }) => anchor.review(me, body.user_id, 'approved', null));
  serve(app, api.adminAnchorReject, env.plain, ({ me, body }) => anchor.review(me, body.user_id, 'rejected', body.reason));
}
