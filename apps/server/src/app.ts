import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { systemClock, type Clock } from './clock.js';
import { isProduction, runs, type Config } from './config.js';
import { openDb, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './db/seed.js';
import type { Deps } from './deps.js';
import type { RouteEnv } from './http/routeEnv.js';
import { jsonSerializerCompiler, zodValidatorCompiler } from './http/validator.js';
import { egressEnabled, LiveEgress } from './modules/live/liveEgress.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { creatorRoutes } from './modules/creator/creator.routes.js';
import { IngestSampler } from './modules/health/ingestSampler.js';
import { createMediaEngine, mediaRoutes, Sfu, type MediaEngine } from './media/index.js';
import { attachMediaNodes } from './modules/room/mediaNodesWiring.js';
import { startDemoPublisher } from './media/demo/demoPublisher.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { operatorRoutes } from './modules/operator/operator.routes.js';
import { routeAuditor } from './modules/admin/audit.service.js';
import { anchorRoutes } from './modules/anchor/anchor.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { chatRoutes } from './modules/chat/chat.routes.js';
import { iceServersFor } from './modules/chat/call.config.js';
import { configRoutes } from './modules/config/config.routes.js';
import { fanClubRoutes } from './modules/fanclub/fanclub.routes.js';
import { boardRoutes } from './modules/room/board.routes.js';
import { forumRoutes } from './modules/forum/forum.routes.js';
import { gameRoutes } from './modules/game/game.routes.js';
import { gamesHostForClient } from './modules/game/games.config.js';
import { seedDemoForum } from './modules/forum/forum.seed.js';
import { financeRoutes } from './modules/finance/finance.routes.js';
import { demoGifts, demoGiftsOn } from './modules/finance/gift/demoGifts.js';
import { homeRoutes } from './modules/home/home.routes.js';
import { messageRoutes } from './modules/message/message.routes.js';
import { liveRoutes } from './modules/live/live.routes.js';
import { PollingJob } from './pollingJob.js';
import { pkRoutes } from './modules/pk/pk.routes.js';
import { envelopeRoutes } from './modules/envelope/envelope.routes.js';
import { luckyBagRoutes } from './modules/luckybag/luckybag.routes.js';
import { previewRoutes } from './modules/preview/preview.routes.js';
import { clipRoutes } from './modules/clip/clip.routes.js';
import { ShiftedClock } from './devClock.js';
import { roomRoutes } from './modules/room/room.routes.js';
import { seedDemoRooms } from './modules/room/room.seed.js';
import { socialRoutes } from './modules/social/social.routes.js';
import { uploadRoutes } from './modules/upload/upload.routes.js';
import { userRoutes } from './modules/user/user.routes.js';
import { verifyRoutes } from './modules/verify/verify.routes.js';
import { videoRoutes } from './modules/video/video.routes.js';
import { WebhookDispatcher } from './modules/webhook/dispatcher.js';
import { pushRoutes } from './modules/push/push.routes.js';
import { PushSender } from './modules/push/pushSender.js';
import { webhookRoutes } from './modules/webhook/webhook.routes.js';
import { registerCipher } from './plugins/cipher.js';
import { registerCompression } from './plugins/compression.js';
import { demoAccountsWithDemoPassword, refusalMessage, UnsafeProductionError } from './productionSafety.js';
import { Shutdown } from './shutdown.js';
import { traceFields } from './tracing/spans.js';
import { clientErrorAnswer, closingAnswer, frameworkErrorAnswer, registerEnvelope } from './plugins/envelope.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerRateLimit } from './plugins/rateLimit.js';
import { setCommonSecurityHeaders } from './plugins/securityHeaders.js';
import { Limiter } from './limits/limiter.js';
import { MemoryLimitStore } from './limits/memoryLimitStore.js';
import { RedisLimitStore } from './limits/redisLimitStore.js';
import { connectRedis, type RedisClients } from './plugins/redis.js';
import { registerFileRoutes, registerWebApp } from './plugins/staticFiles.js';
import { Hall } from './realtime/hall.js';
import { NOTICE_PUSH_POLL_MS } from './modules/message/message.service.js';
import { RoomHub } from './realtime/room.js';
import { createServices, type Services } from './services.js';
import { createSmsSender } from './sms/createSmsSender.js';
import { createStorage } from './storage/createStorage.js';
import { Worker, type Job } from './worker.js';
import { backupJob } from './modules/backup/backup.job.js';
import { paymentsJob } from './modules/finance/recharge/payments.job.js';
import { watchRoles } from './modules/metrics/appMetrics.js';
import { registerHttpMetrics } from './modules/metrics/httpMetrics.js';
import { Metrics } from './modules/metrics/metrics.js';
import { closeMetrics, listenMetrics, registerMetricsRoute } from './modules/metrics/metricsServer.js';

// Validation messages for fields without a message of their own, in the source language.
z.config(z.locales.zhCN());

export interface BuiltApp {
  app: FastifyInstance;
  deps: Deps;
  services: Services;
  hall: Hall;
  /** Whether the web app is served (WEB_DIST has a build). */
  webApp: boolean;
  /** The worker role's jobs and lease, on an instance with that role. */
  worker: Worker | undefined;
  /** The media engine of this instance (tests publish into it directly). */
  sfu: MediaEngine;
  /** The HLS egress of the rooms whose anchor publishes here (listening with the media role and LIVE_EGRESS on). */
  egress: LiveEgress;
  /** The stream health sampler of this instance's anchor streams (tests take a look at once). */
  ingest: IngestSampler;
  /** The stop's progress (a stop that hangs names its step). */
  shutdown: Shutdown;
  /** This process's Prometheus metrics. */
  metrics: Metrics;
}

const JSON_LIMIT = 256 * 1024;
const UPLOAD_LIMIT = 10 * 1024 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Builds one server instance: opens and migrates the database, seeds demo content when asked,
 * and, for the roles it runs (config.roles), registers the contract's routes and the static files
 * (api), accepts hall and room sockets (realtime), serves WHIP/WHEP and the demo streams (media)
 * and competes for the background jobs (worker). Does not listen.
 */
export async function buildApp(config: Config, opts: { clock?: Clock } = {}): Promise<BuiltApp> {
  const db: Db = openDb(config);
  let redis: RedisClients | undefined;
  try {
    await migrateToLatest(db);
    if (isProduction(config)) {
      const open = await demoAccountsWithDemoPassword(db);
      if (open.length > 0)
        throw new UnsafeProductionError(
          refusalMessage(
            open.map((m) => ({
              setting: `account ${m}`,
              problem: 'is a demo account with the public demo password; change its password or disable it (it came from a database seeded with demo content)',
            })),
          ),
        );
    }
    if (config.seedDemo) await seedDemo(db);
    if (config.seedDemo) await seedDemoRooms(db);
    if (config.seedDemo) await seedDemoForum(db);
    if (config.redisUrl) redis = await connectRedis(config.redisUrl);
  } catch (err) {
    await db.close();
    throw err;
  }

  // Request ids: this process's random tag and a counter (a UUID a request cost more than it says).
  const idTag = randomBytes(4).toString('hex');
  let idSeq = 0;
  const app = Fastify({
    // Inside a trace, each line carries the span's ids (logs and traces join on trace_id).
    logger: { level: config.logLevel, ...(config.tracing ? { mixin: traceFields } : {}) },
    bodyLimit: JSON_LIMIT,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    // A caller's request id is kept when it looks like one, so logs can be followed across hops.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : `${idTag}-${(++idSeq).toString(36)}`;
    },
    routerOptions: { ignoreTrailingSlash: true },
    // Every answer is the envelope, even those given before a route runs: requests Node's parser
    // refuses, paths that do not decode, and requests that arrive while shutting down (the
    // onRequest hook below answers those 503, instead of Fastify's own plain JSON).
    clientErrorHandler: clientErrorAnswer,
    frameworkErrors: frameworkErrorAnswer,
    return503OnClosing: false,
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  let closing = false;
  // Callback-style hooks: this runs on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    setCommonSecurityHeaders(reply);
    // While shutting down, new requests are refused and their keep-alive connection closed, so
    // the server can stop at once.
    if (closing) return void reply.header('connection', 'close').status(503).send(closingAnswer());
    done();
  });

  // Every instance can push events (through the Redis adapter); only the realtime role takes sockets.
  const hall = new Hall(runs(config, 'realtime') ? app.server : undefined, {
    log: app.log,
    redis: redis ? { pub: redis.cmd, sub: redis.sub, prefix: config.redisPrefix } : undefined,
  });
  // The media engine: the SFU in this process (default), or Janus nodes (MEDIA_ENGINE=janus).
  const engine = runs(config, 'media') ? await createMediaEngine(config.media) : new Sfu(config.media);
  // Limits per user and per IP, shared by every instance through Redis when it is configured.
  const limits = new Limiter(redis ? new RedisLimitStore(redis.cmd, config.redisPrefix) : new MemoryLimitStore(), app.log);
  const rooms = new RoomHub(hall.io, {
    log: app.log,
    sfu: engine,
    limits,
    trustProxy: config.trustProxy,
    redis: redis ? { cmd: redis.cmd, prefix: config.redisPrefix } : undefined,
  });
  const metrics = new Metrics([...config.roles].join(','), app.log);
  const deps: Deps = {
    config,
    db,
    metrics,
    log: app.log,
    // Outside production the clock can be moved on (the dev/clock call), so scheduled work can be tried.
    clock: opts.clock ?? (config.devRoutes ? new ShiftedClock() : systemClock),
    hall,
    rooms,
    storage: createStorage(config.dataDir, config.publicUrl, config.s3),
    sms: createSmsSender(config.smsProvider, config.sms, db, app.log),
    redis: redis?.cmd,
    limits,
  };
  const services = createServices(deps);
  // HLS of the rooms whose anchor stream this instance hosts; any instance can sweep a dead one's egress.
  const egress = new LiveEgress(deps, engine, services.room.lease);
  if (runs(config, 'media') && egressEnabled(config.egress, config.nodeEnv)) egress.listen();
  // Stream health measured on this instance's anchor streams (WHIP ingest), at most one sample per LIVE_HEALTH_S.
  const ingest = new IngestSampler(engine, services.health, config.egress.healthS * 1000, (err) => app.log.warn({ err }, 'stream health sample not kept'));
  if (runs(config, 'media')) ingest.start();
  if (runs(config, 'realtime')) {
    hall.listen(services.sessions, services.message, services.chat, services.social, db);
    rooms.listen(services.sessions, services.room, services.roomLive);
  }

  app.decorateRequest('caller', null);
  registerHttpMetrics(app, metrics);
  registerMetricsRoute(app, metrics, config.metrics);
  await registerRateLimit(app, { redis: redis?.cmd, prefix: config.redisPrefix });
  registerEnvelope(app);
  registerCipher(app, config.cipherKey, config.cipherIv);
  await registerCompression(app);
  await registerOpenApi(app, { gamesHost: gamesHostForClient(config.games) });

  const dev = config.devRoutes;
  const env: RouteEnv = {
    config,
    services,
    plain: { sessions: services.sessions, dev, audit: routeAuditor(db.kysely), operators: services.operators },
    limited: { sessions: services.sessions, dev, limit: { max: config.authRatePerMinute, timeWindow: '1 minute' } },
  };
  if (runs(config, 'api')) {
    // Multipart only where a file is taken: its hooks (a close listener and a cleanup on every
    // response) would otherwise run on every request. Elsewhere a multipart body is a 415.
    await app.register(async (uploads) => {
      await uploads.register(multipart, { limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 8, fieldSize: 1024, parts: 10 } });
      uploadRoutes(uploads, env);
    });
    for (const routes of [
      configRoutes,
      authRoutes,
      verifyRoutes,
      userRoutes,
      homeRoutes,
      messageRoutes,
      adminRoutes,
      operatorRoutes,
      financeRoutes,
      anchorRoutes,
      roomRoutes,
      forumRoutes,
      socialRoutes,
      chatRoutes,
      gameRoutes,
      videoRoutes,
      liveRoutes,
      fanClubRoutes,
      pkRoutes,
      envelopeRoutes,
      luckyBagRoutes,
      previewRoutes,
      clipRoutes,
      boardRoutes,
      webhookRoutes,
      pushRoutes,
      healthRoutes,
      creatorRoutes,
    ]) {
      routes(app, env);
    }
  }
  if (runs(config, 'media')) {
    // WHIP/WHEP: encapsulated (its SDP parser and plain-JSON errors stay inside), authorized by media
    // tokens, and kept out of the OpenAPI document (not contract calls: SDP in, SDP out).
    await app.register(async (media) => {
      media.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, hide: true };
      });
      // WHIP/WHEP clients get the calls' STUN/TURN servers as Link headers (TURN credentials per user).
      const iceServers = (userId: string | undefined) => iceServersFor(config.call, Number(userId) || 0).ice_servers;
      await media.register(mediaRoutes, {
        engine,
        authorize: services.roomMedia.authorize,
        iceServers,
        sessionBase: config.media.publicUrl,
        candidates: { cidrs: config.media.candidateCidrs, privateAllowed: !isProduction(config) },
      });
    });
    // This process's media node(s) in the nodes table, where rooms are placed.
    attachMediaNodes(services.room.mediaNodes, engine, services.room.lease.id, app.log);
  }

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await db.kysely.selectFrom('settings').select('key').limit(1).execute();
      if (redis) await redis.cmd.ping();
      // The roles, and whether this instance runs the background jobs now (the worker lease).
      const jobs = worker ? (worker.lease.isLeader ? 'leader' : 'standby') : 'off';
      return { code: 200, msg: 'ok', data: { db: 'ok', redis: redis ? 'ok' : 'off', roles: [...config.roles], worker: jobs } };
    } catch (err) {
      app.log.error({ err }, 'health check failed');
      return reply.status(503).send({ code: 50000, msg: 'unhealthy', data: null });
    }
  });

  let webApp = false;
  if (runs(config, 'api')) {
    await registerFileRoutes(app, path.join(config.dataDir, 'uploads'));
    webApp = await registerWebApp(app, config.webDist, {
      urls: [config.publicUrl, config.media.publicUrl, config.s3?.publicUrl ?? '', ...config.cspExtraOrigins],
      gamesHost: gamesHostForClient(config.games),
    });
  }

  // Shutdown order: stop taking sockets, let Fastify finish in-flight requests (a bounded drain,
  // shutdown.ts), then close the rest, step by step, media first: its publisher events still write
  // to the database, which closes last.
  const shutdown = new Shutdown(app.log);
  let metricsListener: Server | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    shutdown.drain(app.server);
    hall.disconnectLocal();
  });
  app.addHook('onClose', async () => {
    await shutdown.step('metrics', () => closeMetrics(metricsListener));
    await shutdown.step('worker', () => worker?.stop());
    await shutdown.step('demo streams', () => demo?.stop());
    await shutdown.step('egress', () => egress.stop());
    ingest.stop();
    await shutdown.step('media engine', () => engine.shutdown());
    await shutdown.step('room channel', () => rooms.close());
    await shutdown.step('pk', () => services.pk.dispose());
    await shutdown.step('red envelopes', () => services.envelopes.dispose());
    await shutdown.step('lucky bags', () => services.luckyBags.dispose());
    await shutdown.step('rooms', () => services.room.dispose());
    await shutdown.step('hall', () => hall.close());
    await shutdown.step('redis', () => redis?.close());
    await shutdown.step('storage', () => deps.storage.close?.());
    await shutdown.step('database', () => db.close());
    shutdown.finished();
  });

  const demo =
    config.seedDemo && runs(config, 'media') && engine instanceof Sfu
      ? await startDemoPublisher({ sfu: engine, db, log: app.log, config: config.room, nodeEnv: config.nodeEnv, ffmpeg: config.video.ffmpeg })
      : undefined;

  const jobs: Job[] = [];
  let stopSweeps: (() => void) | undefined;
  jobs.push({ name: 'room sweeps', start: () => void (stopSweeps = services.room.startSweeps()), stop: () => stopSweeps?.() });
  let stopPkSweeps: (() => void) | undefined;
  jobs.push({ name: 'pk battles (deadlines, lost streams)', start: () => void (stopPkSweeps = services.pk.startSweeps()), stop: () => stopPkSweeps?.() });
  jobs.push(
    new PollingJob(
      'red envelopes (refunds after 24 h)',
      config.envelope.sweepMs,
      (running) => services.envelopes.sweep(running).then(() => undefined),
      app.log,
    ),
  );
  jobs.push(
    new PollingJob(
      'lucky bags (draws whose timer did not run)',
      config.luckyBag.sweepMs,
      (running) => services.luckyBags.sweep(running).then(() => undefined),
      app.log,
    ),
  );
  jobs.push(new PollingJob('live stats (viewer samples of each live, their retention)', config.creator.sampleMs, () => services.creator.sample(), app.log));
  jobs.push(new PollingJob('live preview reminders', config.preview.sweepMs, (running) => services.previews.sweep(running).then(() => undefined), app.log));
  jobs.push({ name: 'videos (transcode queue, upload sweep, demo clips)', start: () => services.video.start(), stop: () => services.video.stop() });
  if (config.seedDemo && demoGiftsOn(config.finance.demoGifts, config.nodeEnv))
    jobs.push(demoGifts({ db, log: app.log, ledger: services.finance.ledger, gifts: services.finance.gift, spreadMs: 3 * 60_000 }));
  let noticePushes: NodeJS.Timeout | undefined;
  jobs.push({
    name: 'notice pushes (notices the operator CLI wrote)',
    start: () => {
      const push = () => void services.message.pushQueued().catch((err: unknown) => app.log.warn({ err }, 'queued notice push failed'));
      noticePushes = setInterval(push, NOTICE_PUSH_POLL_MS);
      noticePushes.unref();
    },
    stop: () => clearInterval(noticePushes),
  });
  let egressSweep: NodeJS.Timeout | undefined;
  let retention: NodeJS.Timeout | undefined;
  const keepReplays = () => void services.replays.sweepRetention().catch((err: unknown) => app.log.warn({ err }, 'replay retention sweep failed'));
  jobs.push({
    name: 'egress sweep (egress of gone instances), replay retention',
    start: () => {
      egressSweep = setInterval(
        () => void egress.sweep().catch((err: unknown) => app.log.warn({ err }, 'egress sweep failed')),
        Math.max(1000, Math.min(10_000, config.room.instanceLeaseMs / 2)),
      );
      egressSweep.unref();
      keepReplays();
      retention = setInterval(keepReplays, 10 * 60_000);
      retention.unref();
    },
    stop: () => {
      clearInterval(egressSweep);
      clearInterval(retention);
    },
  });
  if (config.backup.intervalMin > 0) jobs.push(backupJob(deps));
  const { recharge, reconcile } = services.finance;
  jobs.push(paymentsJob({ recharge, reconcile, config: config.finance, log: app.log }));
  jobs.push(new WebhookDispatcher(db, config.webhook, app.log).job);
  if (config.push.vapid) jobs.push(new PushSender(db, config.push, app.log).job);
  const worker = runs(config, 'worker') ? new Worker({ db, log: app.log, jobs, leaseMs: config.workerLeaseMs }) : undefined;

  watchRoles(metrics, { deps, hall, services, egress, worker });
  await app.ready();
  if (config.metrics.port > 0) {
    metricsListener = await listenMetrics(metrics, config.metrics, config.metrics.port).catch(async (err: unknown) => {
      await app.close();
      throw err;
    });
  }
  await worker?.start();
  return { app, deps, services, hall, webApp, worker, egress, ingest, sfu: engine, shutdown, metrics };
}
