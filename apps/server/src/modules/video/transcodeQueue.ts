import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Deps } from '../../deps.js';
import { nowIso } from '../../db/time.js';
import { probe } from './ffmpeg.js';
import { transcode } from './transcode.js';
import { videoRepository as repo } from './video.repository.js';
import { VideoSources } from './videoSource.js';

/** A job is tried this many times before it is marked failed. */
const MAX_ATTEMPTS = 3;

export interface QueueOptions {
  /** Where uploaded source files wait for their transcode. */
  incomingDir: string;
  concurrency: number;
  /** Address-space limit of each ffmpeg, MB (0: none). */
  ffmpegMemoryMb?: number;
  pollMs?: number;
  /** How long a claimed job stays this worker's without a renewal; a dead worker's job is taken over after it. */
  leaseMs?: number;
}

/**
 * The transcode job queue. Jobs are rows of `video_resources` (uploaded → processing → ready |
 * failed), claimed with a guarded UPDATE and held by a lease the worker renews while ffmpeg runs:
 * a job whose process died (a crash, a restart, a deploy) is taken over once its lease runs out,
 * by this process after a restart or by any other instance.
 */
export class TranscodeQueue {
  private timer: NodeJS.Timeout | undefined;
  private running = 0;
  private stopping = false;
  private abort = new AbortController();
  private readonly jobs = new Set<Promise<void>>();
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly sources: VideoSources;

  constructor(
    private readonly deps: Deps,
    private readonly opts: QueueOptions,
  ) {
    this.pollMs = opts.pollMs ?? 2_000;
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.sources = new VideoSources(deps.storage, opts.incomingDir);
  }

  /** Takes jobs from now on (the worker role, while it leads); may be started again after stop(). */
  start(): void {
    if (this.timer) return;
    this.stopping = false;
    this.abort = new AbortController();
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Looks for work now (after an upload completes) instead of at the next poll. */
  kick(): void {
    // Only a started queue works: an instance without the worker role leaves the job to the worker.
    if (this.stopping || !this.timer) return;
    if (this.running < this.opts.concurrency) {
      this.running++;
      const job = this.takeOne()
        .catch((err: unknown) => this.deps.log.error({ err }, 'transcode queue: claim failed'))
        .finally(() => {
          this.running--;
          this.jobs.delete(job);
        });
      this.jobs.add(job);
    }
  }

  /** Stops taking jobs and kills running ffmpeg processes; their rows are taken over after the lease. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.abort.abort();
    await Promise.allSettled([...this.jobs]);
  }

  private async takeOne(): Promise<void> {
    const db = this.deps.db.kysely;
    const now = nowIso();
    const next = await repo.nextJob(db, now);
    if (!next || this.stopping) return;
    if (!(await repo.claim(db, next, this.leaseEnd(), now))) {
      setImmediate(() => this.kick()); // someone else took it: look again
      return;
    }
    await this.run(next.id);
    setImmediate(() => this.kick());
  }

  private leaseEnd(): string {
    return new Date(Date.now() + this.leaseMs).toISOString();
  }

  private async run(id: number): Promise<void> {
    const db = this.deps.db.kysely;
    const row = await repo.resource(db, id);
    if (!row) return;
    const renew = setInterval(
      () => {
        repo.renewLease(db, id, this.leaseEnd()).catch((err: unknown) => this.deps.log.warn({ err, id }, 'transcode lease renewal failed'));
      },
      Math.max(500, this.leaseMs / 3),
    );
    const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'transcode-'));
    const started = Date.now();
    try {
      // This instance's file of a chunked upload, or (S3) a copy of the source from the bucket.
      const src = await this.sources.fetch(row.upload_id, workDir);
      const info = src && (await probe(this.deps.config.video, src));
      if (!src || !info) throw new Error('source missing or unreadable');
      const out = await transcode(src, info, workDir, this.deps.storage, {
        programs: this.deps.config.video,
        signal: this.abort.signal,
        memoryMb: this.opts.ffmpegMemoryMb,
      });
      if (this.stopping) return;
      await repo.update(db, id, {
        status: 'ready',
        renditions: JSON.stringify(out.renditions),
        poster: out.poster,
        error: '',
        lease_until: null,
        updated_at: nowIso(),
      });
      await this.sources.remove(row.upload_id);
      this.deps.log.info({ id, ms: Date.now() - started }, 'video transcoded');
    } catch (err) {
      if (this.stopping) return; // the lease runs out and the job is taken over after the restart
      const last = row.attempts >= MAX_ATTEMPTS; // the claim counted this attempt
      this.deps.log.warn({ err, id, attempt: row.attempts }, 'video transcode failed');
      await repo.update(
        db,
        id,
        last
          ? { status: 'failed', error: '视频转码失败，请换一个文件重试', lease_until: null, updated_at: nowIso() }
          : { status: 'uploaded', lease_until: null, updated_at: nowIso() },
      );
      if (last) await this.sources.remove(row.upload_id);
    } finally {
      clearInterval(renew);
      await fs.rm(workDir, { recursive: true, force: true });
    }
  }
}
