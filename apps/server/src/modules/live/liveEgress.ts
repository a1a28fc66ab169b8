/**
 * The HLS egress of this instance's live rooms: one RoomEgress (one ffmpeg) per room whose anchor
 * publishes here, started when the anchor's stream comes up and finished when the room ends. The
 * instance hosting the anchor's stream is the only one that sees its RTP, so it runs the egress;
 * its `live_egress` row makes that explicit for the other instances (they read the playlist URL from
 * it) and for the sweep, which finishes the egress of an instance that died (its replay kept, its
 * live playlist ended).
 *
 * One live keeps one egress and one replay: when the media engine's room empties (the anchor's
 * encoder stopped and nobody watches over WebRTC), the egress waits for the anchor for the room's
 * grace period, as the room does, and ends only when the room closes or the grace runs out.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Deps } from '../../deps.js';
import { nowIso } from '../../db/time.js';
import type { MediaEngine } from '../../media/engine.js';
import type { EgressConfig } from './egress.config.js';
import { egressRepository as repo } from './egress.repository.js';
import type { LiveEgressRow } from './live.tables.js';
import { durationOf, livePlaylist, type Segment } from './hlsPlaylist.js';
import { PRIVATE_PREFIX } from './hlsLinks.js';
import { RoomEgress } from './roomEgress.js';
import { LIVE_PLAYLIST_CACHE } from '../../storage/storage.js';

const SAVE_EVERY_MS = 5000;
/** How often an egress waiting for its anchor looks whether the room closed meanwhile. */
const WAIT_CHECK_MS = 1000;

interface Running {
  egress: RoomEgress;
  replayId: number | null;
  saveTimer?: NodeJS.Timeout | undefined;
  /** Set while the engine's room is empty: the anchor's return is awaited (see `emptied`). */
  waiting?: NodeJS.Timeout | undefined;
}

/** Whether the egress runs: LIVE_EGRESS=on/off, or `auto` (on unless NODE_ENV=test). */
export const egressEnabled = (c: EgressConfig, nodeEnv: string): boolean => c.mode === 'on' || (c.mode === 'auto' && nodeEnv !== 'test');

export class LiveEgress {
  private readonly running = new Map<string, Running>();
  /** Rooms starting (between the event and the first ffmpeg): counted against the limit too. */
  private readonly starting = new Map<string, Promise<void>>();
  /** Rooms refused for LIVE_EGRESS_MAX since their anchor came up: WebRTC only. */
  readonly refused = new Set<string>();
  private offs: (() => void)[] = [];
  private stopped = false;

  constructor(
    private readonly deps: Deps,
    private readonly engine: Pick<MediaEngine, 'on' | 'forwardRtp' | 'room'>,
    private readonly instance: { id: string; alive(): Promise<Set<string>> },
  ) {}

  private get config(): EgressConfig {
    return this.deps.config.egress;
  }

  private get db() {
    return this.deps.db.kysely;
  }

  /** Rooms whose egress runs here now. */
  get count(): number {
    return this.running.size + this.starting.size;
  }

  /** ffmpeg processes running now (an egress between two runs has none). */
  get processes(): number {
    let n = 0;
    for (const run of this.running.values()) if (run.egress.pid !== undefined) n++;
    return n;
  }

  /** The running egress of a room (tests and the bench read it). */
  of(roomId: number | string): RoomEgress | undefined {
    return this.running.get(String(roomId))?.egress;
  }

  listen(): void {
    this.offs.push(
      this.engine.on('publisher-up', (e) => {
        if (e.seatId === 'anchor') void this.up(e.roomId);
        else void this.running.get(e.roomId)?.egress.cohostRepublished(e.seatId);
      }),
      this.engine.on('publisher-down', (e) => {
        if (e.seatId !== 'anchor') {
          // 'replaced': the co-host published again ('publisher-up' follows).
          if (e.reason !== 'replaced') void this.running.get(e.roomId)?.egress.setCohosts(this.cohostsOf(e.roomId, e.seatId));
          return;
        }
        if (e.reason === 'room-closed' || e.reason === 'shutdown') void this.end(e.roomId);
        else void this.running.get(e.roomId)?.egress.detach();
      }),
      this.engine.on('room-empty', (e) => this.emptied(e.roomId)),
      this.engine.on('viewer-up', (e) => this.countSoon(e.roomId)),
      this.engine.on('viewer-down', (e) => this.countSoon(e.roomId)),
    );
  }

