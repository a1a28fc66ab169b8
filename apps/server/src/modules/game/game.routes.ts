import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api, ErrorCode } from '@app/contract';
import { BizError } from '../../http/errors.js';
import { serve } from '../../http/serve.js';
import type { RouteEnv } from '../../http/routeEnv.js';
import { ok } from '../../plugins/envelope.js';
import { INTERNAL_BASE, internalBooksBody, internalLoginBody, internalOpBody, SECRET_HEADER, type InternalOp } from './internal.schema.js';

/** game/fetch, and the internal API of the games host (shared secret; hidden from the OpenAPI document). */
export function gameRoutes(app: FastifyInstance, env: RouteEnv): void {
  const games = env.services.game;
  serve(app, api.gameFetch, env.plain, () => games.list());

  const secret = Buffer.from(games.config.secret);
  const guard = async (req: FastifyRequest) => {
    const given = Buffer.from(String(req.headers[SECRET_HEADER] ?? ''));
    if (given.length !== secret.length || !timingSafeEqual(given, secret)) throw new BizError(ErrorCode.FORBIDDEN, '需要游戏服务密钥', { status: 403 });
  };
  const internal = { hide: true };
  app.post(`${INTERNAL_BASE}/login`, { schema: { ...internal, body: internalLoginBody }, onRequest: guard }, async (req) => {
    const body = req.body as { token: string; game: string };
    return ok(await games.login(body.token, body.game));
  });
  app.post(`${INTERNAL_BASE}/op`, { schema: { ...internal, body: internalOpBody }, onRequest: guard }, async (req) => ok(await games.op(req.body as InternalOp)));
  app.post(`${INTERNAL_BASE}/books`, { schema: { ...internal, body: internalBooksBody }, onRequest: guard }, async (req) =>
    ok(await games.books((req.body as { user_ids: number[] }).user_ids)),
  );
}
