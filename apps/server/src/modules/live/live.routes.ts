import type { FastifyInstance } from 'fastify';
import { api, API_BASE, ErrorCode } from '@app/contract';
import { BizError } from '../../http/errors.js';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';
import { authenticate } from '../../plugins/auth.js';

/** The console's live calls (how rooms are watched, HLS for a room), replay calls, and the replay's VOD playlist (m3u8 per caller, hidden from OpenAPI like the videos'). */
export function liveRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { replays, sessions, live } = env.services;
  serve(app, api.adminLiveWatch, env.plain, () => live.watch());
  serve(app, api.adminLiveVia, env.plain, ({ body }) => live.setVia(body.room_id, body.via));
  serve(app, api.replayList, env.plain, ({ auth, query }) => replays.list(auth, query));
  serve(app, api.replayInfo, env.plain, ({ auth, query }) => replays.info(auth, query.id));
  serve(app, api.replayDelete, env.plain, ({ me, body }) => replays.remove(me, body.id));
  serve(app, api.replayVisibility, env.plain, ({ me, body }) => replays.setPrivate(me, body.id, body.private));
  serve(app, api.adminReplays, env.plain, ({ query }) => replays.all(query));
  serve(app, api.adminReplayHide, env.plain, ({ body }) => replays.hide(body.id, body.hidden));

  app.get(`${API_BASE}/replay/play/:id.m3u8`, { schema: { hide: true } }, async (req, reply) => {
    const id = Number((req.params as { id: string }).id);
    if (!Number.isSafeInteger(id) || id <= 0) throw new BizError(ErrorCode.NOT_FOUND, '回放不存在或不可见', { status: 404 });
    const auth = await authenticate(sessions, req, 'public');
    const text = await replays.playlist(auth, id).catch(() => {
      throw new BizError(ErrorCode.NOT_FOUND, '回放不存在或不可见', { status: 404 });
    });
    return reply.header('content-type', 'application/vnd.apple.mpegurl').header('cache-control', 'private, no-store').send(text);
  });
}
