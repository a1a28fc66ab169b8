import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { gamesHostCalls, type RouteBody, type RouteDef } from '@app/contract';
import type { Config } from '../config.js';
import { jsonSerializerCompiler, zodValidatorCompiler } from '../http/validator.js';
import { tokenFromHeader } from '../modules/auth/token.js';
import type { GamesConfig } from '../modules/game/games.config.js';
import { internalBooksBody, SECRET_HEADER } from '../modules/game/internal.schema.js';
import { ok, registerEnvelope } from '../plugins/envelope.js';
import { registerRateLimit } from '../plugins/rateLimit.js';
import { BizError } from '../http/errors.js';
import { ErrorCode } from '@app/contract';
import type { GamesDb } from './db.js';
import { GamesHostService } from './host.service.js';
import { registerGamesOpenApi, responsesOf } from './openapi.js';
import { registerGamePages } from './pages.js';
import { Platform } from './platform.js';
import { GameWallets } from './wallet.js';

const ALLOW_HEADERS = 'authorization, content-type, device, constraint, requested-encrypt, notoken, x-request-id';

export interface GamesHost {
  app: FastifyInstance;
  wallets: GameWallets;
  service: GamesHostService;
}

/**
 * The games host: `/api/f4/*` (contract `gamesHostCalls`), the game pages under `/play/`, and an
 * internal books call for the agreement checks. Its own Fastify instance, port and database.
 */
export async function buildGamesHost(config: Config, games: GamesConfig, db: GamesDb): Promise<GamesHost> {
  const app = Fastify({ logger: { level: config.logLevel }, bodyLimit: 16 * 1024, trustProxy: config.trustProxy });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  // Per IP, in memory: there is one games host per deployment (docs/decisions/0112-per-ip-rate-limit-on-the-games-host.md).
  await registerRateLimit(app, { prefix: 'games:' });
  registerEnvelope(app);
  // The web app calls from its own origin with a bearer token (no cookies), so any origin may call.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      reply.header('access-control-allow-methods', 'GET, POST, OPTIONS').header('access-control-allow-headers', ALLOW_HEADERS).header('access-control-max-age', '600');
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
  /** One games-host call: the contract's body schema validates (and documents) the input, its data schema checks the answer. */
  const route = <N extends keyof typeof gamesHostCalls>(name: N, handler: (body: RouteBody<(typeof gamesHostCalls)[N]>, req: FastifyRequest) => Promise<unknown>) => {
    const def: RouteDef = gamesHostCalls[name];
    app.route({
      method: 'POST',
      url: def.path,
      schema: { tags: [def.tag], summary: def.summary, body: def.body, ...(def.auth === 'public' ? {} : { security: [{ token: [] }] }), response: responsesOf(name, def) },
      config: { rateLimit: { max: games.ratePerMinute, timeWindow: '1 minute' } },
      handler: async (req) => ok(def.data.parse(await handler(req.body as RouteBody<(typeof gamesHostCalls)[N]>, req))),
    });
  };
  route('f4Login', (b, req) => service.login(tokenFromHeader(req.headers.authorization), b, pageBase(req)));
  route('f4TransIn', (b) => service.transIn(b.session, b.amount, b.request_id));
  route('f4TransOut', (b) => service.transOut(b.session, b.request_id, b.close ?? false));
  route('f4Balance', (b) => service.balance(b.session));
  route('f4RoundStart', (b) => service.roundStart(b.session, b.request_id));
  route('f4RoundScore', (b) => service.roundScore(b.session, b.round_id, b.score));

  app.post('/internal/books', { schema: { body: internalBooksBody } }, async (req) => {
    if (req.headers[SECRET_HEADER] !== games.secret) throw new BizError(ErrorCode.FORBIDDEN, '需要游戏服务密钥', { status: 403 });
    return ok({ users: await wallets.books((req.body as { user_ids: number[] }).user_ids) });
  });
  app.get('/healthz', async () => ok({ pid: process.pid }));
  await registerGamePages(app);
  return { app, wallets, service };
}
