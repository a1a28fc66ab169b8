import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

export function uploadRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { upload } = env.services;
  serve(app, api.uploadFile, env.plain, ({ me, req }) => upload.uploadImage(me, req));
}
