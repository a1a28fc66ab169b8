import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/** The creator dashboard: an anchor's income, lives and one live's figures. */
export function creatorRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { creator } = env.services;
  serve(app, api.creatorEarnings, env.plain, ({ me }) => creator.earnings(me));
  serve(app, api.creatorLives, env.plain, ({ me, query }) => creator.lives(me, query));
  serve(app, api.creatorLive, env.plain, ({ me, query }) => creator.live(me, query.id));
}
