import { z } from 'zod';
import { INT4_MAX } from './text.js';
import { ErrorCode } from './errors.js';

/** Every HTTP answer is this envelope (seed §8): code 200 is success. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });

export type Envelope<T> = { code: number; msg: string; data: T };

/** Page request shared by every list call: 1-based page, size capped at 50. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  size: z.coerce.number().int().min(1).max(50).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Page answer shared by every list call. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    has_more: z.boolean(),
  });
export type Page<T> = { list: T[]; total: number; page: number; size: number; has_more: boolean };

/** ISO-8601 UTC timestamp string as stored; clients show it in China time. */
export const isoTime = z.string().describe('ISO-8601 UTC timestamp');

/** One invalid field of a 400: its dotted path and what is wrong with it. */
export const fieldError = z.object({ path: z.string(), message: z.string() });

/** An error envelope: `code` is never 200, `msg` is shown to the user, `data` is null unless said. */
const errorEnvelope = (id: string, description: string, code: z.ZodType, data: z.ZodType = z.null()) =>
  z.object({ code, msg: z.string(), data }).meta({ id, description });

const codeIn = (codes: readonly number[]) => z.union(codes.map((c) => z.literal(c)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]]);

/**
 * The answers other than success, one schema per HTTP status (docs/conventions.md "Envelope and errors").
 * Each is a named component of the OpenAPI document; `routeAnswers` says which a call can give.
 */
export const errorAnswers = {
  200: errorEnvelope(
    'BusinessError',
    'Business error: HTTP 200 with its own code (not 200, 10000, 50000 or a session code) and a message shown as a toast; data is null, or the end of a ban ({until, reason}).',
    // Never 200 (success), 10000 (malformed input is HTTP 400), a session code (HTTP 401) or 50000 (HTTP 500).
    z
      .number()
      .int()
      .meta({ not: { anyOf: [{ enum: [ErrorCode.OK, ErrorCode.VALIDATION, ErrorCode.INTERNAL] }, { minimum: ErrorCode.TOKEN_MISSING, maximum: 11000410 }] } }),
    z.union([z.null(), z.object({ until: z.string().nullable(), reason: z.string().optional() })]),
  ),
  400: errorEnvelope(
    'BadRequest',
    'Malformed input: code 10000 naming the field in msg, with data.fields; 10004 when an encrypted body or params do not decrypt (data null); 10408 when a payment callback fails its check.',
    codeIn([ErrorCode.VALIDATION, ErrorCode.DECRYPT_FAILED, ErrorCode.PAYMENT_REFUSED]),
    z.union([z.null(), z.object({ fields: z.array(fieldError) })]),
  ),
  401: errorEnvelope(
    'SessionError',
    'Session error (11000400–11000405): the client clears its session and goes to login.',
    z.number().int().min(ErrorCode.TOKEN_MISSING).max(11000410),
  ),
  403: errorEnvelope(
    'Forbidden',
    'The caller may not use this call (10005: not their role); a console session that has not passed its second factor (11110), or an operator who must enrol one first (11111).',
    codeIn([ErrorCode.FORBIDDEN, ErrorCode.SECOND_FACTOR_REQUIRED, ErrorCode.SECOND_FACTOR_SETUP_REQUIRED]),
  ),
  404: errorEnvelope('NotFound', 'Unknown route or method (10002).', z.literal(ErrorCode.NOT_FOUND)),
  413: errorEnvelope(
    'TooLarge',
    'Body over the limit (10001), or an uploaded file over its limit (10301).',
    codeIn([ErrorCode.BODY_TOO_LARGE, ErrorCode.UPLOAD_TOO_LARGE]),
  ),
  415: errorEnvelope('UnsupportedType', 'A body type the call does not take (10000).', z.literal(ErrorCode.VALIDATION)),
  429: errorEnvelope('RateLimited', 'Too many calls from this address (10003); msg says when to retry.', z.literal(ErrorCode.RATE_LIMITED)),
  500: errorEnvelope('ServerError', 'Unexpected fault (50000): a generic message, never internals.', z.literal(ErrorCode.INTERNAL)),
} as const;

export type AnswerStatus = keyof typeof errorAnswers;
