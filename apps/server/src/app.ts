import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { systemClock, type Clock } from './clock.js';
import { isProduction, runs, type Config } from './config.js';
import { openDb, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemoContent } from './demo/seed.js';
import type { Deps } from './deps.js';
import type { RouteEnv } from './http/routeEnv.js';
import { jsonSerializerCompiler, zodValidatorCompiler } from './http/validator.js';
import type { MediaEngine } from './media/index.js';
import type { IngestSampler } from './modules/health/ingestSampler.js';
import type { LiveEgress } from './modules/live/liveEgress.js';
import { routeAuditor } from './modules/admin/audit.service.js';
import { gamesHostForClient } from './config/games.config.js';
import { ShiftedClock } from './devClock.js';
import { registerCipher } from './plugins/cipher.js';
import { registerCompression } from './plugins/compression.js';
import { demoAccountsWithDemoPassword, refusalMessage, UnsafeProductionError } from './productionSafety.js';
import { Shutdown } from './shutdown.js';
import { traceFields } from './tracing/spans.js';
import { clientErrorAnswer, closingAnswer, frameworkErrorAnswer, registerEnvelope } from './http/envelope.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerRateLimit } from './plugins/rateLimit.js';
import { setCommonSecurityHeaders } from './plugins/securityHeaders.js';
import { Limiter } from './limits/limiter.js';
import { MemoryLimitStore } from './limits/memoryLimitStore.js';
import { RedisLimitStore } from './limits/redisLimitStore.js';
import { connectRedis, type RedisClients } from './plugins/redis.js';
import { Hall } from './realtime/hall.js';
import { apiRole } from './roles/api.js';
import { demoStreams, mediaEngineOf, mediaRole } from './roles/media.js';
import { realtimeRole } from './roles/realtime.js';
import { workerRole } from './roles/worker.js';
import { RoomHub } from './realtime/room.js';
import { createServices, type Services } from './services.js';
import { createSmsSender } from './sms/createSmsSender.js';
import { createStorage } from './storage/createStorage.js';
import type { Worker } from './worker.js';
import { watchRoles } from './roles/gauges.js';
import { registerHttpMetrics } from './metrics/httpMetrics.js';
import { Metrics } from './metrics/metrics.js';
import { closeMetrics, listenMetrics, registerMetricsRoute } from './metrics/metricsServer.js';

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
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Builds one server instance: opens and migrates the database, seeds demo content when asked, wires
 * the services, and starts the roles it runs (config.roles), each in its file under roles/: the
 * contract's calls and the web app (api), hall and room sockets (realtime), WHIP/WHEP, the HLS
 * egress and the demo streams (media), and the background jobs under the worker lease (worker).
 * Does not listen.
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
    if (config.seedDemo) await seedDemoContent(db);
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
  const engine = await mediaEngineOf(config);
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
  realtimeRole(deps, services, { hall, rooms });

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
  const webApp = await apiRole(app, env);
  const { egress, ingest } = await mediaRole(app, deps, services, engine);

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

  const demo = await demoStreams(deps, engine);
  const worker = workerRole(deps, services, egress);

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