  /** The co-hosts' seats publishing in the room now (without `gone`, whose publisher just went). */
  private cohostsOf(roomId: string, gone?: string): string[] {
    return (this.engine.room(roomId)?.publishers ?? []).filter((p) => p.seatId !== 'anchor' && p.seatId !== gone && p.live).map((p) => p.seatId);
  }

  /** The room's WebRTC viewers, written to its claim at most once a second (the console reads them). */
  private readonly counting = new Map<string, NodeJS.Timeout>();
  private countSoon(roomId: string): void {
    if (!this.running.has(roomId) || this.counting.has(roomId)) return;
    const timer = setTimeout(() => {
      this.counting.delete(roomId);
      if (!this.running.has(roomId)) return;
      const n = this.engine.room(roomId)?.viewers ?? 0;
      void repo.setViewers(this.db, Number(roomId), this.instance.id, n).catch((err: unknown) => this.deps.log.warn({ err }, 'egress: viewer count not saved'));
    }, 1000);
    timer.unref();
    this.counting.set(roomId, timer);
  }

  private async up(roomId: string): Promise<void> {
    if (this.stopped) return;
    await this.starting.get(roomId);
    const run = this.running.get(roomId);
    if (run) {
      clearInterval(run.waiting);
      run.waiting = undefined;
      return this.guard(roomId, run.egress.attach());
    }
    if (this.count >= this.config.max) {
      this.refused.add(roomId);
      this.deps.log.warn(
        { roomId, max: this.config.max },
        'egress refused: LIVE_EGRESS_MAX reached on this instance; the room stays WebRTC only (no HLS, no replay)',
      );
      return;
    }
    const p = this.start(roomId).finally(() => this.starting.delete(roomId));
    this.starting.set(roomId, p);
    await p;
  }

