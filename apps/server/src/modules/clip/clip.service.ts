import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, type Api, type Clip, type RouteBody, parseRoomSettings } from '@app/contract';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError, validationError } from '../../http/errors.js';
import type { Auth } from '../auth/session.service.js';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { finishedSegments, type Segment } from '../live/hlsPlaylist.js';
import { briefOf } from '../user/userBriefs.js';
import type { VideoService } from '../video/video.service.js';
import type { ClipConfig } from './clip.config.js';
import { clipRepository as repo } from './clip.repository.js';
import type { ClipRow } from './clip.tables.js';
import { cutClip } from './clipCut.js';
import { fromOffset, lastSeconds, mergeLive, type ClipWindow } from './clipWindow.js';

const HOUR_MS = 3600_000;
const replayGone = () => new BizError(ErrorCode.NOT_FOUND, '回放不存在或不可见');

/**
 * Clips (剪辑): a member cuts the last seconds of a live from the segments its egress already
 * wrote (on whichever instance: they are in storage), or a stretch of a replay; the cut is
 * published as a free short video crediting the anchor (decisions 0255–0260).
 */
export class ClipService {
  constructor(
    private readonly deps: Deps,
    private readonly videos: VideoService,
    private readonly config: ClipConfig,
  ) {}

  private get db() {
    return this.deps.db.kysely;
  }

  async create(me: Auth, input: RouteBody<Api['clipCreate']>): Promise<Clip> {
    const userId = me.user.id;
    const first = await repo.byRequest(this.db, userId, input.request_id);
    if (first) return this.answer(first);
    const room = await repo.room(this.db, input.room_id);
    if (!room) throw new BizError(ErrorCode.NOT_FOUND, '房间不存在');
    // A clip is public: a password room's live or replay is never clipped (decision 0257).
    if (room.password_hash) throw new BizError(ErrorCode.CLIP_LOCKED_ROOM);
    if (!parseRoomSettings(room.settings).allow_clips) throw new BizError(ErrorCode.CLIP_OFF);
    const made = await repo.countSince(this.db, userId, new Date(this.deps.clock.now() - HOUR_MS).toISOString());
    if (made >= this.config.maxPerHour) throw new BizError(ErrorCode.CLIP_TOO_MANY);

    const source =
      input.replay_id !== undefined
        ? await this.fromReplay(room.id, input.replay_id, input.start_s ?? 0, input.seconds)
        : await this.fromLive(room, input.seconds);
    const bytes: Buffer[] = [];
    for (const s of source.window.segments) {
      const b = await this.deps.storage.read(s.key);
      // Gone from storage meanwhile (the live playlist moved on with replays off): nothing to clip.
      if (!b) throw new BizError(ErrorCode.CLIP_NOT_LIVE);
      bytes.push(b);
    }
    const workDir = path.join(this.deps.config.dataDir, 'clips');
    await fs.mkdir(workDir, { recursive: true });
    const cut = await cutClip(bytes, { programs: this.deps.config.video, storage: this.deps.storage, workDir }).catch((err: unknown) => {
      this.deps.log.warn({ err, roomId: room.id }, 'clip not cut');
      throw new BizError(ErrorCode.CLIP_FAILED);
    });
    const now = nowIso();
    try {
      const row = await this.deps.db.tx(async (conn) => {
        const videoId = await this.videos.publishMade(conn, {
          user_id: userId,
          upload_id: `clip-${randomUUID()}`,
          title: input.title || source.title,
          duration: cut.duration,
          bytes: cut.bytes,
          rendition: cut.rendition,
          poster: cut.poster,
          now,
        });
        return repo.insert(conn, {
          user_id: userId,
          request_id: input.request_id,
          video_id: videoId,
          room_id: room.id,
          anchor_id: room.anchor_id,
          replay_id: source.replayId,
          start_s: source.window.startS,
          mp4_key: cut.mp4Key,
          transcoded: cut.transcoded ? 1 : 0,
          created_at: now,
        });
      });
      return this.answer(row);
    } catch (err) {
      for (const key of cut.keys) await this.deps.storage.delete(key);
      // The same request_id committed first (a double tap): that clip is the answer.
      const won = isUniqueViolation(err) ? await repo.byRequest(this.db, userId, input.request_id) : undefined;
      if (!won) throw err;
      return this.answer(won);
    }
  }

  /** The last `seconds` of the room's live: the recording saved so far and the live playlist's newest. */
  private async fromLive(
    room: { id: number; status: string; title: string },
    seconds: number,
  ): Promise<{ window: ClipWindow; replayId: number | null; title: string }> {
    const egress = room.status === 'open' ? await repo.egress(this.db, room.id) : undefined;
    if (!egress) throw new BizError(ErrorCode.CLIP_NOT_LIVE);
    const recording = egress.replay_id !== null ? await repo.replay(this.db, egress.replay_id) : undefined;
    const recorded = recording ? (JSON.parse(recording.segments) as Segment[]) : [];
    const key = this.deps.storage.keyOf(egress.playlist);
    const text = key ? await this.deps.storage.read(key) : null;
    const dir = key ? key.slice(0, key.lastIndexOf('/') + 1) : '';
    const live = text ? finishedSegments(text.toString('utf8')).map((s) => ({ key: `${dir}${s.name}`, d: s.d })) : [];
    const window = lastSeconds(mergeLive(recorded, live), seconds);
    if (window.segments.length === 0) throw new BizError(ErrorCode.CLIP_NOT_LIVE);
    return { window, replayId: egress.replay_id, title: room.title };
  }

  /** `seconds` of a ready, public replay of this room from `startS`. */
  private async fromReplay(
    roomId: number,
    replayId: number,
    startS: number,
    seconds: number,
  ): Promise<{ window: ClipWindow; replayId: number; title: string }> {
    const r = await repo.replay(this.db, replayId);
    if (!r || r.room_id !== roomId || r.status !== 'ready' || r.private === 1 || r.hidden === 1) throw replayGone();
    if (r.password === 1) throw new BizError(ErrorCode.CLIP_LOCKED_ROOM);
    const window = fromOffset(JSON.parse(r.segments) as Segment[], startS, seconds);
    if (window.segments.length === 0) throw validationError([{ path: 'start_s', message: '开始时间超出回放长度' }]);
    return { window, replayId: r.id, title: r.title };
  }

  private async answer(c: ClipRow): Promise<Clip> {
    const [video, anchor, room] = await Promise.all([this.videos.info(null, c.video_id, false), briefOf(this.db, c.anchor_id), repo.room(this.db, c.room_id)]);
    if (!anchor) throw new BizError(ErrorCode.NOT_FOUND, '视频不存在或已下架');
    return {
      id: c.id,
      anchor,
      room_id: c.room_id,
      replay_id: c.replay_id,
      start_s: Number(c.start_s),
      live: room?.status === 'open',
      video_id: c.video_id,
      title: video.title,
      duration: video.duration,
      poster: video.cover,
      mp4_url: this.deps.storage.url(c.mp4_key),
      transcoded: c.transcoded === 1,
    };
  }
}
