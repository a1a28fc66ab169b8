import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { api, ErrorCode, fullPath, VIDEO_MAX_DURATION_S, type Page, type UploadTicket, type VideoResource, type Api, type RouteQuery } from '@app/contract';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError, validationError } from '../../http/errors.js';
import { parseInput } from '../../http/parseInput.js';
import type { Auth } from '../auth/session.service.js';
import { readMultipart } from '../upload/multipart.js';
import { looksLikeVideo, probe } from './ffmpeg.js';
import type { TranscodeQueue } from './transcodeQueue.js';
import type { VideoConfig } from './video.config.js';
import { videoRepository as repo } from './video.repository.js';
import type { Rendition, VideoResourceRow } from './video.tables.js';
import { toResource } from './video.view.js';
import { directUploads, incomingKey, VideoSources } from './videoSource.js';

/** Bytes per chunk: under the multipart file limit, small enough to retry cheaply on a phone. */
export const CHUNK_SIZE = 4 * 1024 * 1024;
/** ffprobe's duration of a 60 s recording can be a few milliseconds over. */
const DURATION_SLACK_S = 0.5;
const TICKET_TTL_MS = 24 * 3600_000;
const chunkFields = api.uploadVideo.body!;

/**
 * Video uploads: a ticket (resource/upload/sts), then chunks appended at the offset the server
 * has (a repeated or out-of-place chunk only answers that offset, so a client resumes from it),
 * then the checks on the whole file — its bytes, ffprobe, at most 60 s — and the transcode queue.
 */
export class VideoUploadService {
  private readonly sources: VideoSources;

  constructor(
    private readonly deps: Deps,
    private readonly config: VideoConfig,
    private readonly queue: TranscodeQueue,
    readonly incomingDir: string,
  ) {
    this.sources = new VideoSources(deps.storage, incomingDir);
  }

  async ticket(auth: Auth, q: RouteQuery<Api['uploadSts']>): Promise<UploadTicket> {
    if (q.size > this.config.maxUploadBytes)
      throw new BizError(ErrorCode.UPLOAD_TOO_LARGE, `size: 视频不能超过${Math.round(this.config.maxUploadBytes / 1048576)}MB`);
    const now = nowIso();
    const row = await repo.insertResource(this.deps.db.kysely, {
      user_id: auth.user.id,
      upload_id: randomBytes(24).toString('base64url'),
      status: 'receiving',
      total: q.size,
      created_at: now,
      updated_at: now,
    });
    // With S3 the file goes straight to the bucket (one presigned PUT), then resource/upload/video/complete.
    const direct = directUploads(this.deps.storage);
    const presigned = direct ? await direct.presignPut(incomingKey(row.upload_id), q.size, TICKET_TTL_MS / 1000) : null;
    return {
      provider: presigned ? 's3' : 'local',
      upload_id: row.upload_id,
      url: presigned ?? fullPath(api.uploadVideo),
      chunk_size: presigned ? q.size : CHUNK_SIZE,
      max_size: this.config.maxUploadBytes,
      max_duration_s: VIDEO_MAX_DURATION_S,
      expires_at: new Date(Date.now() + TICKET_TTL_MS).toISOString(),
    };
  }

  async chunk(auth: Auth, req: FastifyRequest) {
    const { file, fields } = await readMultipart(req, '视频分片');
    if (!file || file.length === 0) throw validationError([{ path: 'file', message: '请选择要上传的视频' }]);
    const { upload_id, offset } = parseInput(chunkFields, fields);
    const db = this.deps.db.kysely;
    const row = await repo.resourceByUploadId(db, upload_id);
    if (!row || row.user_id !== auth.user.id || row.deleted) throw new BizError(ErrorCode.NOT_FOUND, '上传不存在或已过期');
    const total = Number(row.total);
    const received = Number(row.received);
    const answer = async (r: VideoResourceRow) => ({
      upload_id,
      received: Number(r.received),
      total,
      resource: r.status === 'receiving' ? null : await this.view(r),
    });
    if (row.status === 'failed') throw new BizError(ErrorCode.UPLOAD_BAD_FILE, row.error || 'file: 视频无法处理');
    // Already have these bytes, or a chunk from the wrong place: say where to go on from.
    if (row.status !== 'receiving' || offset !== received) return answer(row);
    if (offset + file.length > total) throw validationError([{ path: 'file', message: `分片超出了声明的文件大小（${total} 字节）` }]);
    if (offset === 0 && !looksLikeVideo(file)) throw new BizError(ErrorCode.UPLOAD_BAD_FILE, 'file: 不是视频文件（支持 MP4、MOV、WebM、MKV、AVI、FLV、TS）');

    const target = path.join(this.incomingDir, row.upload_id);
    await fs.mkdir(this.incomingDir, { recursive: true });
    const fh = await fs.open(target, offset === 0 ? 'w' : 'r+');
    try {
      await fh.write(file, 0, file.length, offset);
    } finally {
      await fh.close();
    }
    const now = nowIso();
    const to = offset + file.length;
    if (!(await repo.advance(db, row.id, received, to, now))) return answer((await repo.resource(db, row.id))!);
    if (to < total) return { upload_id, received: to, total, resource: null };
    return answer(await this.finish(row, target));
  }

