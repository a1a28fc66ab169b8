import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

export function userRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { user } = env.services;
  serve(app, api.userInfo, env.plain, ({ me }) => user.mine(me));
  serve(app, api.updateUserInfo, env.plain, ({ me, body }) => user.update(me, body));
}
