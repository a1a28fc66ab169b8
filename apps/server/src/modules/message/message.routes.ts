import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

export function messageRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { message } = env.services;
  serve(app, api.messageFetch, env.plain, ({ me, query }) => message.fetch(me.user.id, query.page, query.size));
  serve(app, api.messageRead, env.plain, ({ me, body }) => message.read(me.user.id, body.all ? 'all' : (body.ids ?? [])));
}
