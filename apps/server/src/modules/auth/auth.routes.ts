import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { originOf } from '../../http/origin.js';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

export function authRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { auth } = env.services;
  const o = env.limited;
  serve(app, api.login, o, ({ body, req }) => auth.login(body, originOf(req)));
  serve(app, api.register, o, ({ body, req }) => auth.register(body, originOf(req)));
  serve(app, api.forgetPassword, o, ({ body }) => auth.forgetPassword(body));
  serve(app, api.logout, o, ({ me }) => auth.logout(me));
}
