import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import {
  api,
  consoleAccess,
  envelope,
  ErrorCode,
  errorAnswers,
  fullPath,
  GAMES_SECRET_HEADER,
  type AnswerStatus,
  type RouteBody,
  type RouteData,
  type RouteAuth,
  type RouteDef,
  type RouteName,
  type RouteQuery,
} from '@app/contract';
import { authenticate } from './authenticate.js';
import { ok } from './envelope.js';
import { BizError } from './errors.js';
import type { Auth, SessionReader } from './caller.js';

/** What a handler receives: validated query and body, the caller, and the raw request for headers/IP. */
export interface Ctx<R extends RouteDef> {
  query: RouteQuery<R>;
  body: RouteBody<R>;
  /** The caller: null on `public` routes without a valid token, and on the games side's `platform` and `secret` routes. */
  auth: Auth | null;
  /** The caller on session, member and operator routes (authenticated before the handler runs); throws where there is none. */
  me: Auth;
  req: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<R extends RouteDef> = (ctx: Ctx<R>) => Promise<RouteData<R>>;

/** Rate limit of one route, applied by @fastify/rate-limit (registered with `global: false`). */
export interface RouteLimit {
  max: number;
  timeWindow: string;
}

export interface ServeOptions {
  /** Checks platform tokens: the session, member and operator levels need it; on public routes it names the caller when it can. */
  sessions?: SessionReader | undefined;
  /** GAMES_SECRET: the `secret` level (the internal games calls) needs it. */
  secret?: string | undefined;
  /** Per-IP limit for this route (auth and verification routes). */
  limit?: RouteLimit | undefined;
  /** Whether devOnly routes are served (NODE_ENV !== 'production'). */
  dev: boolean;
  /** Checks an operator's console role and second factor for each call (modules/operator/operator.service.ts). */
  operators?: { guard(auth: Auth, name: RouteName): Promise<void> } | undefined;
  /** Writes the audit log entry of an operator's successful write call (modules/admin/audit.service.ts). */
  audit?: (entry: { name: string; operatorId: number; body: unknown; data: unknown; ip: string }) => Promise<void>;
  /** Response schemas by status where a host documents its answers its own way (the games host: games/openapi.ts). */
  responses?: ((def: RouteDef) => Partial<Record<AnswerStatus, z.ZodType>>) | undefined;
}

/**
 * The handler's context as a class: its `me` getter lives on the prototype. An object literal with
 * a getter is rebuilt through V8's slow path on every request (it cost ~4 µs a call in bench/api).
 */
class RequestCtx<R extends RouteDef> implements Ctx<R> {
  readonly query: RouteQuery<R>;
  readonly body: RouteBody<R>;
  readonly auth: Auth | null;

  constructor(
    readonly req: FastifyRequest,
    readonly reply: FastifyReply,
    private readonly url: string,
    private readonly level: RouteDef['auth'],
  ) {
    this.query = req.query as RouteQuery<R>;
    this.body = req.body as RouteBody<R>;
    this.auth = req.caller ?? null;
  }

