/**
 * One live room's egress: the anchor seat's RTP (from the media engine, through `forwardRtp`) →
 * ffmpeg → local segments → storage (segments immutable, the live playlist cached a second), then
 * each local file removed. ffmpeg dying mid-live is logged and started again (a new run, after a
 * discontinuity); the anchor reconnecting detaches and attaches again the same way. Every segment
 * uploaded is kept for the replay up to the recording limit; past it, and with replays off,
 * segments leave storage once they have left the live playlist.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaEngine, RtpForward } from '../../media/engine.js';
import { LIVE_PLAYLIST_CACHE, type Storage } from '../../storage/storage.js';
import type { EgressConfig } from './egress.config.js';
import { egressSdp, freeRtpPorts, hlsArgs, spawnFfmpeg, type EgressInput } from './hlsFfmpeg.js';
import { finishedSegments, livePlaylist, type Segment } from './hlsPlaylist.js';
import { keyframeJpeg } from './liveThumb.js';

const POLL_MS = 200;
const HOST = '127.0.0.1';
/** Cache headers a CDN honours: a segment never changes; the live playlist changes every segment. */
const SEGMENT_CACHE = 'public, max-age=31536000, immutable';

export interface RoomEgressOptions {
  roomId: string;
  /** Storage prefix of this live's files (`live/<room>-<random>`, a password room's under `private/`). */
  prefix: string;
  engine: Pick<MediaEngine, 'forwardRtp'>;
  storage: Storage;
  config: EgressConfig;
  ffmpeg: string;
  /** Local folder for ffmpeg's segments before upload (removed at the end). */
  workDir: string;
  log: FastifyBaseLogger;
  /** Called after each uploaded segment with the recorded ones (the replay). */
  onRecorded?: (recorded: Segment[], bytes: number) => void;
  /** Called after each segment written to storage. */
  onSegment?: () => void;
  /** Called when ffmpeg exits in the middle of the live (it is restarted). */
  onCrash?: () => void;
}

/** One seat read by the running ffmpeg: its RTP forward and the SDP file ffmpeg reads it from. */
interface SeatInput {
  forward: RtpForward;
  sdpFile: string;
}

export class RoomEgress {
  /** Every segment uploaded, in order. */
  readonly segments: Segment[] = [];
  /** ffmpeg runs started after the first (crashes and anchor reconnects). */
  restarts = 0;
  /** Bytes of the recorded segments. */
  recordedBytes = 0;
  private recordedCount = 0;
  private forward: RtpForward | undefined;
  private sdpFile = '';
  /** The co-hosts' seats on the mic (publishing), and those of them read now. */
  private readonly cohostSeats = new Set<string>();
  private readonly cohosts = new Map<string, SeatInput>();
  /** Seat changes, one at a time (each restarts ffmpeg). */
  private seatChange: Promise<void> = Promise.resolve();
  private child: ChildProcess | undefined;
  private run = 0;
  /** Segments of the current run already uploaded. */
  private uploadedInRun = 0;
  /** The look at ffmpeg's output in progress (one at a time). */
  private inflight: Promise<void> | undefined;
  private poller: NodeJS.Timeout | undefined;
  private keyTimer: NodeJS.Timeout | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private finished = false;
  /** When the last patrol picture was taken (0: none yet), and the one being made. */
  private thumbAt = 0;
  private thumbing: Promise<void> | undefined;
  private readonly dir: string;
  private readonly startedAt = Date.now();

