import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { deviceOf } from '../../http/origin.js';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

export function homeRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { home } = env.services;
  // Guest sessions are minted on demand: rate limited like sign-in.
  serve(app, api.visitor, env.limited, ({ req }) => home.visitor(deviceOf(req), req.ip));
  serve(app, api.verifyVisitor, env.limited, ({ body }) => home.verifyVisitor(body.token));
  serve(app, api.bulletin, env.plain, ({ query }) => home.bulletins(query));
  serve(app, api.statistics, env.plain, ({ query, auth, req }) => home.countAdClick(query, auth?.user.id ?? null, req.ip));
}
