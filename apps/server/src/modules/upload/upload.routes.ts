import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/**
 * The multipart calls: an image, one chunk of a video, and a gift animation (operators). They are served in their own scope
 * with @fastify/multipart (app.ts), so its per-request hooks run for these routes only.
 */
export function uploadRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { upload, video } = env.services;
  serve(app, api.uploadFile, env.plain, ({ me, req }) => upload.uploadImage(me, req));
  serve(app, api.uploadVideo, env.plain, ({ me, req }) => video.uploads.chunk(me, req));
  serve(app, api.adminGiftAnimation, env.plain, ({ req }) => env.services.admin.catalog.uploadAnimation(req));
}