  constructor(private readonly o: RoomEgressOptions) {
    this.dir = path.join(o.workDir, o.prefix.replace(/\//g, '_'));
  }

  get playlistKey(): string {
    return `${this.o.prefix}/index.m3u8`;
  }

  get playlistUrl(): string {
    return this.o.storage.url(this.playlistKey);
  }

  /** The running ffmpeg's pid (tests kill it to see the restart). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get attached(): boolean {
    return this.forward !== undefined;
  }

  /** Starts reading the anchor seat (after its publisher came up, or came back), and the co-hosts on the mic. */
  async attach(): Promise<void> {
    if (this.finished || this.forward) return;
    fs.mkdirSync(this.dir, { recursive: true });
    const anchor = await this.openSeat('anchor');
    if (this.finished || this.forward) return void (await anchor.forward.stop());
    this.forward = anchor.forward;
    this.sdpFile = anchor.sdpFile;
    // The co-hosts on the mic are opened and the run started in the queue of seat changes.
    await this.queueSeatChange(() => this.recompose());
    this.poller ??= setInterval(() => void this.poll(), POLL_MS);
    // Copying H.264 cuts segments only at keyframes: ask for one every segment. A transcode needs one to start.
    this.keyTimer ??= setInterval(() => {
      if (this.forward?.video?.codec === 'H264' || this.uploadedInRun === 0) this.requestKeyframes();
    }, this.o.config.segmentS * 1000);
  }

  /** The co-hosts on the mic now (seat ids): the picture is composed again with them (a new ffmpeg run, after a discontinuity). */
  setCohosts(seatIds: string[]): Promise<void> {
    const next = new Set(seatIds.filter((id) => id !== 'anchor'));
    const same = next.size === this.cohostSeats.size && [...next].every((id) => this.cohostSeats.has(id));
    if (same) return this.seatChange;
    this.cohostSeats.clear();
    for (const id of next) this.cohostSeats.add(id);
    return this.queueSeatChange(() => this.recompose());
  }

  private queueSeatChange(fn: () => Promise<void>): Promise<void> {
    this.seatChange = this.seatChange.then(fn).catch((err: unknown) => this.o.log.warn({ err, roomId: this.o.roomId }, 'egress: co-hosts not composed'));
    return this.seatChange;
  }

  /** A co-host published their seat again (a reconnect): their old forward reads a gone publisher. */
  cohostRepublished(seatId: string): Promise<void> {
    if (!this.cohostSeats.has(seatId)) return this.setCohosts([...this.cohostSeats, seatId]);
    return this.queueSeatChange(async () => {
      if (!this.cohosts.has(seatId)) return this.recompose();
      await this.stopFfmpeg();
      await this.closeCohost(seatId);
      await this.recompose();
    });
  }

  /** Co-hosts read now, in seat order (the tiles' order). */
  get composed(): string[] {
    return [...this.cohosts.keys()].sort();
  }

  /** Reads the wanted co-hosts (ffmpeg stopped first when they changed) and makes sure a run is going. */
  private async recompose(): Promise<void> {
    const wanted = this.cohostSeats;
    const current = [...this.cohosts.keys()];
    if (!this.forward || this.finished) {
      for (const id of current) await this.closeCohost(id);
      return;
    }
    if (current.length !== wanted.size || current.some((id) => !wanted.has(id))) {
      await this.stopFfmpeg();
      for (const id of current) if (!wanted.has(id)) await this.closeCohost(id);
      for (const id of wanted) if (!this.cohosts.has(id)) await this.openCohost(id);
      // The last segment of the run that ended, before the next run starts writing.
      await this.inflight;
      await this.poll();
    }
    this.startRun();
  }

  private async openSeat(seatId: string): Promise<SeatInput> {
    const ports = await freeRtpPorts(HOST);
    const forward = await this.o.engine.forwardRtp(this.o.roomId, seatId, { host: HOST, videoPort: ports.video, audioPort: ports.audio });
    const sdpFile = path.join(this.dir, `${seatId}.sdp`);
    fs.writeFileSync(sdpFile, egressSdp(HOST, ports, forward.video, forward.audio));
    return { forward, sdpFile };
  }

  private async openCohost(seatId: string): Promise<void> {
    try {
      this.cohosts.set(seatId, await this.openSeat(seatId));
    } catch (err) {
      // Not publishing (any more): left out of the picture until it comes up again.
      this.cohostSeats.delete(seatId);
      this.o.log.warn({ err, roomId: this.o.roomId, seatId }, 'egress: could not read a co-host seat');
    }
  }

  private async closeCohost(seatId: string): Promise<void> {
    const input = this.cohosts.get(seatId);
    this.cohosts.delete(seatId);
    await input?.forward.stop();
  }

  private requestKeyframes(): void {
    this.forward?.requestKeyframe();
    for (const c of this.cohosts.values()) c.forward.requestKeyframe();
  }

  private startRun(): void {
    const forward = this.forward;
    if (!forward || this.finished || this.child) return;
    clearTimeout(this.restartTimer);
    if (this.segments.length > 0 || this.run > 0) this.restarts++;
    const run = `r${++this.run}`;
    this.uploadedInRun = 0;
    const inputs: EgressInput[] = [
      { sdpFile: this.sdpFile, video: forward.video, audio: forward.audio },
      ...this.composed.map((id) => {
        const c = this.cohosts.get(id)!;
        return { sdpFile: c.sdpFile, video: c.forward.video, audio: c.forward.audio };
      }),
    ];
    const args = hlsArgs({ inputs, dir: this.dir, run, segmentS: this.o.config.segmentS, videoBitrate: this.o.config.videoBitrate });
    const child = spawnFfmpeg(this.o.ffmpeg, args);
    this.child = child;
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    child.on('error', (err) => this.o.log.error({ err, roomId: this.o.roomId }, 'egress: ffmpeg did not start'));
    child.on('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = undefined;
      if (this.finished || this.forward !== forward) return;
      this.o.onCrash?.();
      this.o.log.warn(
        { roomId: this.o.roomId, code, signal, stderr: stderr.trim().split('\n').slice(-3).join(' | ') },
        'egress: ffmpeg exited mid-live; restarting',
      );
      const wait = Math.min(5000, 500 * this.restarts);
      this.restartTimer = setTimeout(() => {
        this.restartTimer = undefined;
        void this.poll().then(() => {
          if (this.forward === forward) this.startRun();
        });
      }, wait);
    });
    // ffmpeg binds its UDP ports a moment after it starts: the keyframe it needs must come after that.
    setTimeout(() => this.requestKeyframes(), 300).unref();
    setTimeout(() => this.requestKeyframes(), 1000).unref();
  }

  /** Stops reading (the anchor's stream went); the live goes on when `attach` is called again. */
  async detach(): Promise<void> {
    const forward = this.forward;
    this.forward = undefined;
    clearTimeout(this.restartTimer);
    // ffmpeg first, while packets may still come (see stopFfmpeg); a seat change in progress first.
    await this.seatChange;
    await this.stopFfmpeg();
    await forward?.stop();
    for (const id of [...this.cohosts.keys()]) await this.closeCohost(id);
    // The last look after ffmpeg's end (after any look still uploading), so its last segment is taken.
    await this.inflight;
    await this.poll();
  }

  /** The live ended: last segments uploaded, the live playlist closed (ENDLIST), local files removed. */
  async finish(): Promise<Segment[]> {
    if (this.finished) return this.recorded;
    await this.detach();
    this.finished = true;
    clearInterval(this.poller);
    clearInterval(this.keyTimer);
    await this.putPlaylist(true).catch((err: unknown) => this.o.log.warn({ err, roomId: this.o.roomId }, 'egress: final playlist not written'));
    fs.rmSync(this.dir, { recursive: true, force: true });
    return this.recorded;
  }

  get recorded(): Segment[] {
    return this.segments.slice(0, this.recordedCount);
  }

  /**
   * SIGINT lets ffmpeg finish the segment it is writing; but blocked on a silent RTP socket (the
   * anchor already gone) it notices only at its 10 s read timeout: SIGKILL after a second, losing
   * at most the segment in progress.
   */
  private async stopFfmpeg(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 1000);
    await exited;
    clearTimeout(timer);
  }

