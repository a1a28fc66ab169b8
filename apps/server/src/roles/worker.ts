import type { FastifyBaseLogger } from 'fastify';
import { runs } from '../config.js';
import type { Deps } from '../deps.js';
import type { LiveEgress } from '../modules/live/liveEgress.js';
import { backupJob } from '../modules/backup/backup.job.js';
import { paymentsJob } from '../modules/finance/recharge/payments.job.js';
import { demoGifts, demoGiftsOn } from '../demo/demoGifts.js';
import { seedDemoVideos } from '../demo/video.seed.js';
import { NOTICE_PUSH_POLL_MS } from '../modules/message/message.service.js';
import { PushSender } from '../modules/push/pushSender.js';
import { WebhookDispatcher } from '../modules/webhook/dispatcher.js';
import { PollingJob } from '../pollingJob.js';
import type { Services } from '../services.js';
import { Worker, type Job } from '../worker.js';

/** An interval job: `tick` every `ms` while this instance leads, its failures logged. */
function every(name: string, ms: number, tick: () => Promise<unknown>, log: FastifyBaseLogger, what: string): Job {
  let timer: NodeJS.Timeout | undefined;
  return {
    name,
    start: () => {
      timer = setInterval(() => void tick().catch((err: unknown) => log.warn({ err }, what)), ms);
      timer.unref();
    },
    stop: () => clearInterval(timer),
  };
}

/** The background jobs, one list: what the leading worker runs. */
function jobsOf(deps: Deps, services: Services, egress: LiveEgress): Job[] {
  const { config, db, log } = deps;
  const jobs: Job[] = [];
  let stopSweeps: (() => void) | undefined;
  jobs.push({ name: 'room sweeps', start: () => void (stopSweeps = services.room.startSweeps()), stop: () => stopSweeps?.() });
  let stopPkSweeps: (() => void) | undefined;
  jobs.push({ name: 'pk battles (deadlines, lost streams)', start: () => void (stopPkSweeps = services.pk.startSweeps()), stop: () => stopPkSweeps?.() });
  jobs.push(
    new PollingJob('red envelopes (refunds after 24 h)', config.envelope.sweepMs, (running) => services.envelopes.sweep(running).then(() => undefined), log),
  );
  jobs.push(
    new PollingJob(
      'lucky bags (draws whose timer did not run)',
      config.luckyBag.sweepMs,
      (running) => services.luckyBags.sweep(running).then(() => undefined),
      log,
    ),
  );
  jobs.push(new PollingJob('live stats (viewer samples of each live, their retention)', config.creator.sampleMs, () => services.creator.sample(), log));
  jobs.push(new PollingJob('live preview reminders', config.preview.sweepMs, (running) => services.previews.sweep(running).then(() => undefined), log));
  jobs.push({ name: 'videos (transcode queue, upload sweep)', start: () => services.video.start(), stop: () => services.video.stop() });
  jobs.push({
    name: 'demo videos (made once, on a demo database)',
    start: () => {
      const { config: videoConfig, queue, incomingDir } = services.video;
      void seedDemoVideos(deps, videoConfig, queue, incomingDir).catch((err: unknown) => log.warn({ err }, 'demo videos not made'));
    },
    stop: () => undefined,
  });
  if (config.seedDemo && demoGiftsOn(config.finance.demoGifts, config.nodeEnv))
    jobs.push(demoGifts({ db, log, ledger: services.finance.ledger, gifts: services.finance.gift, spreadMs: 3 * 60_000 }));
  jobs.push(
    every('notice pushes (notices the operator CLI wrote)', NOTICE_PUSH_POLL_MS, () => services.message.pushQueued(), log, 'queued notice push failed'),
  );
  jobs.push(
    every(
      'egress sweep (egress of gone instances)',
      Math.max(1000, Math.min(10_000, config.room.instanceLeaseMs / 2)),
      () => egress.sweep(),
      log,
      'egress sweep failed',
    ),
  );
  const retention = every('replay retention', 10 * 60_000, () => services.replays.sweepRetention(), log, 'replay retention sweep failed');
  // The retention sweep runs once at the start of the lead, then every ten minutes.
  jobs.push({
    name: retention.name,
    start: () => {
      void services.replays.sweepRetention().catch((err: unknown) => log.warn({ err }, 'replay retention sweep failed'));
      return retention.start();
    },
    stop: () => retention.stop(),
  });
  if (config.backup.intervalMin > 0) jobs.push(backupJob(deps));
  const { recharge, reconcile } = services.finance;
  jobs.push(paymentsJob({ recharge, reconcile, config: config.finance, log }));
  jobs.push(new WebhookDispatcher(db, config.webhook, log).job);
  if (config.push.vapid) jobs.push(new PushSender(db, config.push, log).job);
  return jobs;
}

/**
 * The worker role: the background jobs, run by one instance at a time under the worker lease
 * (worker.ts). Undefined on an instance without the role.
 */
export function workerRole(deps: Deps, services: Services, egress: LiveEgress): Worker | undefined {
  if (!runs(deps.config, 'worker')) return undefined;
  return new Worker({ db: deps.db, log: deps.log, jobs: jobsOf(deps, services, egress), leaseMs: deps.config.workerLeaseMs });
}
