import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, ErrorCode } from '@app/contract';
import { BizError } from '../../http/errors.js';
import { authenticate } from '../../http/authenticate.js';
import type { SessionService } from '../auth/session.service.js';
import { masterPlaylist, variantPlaylist } from './transcode.js';
import type { Rendition } from './video.tables.js';
import type { VideoService } from './video.service.js';
import type { Storage } from '../../storage/storage.js';

const M3U8 = 'application/vnd.apple.mpegurl';

/**
 * HLS playlists of a video, made per caller (not contract calls: m3u8 text, hidden from OpenAPI).
 * The caller is known by the Authorization header (hls.js sends it): free videos, the uploader and
 * buyers get every segment; anyone else gets the preview — only the segments that start within
 * VIDEO_PREVIEW_S (at most half the video). Segments past the preview have unguessable names, so the server, not the
 * client, enforces the preview.
 */
export function videoPlayRoutes(app: FastifyInstance, deps: { sessions: SessionService; video: VideoService; storage: Storage }): void {
  const base = `${API_BASE}/video/play/:id`;

  async function load(req: FastifyRequest) {
    const id = Number((req.params as { id: string }).id);
    if (!Number.isInteger(id) || id <= 0) throw new BizError(ErrorCode.NOT_FOUND, '视频不存在或已下架', { status: 404 });
    const auth = await authenticate(deps.sessions, req, 'public');
    const v = await deps.video.listed(id).catch(() => {
      throw new BizError(ErrorCode.NOT_FOUND, '视频不存在或已下架', { status: 404 });
    });
    const full = await deps.video.canPlayFull(auth && !auth.user.is_guest ? auth.user.id : null, v);
    const renditions = JSON.parse((await deps.video.renditionsOf(id)) ?? '[]') as Rendition[];
    return { id, full, renditions, previewS: deps.video.previewOf(v.duration) };
  }

  const send = (reply: FastifyReply, text: string, full: boolean) =>
    reply
      .header('content-type', M3U8)
      .header('cache-control', 'private, no-store')
      .header('x-video-access', full ? 'full' : 'preview')
      .send(text);

  app.get(`${base}/master.m3u8`, { schema: { hide: true } }, async (req, reply) => {
    const { id, full, renditions } = await load(req);
    return send(
      reply,
      masterPlaylist(renditions, (i) => `${API_BASE}/video/play/${id}/${i}.m3u8`),
      full,
    );
  });

  app.get(`${base}/:rendition.m3u8`, { schema: { hide: true } }, async (req, reply) => {
    const { full, renditions, previewS } = await load(req);
    const r = renditions[Number((req.params as { rendition: string }).rendition)];
    if (!r) throw new BizError(ErrorCode.NOT_FOUND, '清晰度不存在', { status: 404 });
    return send(
      reply,
      variantPlaylist(r, (key) => deps.storage.url(key), full ? undefined : previewS),
      full,
    );
  });
}