  /** Uploads the segments ffmpeg finished since the last look, then the live playlist; a look already running is joined. */
  private poll(): Promise<void> {
    this.inflight ??= this.look().finally(() => (this.inflight = undefined));
    return this.inflight;
  }

  private async look(): Promise<void> {
    try {
      const local = path.join(this.dir, `r${this.run}.m3u8`);
      if (!fs.existsSync(local)) return;
      const done = finishedSegments(fs.readFileSync(local, 'utf8'));
      let added = false;
      for (const seg of done.slice(this.uploadedInRun)) {
        // Seen within a poll of ffmpeg finishing it: its start is about its length ago.
        const at = new Date(Date.now() - seg.d * 1000).toISOString();
        const file = path.join(this.dir, seg.name);
        const bytes = fs.readFileSync(file);
        // Not ffmpeg's name (`r1-00000.ts`): a name nobody can guess from the ones before it.
        const key = `${this.o.prefix}/${randomBytes(16).toString('hex')}.ts`;
        await this.o.storage.put(key, bytes, 'video/mp2t', { cacheControl: SEGMENT_CACHE });
        fs.rmSync(file, { force: true });
        this.segments.push({ key, d: seg.d, at, ...(this.uploadedInRun === 0 && this.segments.length > 0 ? { disc: true } : {}) });
        this.uploadedInRun++;
        this.o.onSegment?.();
        this.thumbSoon(bytes);
        added = true;
        if (this.o.config.replays && this.recordedCount === this.segments.length - 1 && Date.now() - this.startedAt < this.o.config.replayMaxMinutes * 60_000) {
          this.recordedCount++;
          this.recordedBytes += bytes.length;
        }
      }
      if (!added) return;
      await this.putPlaylist(false);
      await this.dropOld();
      this.o.onRecorded?.(this.recorded, this.recordedBytes);
    } catch (err) {
      this.o.log.warn({ err, roomId: this.o.roomId }, 'egress: segment upload failed; retrying');
    }
  }