  /**
   * S3: the client PUT the whole file to its presigned URL; fetch it from the bucket and check it
   * like a last chunk. Completing again answers the upload as it is.
   */
  async complete(auth: Auth, uploadId: string) {
    const db = this.deps.db.kysely;
    const { storage } = this.deps;
    const row = await repo.resourceByUploadId(db, uploadId);
    if (!row || row.user_id !== auth.user.id || row.deleted) throw new BizError(ErrorCode.NOT_FOUND, '上传不存在或已过期');
    const total = Number(row.total);
    if (row.status === 'failed') throw new BizError(ErrorCode.UPLOAD_BAD_FILE, row.error || 'file: 视频无法处理');
    if (row.status !== 'receiving') return { upload_id: uploadId, received: total, total, resource: await this.view(row) };
    const direct = directUploads(storage);
    if (!direct) throw validationError([{ path: 'upload_id', message: '此上传应分片发送到 resource/upload/video' }]);
    // Checked on a copy: the source stays in the bucket for whichever instance transcodes it.
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'video-check-'));
    const file = path.join(tmp, 'source');
    try {
      const size = await direct.download(incomingKey(row.upload_id), file);
      if (size === null) throw validationError([{ path: 'file', message: '还没有收到文件，请先上传到 resource/upload/sts 给出的地址' }]);
      const head = Buffer.alloc(64);
      const fh = await fs.open(file, 'r');
      try {
        await fh.read(head, 0, 64, 0);
      } finally {
        await fh.close();
      }
      const refuse = async (code: typeof ErrorCode.UPLOAD_BAD_FILE | typeof ErrorCode.UPLOAD_TOO_LARGE, msg: string): Promise<never> => {
        await repo.update(db, row.id, { status: 'failed', error: msg, updated_at: nowIso() });
        await this.sources.remove(row.upload_id);
        throw new BizError(code, msg);
      };
      // Awaited here, inside the try: a bare `return refuse(…)` leaves its rejection unobserved while
      // the finally's clean-up runs (an unhandled rejection that would stop the process).
      if (size > this.config.maxUploadBytes || size !== total)
        return await refuse(ErrorCode.UPLOAD_TOO_LARGE, `file: 文件大小（${size} 字节）与声明的 ${total} 字节不符或超出上限`);
      if (!looksLikeVideo(head)) return await refuse(ErrorCode.UPLOAD_BAD_FILE, 'file: 不是视频文件（支持 MP4、MOV、WebM、MKV、AVI、FLV、TS）');
      if (!(await repo.advance(db, row.id, 0, total, nowIso())))
        return { upload_id: uploadId, received: total, total, resource: await this.view((await repo.resource(db, row.id))!) };
      return { upload_id: uploadId, received: total, total, resource: await this.view(await this.finish(row, file)) };
    } finally {
      await fs.rm(tmp, { recursive: true, force: true });
    }
  }

  /** The whole file is here: ffprobe decides whether it is a video and how long; then it waits for the transcode. */
  private async finish(row: VideoResourceRow, file: string): Promise<VideoResourceRow> {
    const db = this.deps.db.kysely;
    const info = await probe(this.config, file);
    const fail = async (code: typeof ErrorCode.UPLOAD_BAD_FILE | typeof ErrorCode.VIDEO_TOO_LONG, msg: string): Promise<never> => {
      await repo.update(db, row.id, { status: 'failed', error: msg, updated_at: nowIso() });
      await fs.rm(file, { force: true });
      await this.sources.remove(row.upload_id);
      throw new BizError(code, msg);
    };
    if (!info) return fail(ErrorCode.UPLOAD_BAD_FILE, 'file: 无法识别的视频文件');
    if (info.duration > VIDEO_MAX_DURATION_S + DURATION_SLACK_S)
      return fail(ErrorCode.VIDEO_TOO_LONG, `file: 视频时长 ${info.duration.toFixed(1)} 秒，不能超过${VIDEO_MAX_DURATION_S}秒`);
    // From the container's header (ffprobe decodes nothing): a huge picture is refused before any decoder runs.
    if (info.width * info.height > this.config.maxPixels)
      return fail(
        ErrorCode.UPLOAD_BAD_FILE,
        `file: 视频分辨率 ${info.width}×${info.height} 过高，画面不能超过 ${Math.floor(this.config.maxPixels / 10_000)} 万像素`,
      );
    await this.sources.share(row.upload_id); // S3: chunks sent to this instance go to the bucket, for any instance's transcode
    await repo.update(db, row.id, {
      status: 'uploaded',
      duration: Math.round(info.duration * 100) / 100,
      width: info.width,
      height: info.height,
      updated_at: nowIso(),
    });
    // Read before waking the queue: the answer is the upload as completed ('uploaded'), not
    // whatever a worker (on any instance) has made of it a moment later.
    const done = (await repo.resource(db, row.id))!;
    this.queue.kick();
    return done;
  }

  /** Abandoned uploads (no chunk for a day): marked failed, their partial files removed. Answers how many. */
  async sweepAbandoned(now = Date.now()): Promise<number> {
    const db = this.deps.db.kysely;
    const stale = await repo.staleReceiving(db, new Date(now - TICKET_TTL_MS).toISOString());
    for (const r of stale) {
      await repo.update(db, r.id, { status: 'failed', error: '上传已过期，请重新上传', updated_at: nowIso() });
      await this.sources.remove(r.upload_id);
    }
    return stale.length;
  }

  async list(auth: Auth, q: RouteQuery<Api['resourceFetch']>): Promise<Page<VideoResource>> {
    const db = this.deps.db.kysely;
    const { rows, total } = await repo.resourcesOf(db, auth.user.id, q.page, q.size);
    const videos = new Map(
      (
        await repo.videosByResources(
          db,
          rows.map((r) => r.id),
        )
      ).map((v) => [v.resource_id, v]),
    );
    return { list: rows.map((r) => toResource(r, videos.get(r.id))), total, page: q.page, size: q.size, has_more: q.page * q.size < total };
  }

  async view(row: VideoResourceRow): Promise<VideoResource> {
    return toResource(row, await repo.videoByResource(this.deps.db.kysely, row.id));
  }

  /** Deletes one of the caller's uploads: unlists its video and removes its files. Someone else's is NOT_FOUND. */
  async remove(auth: Auth, id: number): Promise<{ deleted: true }> {
    const db = this.deps.db.kysely;
    const row = await repo.resource(db, id);
    if (!row || row.user_id !== auth.user.id || row.deleted) throw new BizError(ErrorCode.NOT_FOUND, '视频不存在');
    await this.removeResource(row);
    return { deleted: true };
  }

  /** Deletes a published video with its upload and files (operators). Answers whether it existed. */
  async removeVideo(videoId: number): Promise<boolean> {
    const db = this.deps.db.kysely;
    const v = await repo.video(db, videoId);
    const row = v && (await repo.resource(db, v.resource_id));
    if (!row || row.deleted) return false;
    await this.removeResource(row);
    return true;
  }

  private async removeResource(row: VideoResourceRow): Promise<void> {
    const db = this.deps.db.kysely;
    await repo.update(db, row.id, { deleted: 1, updated_at: nowIso() });
    await repo.hideByResource(db, row.id);
    await this.removeFiles(row);
  }

  private async removeFiles(row: VideoResourceRow): Promise<void> {
    const { storage, log } = this.deps;
    try {
      await this.sources.remove(row.upload_id);
      for (const r of JSON.parse(row.renditions) as Rendition[]) for (const s of r.segments) await storage.delete(s.key);
      // A clip's MP4 and poster are its own (an upload's poster may be shared by nothing either, but is kept as before).
      const mp4 = await repo.clipFileOf(this.deps.db.kysely, row.id);
      if (mp4) {
        await storage.delete(mp4);
        const poster = storage.keyOf(row.poster);
        if (poster) await storage.delete(poster);
      }
    } catch (err) {
      log.warn({ err, id: row.id }, 'video files not removed');
    }
  }
}
