import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { ErrorCode, gamesHostCalls as f4, gamesInternalCalls } from '@app/contract';
import type { Config } from '../config.js';
import { BizError } from '../http/errors.js';
import { serve, type ServeOptions } from '../http/serve.js';
import { jsonSerializerCompiler, zodValidatorCompiler } from '../http/validator.js';
import { registerHttpMetrics } from '../metrics/httpMetrics.js';
import { Metrics } from '../metrics/metrics.js';
import { registerMetricsRoute } from '../metrics/metricsServer.js';
import { tokenFromHeader } from '../lib/token.js';
import type { GamesConfig } from '../config/games.config.js';
import { ok, registerEnvelope } from '../http/envelope.js';
import { registerRateLimit } from '../plugins/rateLimit.js';
import type { GamesDb } from './db.js';
import { GamesHostService } from './host.service.js';
import { gamesAnswers, registerGamesOpenApi } from './openapi.js';
import { registerGamePages } from './pages.js';
import { Platform } from './platform.js';
import { GameWallets } from './wallet.js';

const ALLOW_HEADERS = 'authorization, content-type, device, constraint, requested-encrypt, notoken, x-request-id';

export interface GamesHost {
  app: FastifyInstance;
  wallets: GameWallets;
  service: GamesHostService;
  /** The games host's metrics (HTTP answers and the process): its own listener, or /metrics behind the token. */
  metrics: Metrics;
}

/**
 * The games host: `/api/f4/*` (contract `gamesHostCalls`), the game pages under `/play/`, and an
 * internal books call for the agreement checks (`gamesInternalCalls.hostBooks`). Its own Fastify
 * instance, port and database; its calls are contract routes served by `serve()` like the main server's.
 */
export async function buildGamesHost(config: Config, games: GamesConfig, db: GamesDb): Promise<GamesHost> {
  const app = Fastify({ logger: { level: config.logLevel }, bodyLimit: 16 * 1024, trustProxy: config.trustProxy });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  app.decorateRequest('caller', null);
  const metrics = new Metrics('games', app.log);
  registerHttpMetrics(app, metrics);
  registerMetricsRoute(app, metrics, { ...config.metrics, port: config.metrics.gamesPort ?? 0 });
  // Per IP, in memory: there is one games host per deployment (docs/decisions/0112-per-ip-rate-limit-on-the-games-host.md).
  await registerRateLimit(app, { prefix: 'games:' });
  registerEnvelope(app);
  // The web app calls from its own origin with a bearer token (no cookies), so any origin may call.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      reply
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', ALLOW_HEADERS)
        .header('access-control-max-age', '600');
      return reply.status(204).send();
    }
    done();
  });
  // navigator.sendBeacon (the page closing) can only send text/plain without a preflight: it carries JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(new BizError(ErrorCode.VALIDATION, 'body: JSON 格式错误', { status: 400 }), undefined);
    }
  });

  const platform = new Platform(games.mainUrl, games.secret);
  const wallets = new GameWallets(db, platform, app.log);
  const service = new GamesHostService(db, platform, wallets, games);
  const pageBase = (req: FastifyRequest) => games.publicUrl || `${req.protocol}://${req.headers.host ?? `127.0.0.1:${games.port}`}`;

  // Before the routes: the document is built from the routes as they are added.
  await registerGamesOpenApi(app);
  // Counted per call and IP. The games host has no platform sessions: `platform` routes hand the token to the main server.
  const calls: ServeOptions = { dev: config.devRoutes, limit: { max: games.ratePerMinute, timeWindow: '1 minute' }, responses: gamesAnswers };
  serve(app, f4.f4Login, calls, ({ body, req }) => service.login(tokenFromHeader(req.headers.authorization), body, pageBase(req)));
  serve(app, f4.f4TransIn, calls, ({ body }) => service.transIn(body.session, body.amount, body.request_id));
  serve(app, f4.f4TransOut, calls, ({ body }) => service.transOut(body.session, body.request_id, body.close ?? false));
  serve(app, f4.f4Balance, calls, ({ body }) => service.balance(body.session));
  serve(app, f4.f4RoundStart, calls, ({ body }) => service.roundStart(body.session, body.request_id));
  serve(app, f4.f4RoundScore, calls, ({ body }) => service.roundScore(body.session, body.round_id, body.score));
  serve(app, gamesInternalCalls.hostBooks, { dev: config.devRoutes, secret: games.secret }, async ({ body }) => ({
    users: await wallets.books(body.user_ids),
  }));

  app.get('/healthz', { schema: { hide: true } }, async () => ok({ pid: process.pid }));
  await registerGamePages(app);
  return { app, wallets, service, metrics };
}
