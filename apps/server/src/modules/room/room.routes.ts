import type { FastifyInstance } from 'fastify';
import { api } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/** Rooms: categories, going live, ending it, the room page, lists, search, media credentials. */
export function roomRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { room, roomMedia } = env.services;
  serve(app, api.roomCategories, env.plain, () => room.categories());
  serve(app, api.roomOpen, env.plain, ({ me, body }) => room.open(me, body));
  serve(app, api.roomClose, env.plain, ({ me, body }) => room.close(me, body.room_id));
  serve(app, api.roomInfo, env.plain, ({ auth, query }) => room.info(auth, query));
  serve(app, api.anchorList, env.plain, ({ query }) => room.list(query));
  serve(app, api.searchRoom, env.plain, ({ query }) => room.search(query));
  serve(app, api.searchUser, env.plain, ({ query }) => room.searchUsers(query));
  serve(app, api.roomMedia, env.plain, ({ me, body }) => roomMedia.credentials(me, body));
}