  get me(): Auth {
    if (!this.auth) throw new Error(`${this.url}: no caller on a ${this.level} route`);
    return this.auth;
  }
}

/** The levels checked with the platform's sessions (`public` only names the caller when it can). */
const SESSION_LEVELS: ReadonlySet<RouteAuth> = new Set<RouteAuth>(['public', 'session', 'member', 'operator']);

const routeNames = new Map<RouteDef, RouteName>(Object.entries(api).map(([name, def]) => [def as RouteDef, name as RouteName]));

/**
 * Registers one contract route: method and path from the table, the query/body schemas for
 * validation and OpenAPI, the success data wrapped in the envelope, auth by the route's level
 * (`secret` routes are internal: checked before the body is read, and kept out of the document).
 * The handler's answer is parsed by the contract's data schema, so a field that is not in the
 * contract (a password hash, say) can never leak: unknown keys are stripped, a mismatch is a 500.
 */
export function serve<R extends RouteDef>(app: FastifyInstance, def: R, opts: ServeOptions, handler: Handler<R>): void {
  if (def.devOnly && !opts.dev) return;
  const url = fullPath(def);
  // Every operator action is audited: an operator write route cannot be served without the hook.
  const audited = def.auth === 'operator' && def.method !== 'GET';
  if (audited && !opts.audit) throw new Error(`${def.method} ${url}: operator write routes need the audit hook`);
  // Every operator call checks the caller's console role: one without a line in consoleAccess cannot be served.
  const name = routeNames.get(def);
  const operators = def.auth === 'operator' ? opts.operators : undefined;
  if (def.auth === 'operator' && (!operators || !name || !(name in consoleAccess)))
    throw new Error(`${def.method} ${url}: operator routes need the role guard and a line in consoleAccess (packages/contract/src/operatorRoles.ts)`);
  // A frozen answer (one a service keeps and answers again, such as a cached profile) is checked
  // against the contract once: its envelope is kept by the answer, and frozen too, so the
  // serializer (validator.ts) keeps its JSON as well. Entries go with the answer they belong to.
  const envelopes = new WeakMap<object, Readonly<ReturnType<typeof ok>>>();
  // The platform's own levels are checked with its sessions; the games side's (`platform`, `secret`) are not.
  const sessions = SESSION_LEVELS.has(def.auth) ? opts.sessions : undefined;
  if (!sessions && SESSION_LEVELS.has(def.auth) && def.auth !== 'public') throw new Error(`${def.method} ${url}: ${def.auth} routes need the session service`);
  app.route({
    method: def.method,
    url,
    schema: {
      ...(def.auth === 'secret' ? { hide: true } : {}),
      tags: [def.tag],
      summary: def.summary,
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body && !def.multipart ? { body: def.body } : {}),
      ...(def.auth === 'public' || def.auth === 'secret' ? {} : { security: [{ token: [] }] }),
      // The auth level (docs/conventions.md "Auth levels") as an extension of the operation.
      'x-auth': def.auth,
      response: opts.responses ? opts.responses(def) : answerSchemas(def, opts),
    },
    config: {
      ...(opts.limit ? { rateLimit: opts.limit } : {}),
      ...(def.multipart && def.body ? { multipartFields: def.body } : {}),
    },
    // Before the body is read: a call without the secret learns nothing more.
    ...(def.auth === 'secret' ? { onRequest: secretGuard(def, url, opts.secret) } : {}),
    // Before validation: a caller without a valid session learns that first, not which field is wrong.
    // (A `platform` token is checked by the main server with the call's input: after validation.)
    ...(sessions
      ? {
          preValidation: async (req: FastifyRequest) => {
            req.caller = await authenticate(sessions, req, def.auth);
            if (operators) await operators.guard(req.caller!, name!);
          },
        }
      : {}),
    handler: async (req, reply) => {
      const data = await handler(new RequestCtx<R>(req, reply, url, def.auth));
      const kept = !audited && isFrozenObject(data) ? envelopes : undefined;
      const known = kept?.get(data as object);
      if (known) return reply.send(known);
      const checked = def.data.safeParse(data);
      if (!checked.success) {
        req.log.error({ issues: checked.error.issues, route: url }, 'answer does not match the contract');
        throw new Error(`answer of ${def.method} ${url} does not match the contract`);
      }
      if (audited) await opts.audit!({ name: name ?? url, operatorId: req.caller!.user.id, body: req.body, data: checked.data, ip: req.ip });
      const answer = ok(checked.data);
      if (!kept) return reply.send(answer);
      const frozen = Object.freeze(answer);
      kept.set(data as object, frozen);
      return reply.send(frozen);
    },
  });
}

/**
 * The HTTP statuses a call can answer (docs/conventions.md): 200 (success or a business error), 400
 * (input, or a body or params that do not decrypt) and 500 always; 401 with a session; 403 for
 * operators; 413 and 415 where a body is read; 429 where the route is rate limited; and what the
 * route's contract adds (`answers`). The OpenAPI document lists exactly these; the fuzz suite checks them.
 */
function answerStatuses(def: RouteDef, opts: Pick<ServeOptions, 'limit'>): AnswerStatus[] {
  const statuses = new Set<AnswerStatus>([200, 400, 500, ...(def.answers ?? [])]);
  if (def.auth !== 'public' && def.auth !== 'secret') statuses.add(401);
  if (def.auth === 'operator' || def.auth === 'secret') statuses.add(403);
  if (def.method !== 'GET') {
    statuses.add(413);
    statuses.add(415);
  }
  if (opts.limit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

/** Response schemas by status: the success envelope or a business error on 200, the error envelopes otherwise. */
function answerSchemas(def: RouteDef, opts: ServeOptions): Partial<Record<AnswerStatus, z.ZodType>> {
  const out: Partial<Record<AnswerStatus, z.ZodType>> = {};
  for (const status of answerStatuses(def, opts)) {
    out[status] = status === 200 ? z.union([envelope(def.data), errorAnswers[200]]) : errorAnswers[status];
  }
  return out;
}

/** The `secret` level: the shared GAMES_SECRET in its header, compared in constant time; else 403. */
function secretGuard(def: RouteDef, url: string, secret: string | undefined): onRequestAsyncHookHandler {
  if (!secret) throw new Error(`${def.method} ${url}: secret routes need GAMES_SECRET`);
  const expected = Buffer.from(secret);
  return async (req) => {
    const given = Buffer.from(String(req.headers[GAMES_SECRET_HEADER] ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new BizError(ErrorCode.FORBIDDEN, '需要游戏服务密钥', { status: 403 });
  };
}

const isFrozenObject = (value: unknown): value is object => typeof value === 'object' && value !== null && Object.isFrozen(value);
