import type { FastifyInstance } from 'fastify';
import { api, API_BASE, ErrorCode } from '@app/contract';
import { BizError } from '../../http/errors.js';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';
import { authenticate } from '../../http/authenticate.js';
import { UPLOADS_PREFIX } from '../../storage/storage.js';
import { PRIVATE_PREFIX } from './hlsLinks.js';

const M3U8 = 'application/vnd.apple.mpegurl';

/**
 * The console's live calls (how rooms are watched, HLS for a room), replay calls, and the HLS that
 * needs a credential (hidden from OpenAPI like the videos'): the replay's VOD playlist per caller, a
 * password room's live playlist per viewer token, and the private segments behind signed links.
 */
export function liveRoutes(app: FastifyInstance, env: RouteEnv): void {
  const { replays, sessions, live, roomMedia } = env.services;
  serve(app, api.adminLiveWatch, env.plain, () => live.watch());
  serve(app, api.adminLiveVia, env.plain, ({ body }) => live.setVia(body.room_id, body.via));
  serve(app, api.replayList, env.plain, ({ auth, query }) => replays.list(auth, query));
  serve(app, api.replayInfo, env.plain, ({ auth, query }) => replays.info(auth, query.id));
  serve(app, api.replayDanmaku, env.plain, ({ auth, query }) => replays.danmaku(auth, query.id, query.from));
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
    return reply.header('content-type', M3U8).header('cache-control', 'private, no-store').send(text);
  });

  // A password room's live playlist: the token (room/media's hls_url) is checked at every refresh.
  app.get(`${API_BASE}/live/play/:room.m3u8`, { schema: { hide: true } }, async (req, reply) => {
    const roomId = (req.params as { room: string }).room;
    const { t } = req.query as { t?: unknown };
    const allowed = /^\d{1,10}$/.test(roomId) && typeof t === 'string' && (await roomMedia.hlsAllowed(roomId, t));
    const text = allowed ? await live.lockedPlaylist(Number(roomId)) : null;
    if (text === null) throw new BizError(ErrorCode.NOT_FOUND, '直播不存在或不可见', { status: 404 });
    return reply.header('content-type', M3U8).header('cache-control', 'private, no-store').send(text);
  });

  // Private segments, on local disk or S3 alike: only with a signed link that has not expired.
  app.get(`${UPLOADS_PREFIX}${PRIVATE_PREFIX}*`, { schema: { hide: true } }, async (req, reply) => {
    const path = req.url.split('?')[0]!;
    const { md5, expires } = req.query as { md5?: unknown; expires?: unknown };
    const bytes = await live.privateSegment(path, md5, expires);
    if (!bytes) throw new BizError(ErrorCode.NOT_FOUND, '文件不存在', { status: 404 });
    return reply.header('content-type', 'video/mp2t').header('cache-control', `private, max-age=${env.config.egress.linkTtlS}`).send(bytes);
  });
}