  /** Every LIVE_THUMB_S, the first frame of a segment just uploaded becomes the live's patrol picture (liveThumb.ts); one at a time. */
  private thumbSoon(segment: Buffer): void {
    const every = this.o.config.thumbS * 1000;
    if (every === 0 || this.thumbing || Date.now() - this.thumbAt < every) return;
    this.thumbAt = Date.now();
    this.thumbing = keyframeJpeg(this.o.ffmpeg, segment)
      .then((jpeg) => this.o.storage.put(`${this.o.prefix}/thumb.jpg`, jpeg, 'image/jpeg', { cacheControl: 'no-cache' }))
      .catch((err: unknown) => this.o.log.warn({ err, roomId: this.o.roomId }, 'egress: patrol picture not made'))
      .finally(() => (this.thumbing = undefined));
  }

  private putPlaylist(ended: boolean): Promise<void> {
    const text = livePlaylist(this.segments, {
      window: this.o.config.windowSegments,
      segmentS: this.o.config.segmentS,
      ended,
      uri: (key) => key.slice(this.o.prefix.length + 1),
    });
    return this.o.storage.put(this.playlistKey, Buffer.from(text), 'application/vnd.apple.mpegurl', { cacheControl: LIVE_PLAYLIST_CACHE });
  }

  /** Unrecorded segments leave storage once two windows behind the live edge (a slow player may still fetch one). */
  private dropped = 0;
  private async dropOld(): Promise<void> {
    const keepFrom = this.segments.length - 2 * this.o.config.windowSegments;
    for (let i = Math.max(this.dropped, this.recordedCount); i < keepFrom; i++) {
      await this.o.storage.delete(this.segments[i]!.key);
      this.dropped = i + 1;
    }
  }
}
