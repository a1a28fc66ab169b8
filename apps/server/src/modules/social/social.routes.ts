import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/** Follows, fans, and another user's profile. */
export function socialRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { social } = env.services;
  serve(app, api.followAdd, env.plain, ({ me, body }) => social.follow(me.user.id, body.user_id));
  serve(app, api.followDel, env.plain, ({ me, query }) => social.unfollow(me.user.id, query.user_id));
  serve(app, api.followList, env.plain, ({ me, query }) => social.list(me.user.id, 'following', query.page, query.size));
  serve(app, api.fansList, env.plain, ({ me, query }) => social.list(me.user.id, 'fans', query.page, query.size));
  serve(app, api.userProfile, env.plain, ({ me, query }) => social.profile(me.user.id, query.user_id));
}
