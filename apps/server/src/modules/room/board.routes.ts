import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/** Contribution boards, the viewer list, the followed anchors' rooms and previews (contract calls/board.ts). */
export function boardRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { board } = env.services;
  serve(app, api.roomBoard, env.plain, ({ auth, query }) => board.board(query, auth?.user.id ?? null));
  serve(app, api.roomViewers, env.plain, ({ auth, query }) => board.viewers(query.room_id, auth?.user.id ?? null));
  serve(app, api.followingLive, env.plain, ({ me, query }) => board.followingLive(me.user.id, query));
  serve(app, api.roomPreview, env.plain, ({ query }) => board.preview(query.room_id));
}
