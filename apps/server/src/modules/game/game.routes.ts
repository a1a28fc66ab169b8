import type { FastifyInstance } from 'fastify';
import { api, gamesInternalCalls as internal } from '@app/contract';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';

/** game/fetch, and the internal calls of the games host (`secret` auth: GAMES_SECRET; in no document). */
export function gameRoutes(app: FastifyInstance, env: RouteEnv): void {
  const games = env.services.game;
  serve(app, api.gameFetch, env.plain, () => games.list());

  const hostOnly = { ...env.plain, secret: games.config.secret };
  serve(app, internal.login, hostOnly, ({ body }) => games.login(body.token, body.game));
  serve(app, internal.op, hostOnly, ({ body }) => games.op(body));
  serve(app, internal.books, hostOnly, ({ body }) => games.books(body.user_ids));
}
