import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database.js';
import { LeaderLease } from './db/leaderLease.js';

/** A background duty of the worker role: started when this instance leads, stopped when it stops leading. */
export interface Job {
  name: string;
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
}

export interface WorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  jobs: Job[];
  leaseMs: number;
}

/**
 * The worker role: the background jobs (room sweeps, the transcode queue, clean-ups), run on one
 * instance at a time under a leader lease in the database. Every instance with the role competes for
 * the lease; when the leader dies, another takes the jobs over within one lease's length.
 */
export class Worker {
  readonly lease: LeaderLease;
  private running: Job[] = [];

  constructor(private readonly opts: WorkerOptions) {
    this.lease = new LeaderLease(() => opts.db.kysely, 'worker', randomUUID(), {
      leaseMs: opts.leaseMs,
      onLead: () => this.startJobs(),
      onLose: () => this.stopJobs(),
      onError: (err) => opts.log.warn({ err }, 'worker lease: database unreachable'),
    });
  }

  start(): Promise<void> {
    return this.lease.start();
  }

  private async startJobs(): Promise<void> {
    this.opts.log.info({ jobs: this.opts.jobs.map((j) => j.name) }, 'worker: leading, starting the background jobs');
    for (const job of this.opts.jobs) {
      await job.start();
      this.running.push(job);
    }
  }

  private async stopJobs(): Promise<void> {
    const jobs = this.running.reverse();
    this.running = [];
    for (const job of jobs) await job.stop();
    this.opts.log.info('worker: background jobs stopped');
  }

  stop(): Promise<void> {
    return this.lease.stop();
  }
}
