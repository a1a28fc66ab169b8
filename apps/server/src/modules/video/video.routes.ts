import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';
import { videoPlayRoutes } from './video.play.js';

/** Video calls, upload calls for videos (the chunks themselves: upload.routes.ts) and the HLS playlists. */
export function videoRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { video, sessions } = env.services;
  const { videos, uploads } = video;
  serve(app, api.videoCates, env.plain, () => videos.categories());
  serve(app, api.videoList, env.plain, ({ query }) => videos.list(query));
  serve(app, api.videoInfo, env.plain, ({ auth, query }) => videos.info(auth, query.id));
  serve(app, api.videoBuy, env.plain, ({ me, body }) => videos.buy(me, body));
  serve(app, api.videoCreate, env.plain, ({ me, body }) => videos.create(me, body));
  serve(app, api.videoLike, env.plain, ({ me, body }) => videos.like(me, body));
  serve(app, api.homeTravel, env.plain, () => videos.travel());
  serve(app, api.uploadSts, env.plain, ({ me, query }) => uploads.ticket(me, query));
  serve(app, api.uploadVideoDone, env.plain, ({ me, body }) => uploads.complete(me, body.upload_id));
  serve(app, api.resourceFetch, env.plain, ({ me, query }) => uploads.list(me, query));
  serve(app, api.resourceDelete, env.plain, ({ me, query }) => uploads.remove(me, query.id));
  videoPlayRoutes(app, { sessions, video: videos, storage: video.storage });
}
