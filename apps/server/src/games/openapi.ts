import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION } from '@app/kit';
import { envelope, ErrorCode, errorMessages, gamesHostCalls, Header, type AnswerStatus, type ErrorCodeValue, type RouteDef } from '@app/contract';

/** Where the games host serves its document and the browsable docs (the main server's `/api/docs` links here). */
export const GAMES_OPENAPI_PATH = '/api/f4/openapi.json';
export const GAMES_DOCS_PATH = '/api/f4/docs';

type Call = keyof typeof gamesHostCalls;

/** The refusals each call answers with HTTP 200 and its own code (besides 200 success). */
const REFUSALS: Record<Call, ErrorCodeValue[]> = {
  f4Login: [ErrorCode.GAME_NOT_FOUND, ErrorCode.BALANCE_NOT_ENOUGH, ErrorCode.CONFLICT, ErrorCode.GAMES_UNAVAILABLE],
  f4TransIn: [ErrorCode.GAME_SESSION_INVALID, ErrorCode.BALANCE_NOT_ENOUGH, ErrorCode.CONFLICT, ErrorCode.GAMES_UNAVAILABLE],
  f4TransOut: [ErrorCode.GAME_SESSION_INVALID, ErrorCode.CONFLICT, ErrorCode.GAMES_UNAVAILABLE],
  f4Balance: [ErrorCode.GAME_SESSION_INVALID],
  f4RoundStart: [ErrorCode.GAME_SESSION_INVALID, ErrorCode.BALANCE_NOT_ENOUGH, ErrorCode.CONFLICT, ErrorCode.GAMES_UNAVAILABLE],
  f4RoundScore: [ErrorCode.GAME_SESSION_INVALID, ErrorCode.GAME_ROUND_CLOSED, ErrorCode.GAME_SCORE_REFUSED],
};

const codeList = (codes: ErrorCodeValue[]) => codes.map((c) => `${c} ${errorMessages[c]}`).join('; ');

/** The envelope of a refusal: `data` is null, or `{fields}` for a validation error. */
const refusal = (codes: ErrorCodeValue[]) =>
  z.object({ code: z.number().int().describe(codeList(codes)), msg: z.string().describe('shown to the user as a toast'), data: z.unknown() });

const SESSION_CODES: ErrorCodeValue[] = [ErrorCode.TOKEN_MISSING, ErrorCode.TOKEN_INVALID, ErrorCode.TOKEN_EXPIRED, ErrorCode.GUEST_NOT_ALLOWED];

const callNames = new Map<RouteDef, Call>(Object.entries(gamesHostCalls).map(([name, def]) => [def as RouteDef, name as Call]));

/** Every status a `/api/f4/*` call answers, each with its envelope (`serve()`'s `responses`), the refusals of the call by code. */
export function gamesAnswers(def: RouteDef): Partial<Record<AnswerStatus, z.ZodType>> {
  const name = callNames.get(def);
  if (!name) throw new Error(`${def.method} ${def.path} is not a games host call`);
  return {
    200: z.union([envelope(def.data), refusal(REFUSALS[name])]).describe('code 200 with data, or a refusal with its own code and data null'),
    400: refusal([ErrorCode.VALIDATION]).describe('bad input: msg names the field, data.fields lists them'),
    ...(def.auth === 'public' ? {} : { 401: refusal(SESSION_CODES).describe("the platform token is missing, invalid, expired or a guest's: log in again") }),
    413: refusal([ErrorCode.BODY_TOO_LARGE]).describe('body over 16 KB'),
    429: refusal([ErrorCode.RATE_LIMITED]).describe('too many calls from this IP: msg says when to retry'),
    500: refusal([ErrorCode.INTERNAL]).describe('unexpected failure (logged with the request id)'),
  };
}

/**
 * The games host's own OpenAPI 3.1 document of its `/api/f4/*` calls, built as the main one is:
 * from the contract routes `serve()` registers (the same zod schemas that validate), and the
 * browsable docs. Registered before the routes. Every route not hidden is listed, so a call
 * registered around the contract shows up in the document (and fails its test).
 */
export async function registerGamesOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'LiveApp games host API',
        version: APP_VERSION,
        description:
          'The games host (its own port): game sessions, the game wallet and rounds. Every answer is the envelope {code, msg, data}; ' +
          'code 200 is success, a refusal keeps HTTP 200 with its own code (docs/conventions.md). Bodies are plain JSON ' +
          "(text/plain carrying JSON is accepted too, for navigator.sendBeacon). Money is × 10000. A call's auth level is its " +
          '`x-auth`: `public` calls name a game session in the body; `platform` (f4/login) takes the platform token in ' +
          'Authorization, which the main server checks after the body.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: Header.authorization } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: GAMES_DOCS_PATH });
  app.get(GAMES_OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