  private async start(roomId: string): Promise<void> {
    const id = Number(roomId);
    const room = Number.isSafeInteger(id) ? await this.db.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!room || room.status !== 'open') return;
    // A password room's files are private: never on the public path, served only through signed links (hlsLinks.ts).
    const prefix = `${room.password_hash ? PRIVATE_PREFIX : ''}live/${id}-${randomBytes(8).toString('hex')}`;
    const now = nowIso();
    const replayId = this.config.replays
      ? await repo.insertReplay(this.db, {
          room_id: id,
          anchor_id: room.anchor_id,
          title: room.title,
          cover: room.cover,
          category_id: room.category_id,
          password: room.password_hash ? 1 : 0,
          prefix,
          status: 'recording',
          started_at: now,
        })
      : null;
    const run: Running = { replayId, egress: undefined as unknown as RoomEgress };
    run.egress = new RoomEgress({
      roomId,
      prefix,
      engine: this.engine,
      storage: this.deps.storage,
      config: this.config,
      ffmpeg: this.deps.config.video.ffmpeg,
      workDir: path.join(this.deps.config.dataDir, 'egress'),
      log: this.deps.log,
      onRecorded: () => this.saveSoon(run),
      onSegment: () => this.deps.metrics.hlsSegments.inc(),
      onCrash: () => this.deps.metrics.egressFailures.inc(),
    });
    // The anchor came back here after their instance died: that instance's egress is finished first.
    const held = await repo.byRoom(this.db, id);
    if (held && held.instance !== this.instance.id && !(await this.instance.alive()).has(held.instance)) await this.sweepOne(held);
    const claimed = await repo.claim(this.db, {
      room_id: id,
      instance: this.instance.id,
      replay_id: replayId,
      playlist: run.egress.playlistUrl,
      started_at: now,
    });
    if (!claimed) {
      this.deps.log.warn({ roomId }, 'egress: another instance runs this room');
      if (replayId !== null) await repo.finishReplay(this.db, replayId, now);
      return;
    }
    this.refused.delete(roomId);
    this.running.set(roomId, run);
    this.countSoon(roomId);
    this.deps.log.info({ roomId, playlist: run.egress.playlistUrl }, 'egress started');
    // Co-hosts already on the mic are in the first picture.
    void run.egress.setCohosts(this.cohostsOf(roomId));
    await this.guard(roomId, run.egress.attach());
  }

  /**
   * The engine's room emptied (its anchor's encoder stopped, no WebRTC viewer): the anchor may come
   * back within the room's grace period, so the egress stays (detached) and its replay goes on;
   * it ends when the room is closed or the grace ran out (decision 0186).
   */
  private emptied(roomId: string): void {
    const run = this.running.get(roomId);
    if (!run || run.waiting) return;
    void run.egress.detach();
    const until = Date.now() + this.deps.config.room.graceMs;
    run.waiting = setInterval(() => {
      void this.roomOpen(roomId).then((open) => {
        if (run.waiting && (!open || Date.now() >= until)) void this.end(roomId);
      });
    }, WAIT_CHECK_MS);
    run.waiting.unref();
  }

  private async roomOpen(roomId: string): Promise<boolean> {
    const room = await this.db.selectFrom('rooms').select('status').where('id', '=', Number(roomId)).executeTakeFirst();
    return room?.status === 'open';
  }

  private async guard(roomId: string, p: Promise<void>): Promise<void> {
    try {
      await p;
    } catch (err) {
      // The anchor went between the event and the forward: the next 'publisher-up' attaches again.
      this.deps.log.warn({ err, roomId }, 'egress: could not read the anchor stream');
    }
  }

  private saveSoon(run: Running): void {
    if (run.replayId === null || run.saveTimer) return;
    run.saveTimer = setTimeout(() => {
      run.saveTimer = undefined;
      void this.save(run);
    }, SAVE_EVERY_MS);
  }

  private async save(run: Running): Promise<void> {
    if (run.replayId === null) return;
    const recorded = run.egress.recorded;
    await repo.saveSegments(this.db, run.replayId, recorded, durationOf(recorded), run.egress.recordedBytes).catch((err: unknown) => {
      this.deps.log.warn({ err }, 'egress: recording not saved');
    });
  }

  /** The room ended (or the instance stops): last segments, ENDLIST, the replay ready, the claim released. */
  private async end(roomId: string): Promise<void> {
    await this.starting.get(roomId);
    const run = this.running.get(roomId);
    this.refused.delete(roomId);
    if (!run) return;
    this.running.delete(roomId);
    clearTimeout(run.saveTimer);
    clearInterval(run.waiting);
    await run.egress.finish();
    await this.save(run);
    if (run.replayId !== null) await repo.finishReplay(this.db, run.replayId, nowIso());
    await repo.release(this.db, Number(roomId), this.instance.id);
    this.deps.log.info({ roomId, segments: run.egress.segments.length, restarts: run.egress.restarts }, 'egress finished');
  }

  /**
   * The egress of instances that died: the replay keeps what was saved of it, the live playlist is
   * ended with the recorded segments (players stop cleanly instead of waiting), the claim removed.
   * Run by the worker role (one instance at a time).
   */
  async sweep(): Promise<number> {
    const alive = await this.instance.alive();
    const gone = (await repo.all(this.db)).filter((row) => !alive.has(row.instance));
    for (const row of gone) await this.sweepOne(row);
    return gone.length;
  }

  private async sweepOne(row: LiveEgressRow): Promise<void> {
    const replay = row.replay_id !== null ? await repo.replay(this.db, row.replay_id) : undefined;
    if (replay) {
      const segments = JSON.parse(replay.segments) as Segment[];
      const key = this.deps.storage.keyOf(row.playlist);
      if (key) {
        const uri = (k: string) => k.slice(replay.prefix.length + 1);
        const text = livePlaylist(segments, { window: this.config.windowSegments, segmentS: this.config.segmentS, ended: true, uri });
        await this.deps.storage.put(key, Buffer.from(text), 'application/vnd.apple.mpegurl', { cacheControl: LIVE_PLAYLIST_CACHE });
      }
      await repo.finishReplay(this.db, replay.id, nowIso());
    }
    await repo.release(this.db, row.room_id, row.instance);
    this.deps.log.warn({ roomId: row.room_id, instance: row.instance }, 'egress of a gone instance swept');
  }

  /** Shutdown: every live's egress finished (replays kept), before the database closes. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const off of this.offs) off();
    for (const t of this.counting.values()) clearTimeout(t);
    await Promise.all([...this.starting.values()]);
    await Promise.all([...this.running.keys()].map((roomId) => this.end(roomId)));
  }
}
