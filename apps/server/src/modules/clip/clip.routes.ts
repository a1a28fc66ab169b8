import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/** Clips of lives and replays (contract calls/clip.ts); an operator removes one as any video (admin content). */
export function clipRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { clips } = env.services;
  serve(app, api.clipCreate, env.plain, ({ me, body }) => clips.create(me, body));
}
