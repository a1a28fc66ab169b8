import { ErrorCode, errorMessages, type ErrorCodeValue } from '@app/contract';

/** One invalid field: its dotted path and what is wrong with it. */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * A refusal the client should show as a toast: services throw it, the envelope turns it into
 * `{code, msg, data}`. Business errors keep HTTP 200 (seed §8); session and input errors set their status.
 */
export class BizError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;
  constructor(code: ErrorCodeValue, msg?: string, opts: { status?: number; data?: unknown } = {}) {
    super(msg ?? errorMessages[code]);
    this.name = 'BizError';
    this.code = code;
    this.status = opts.status ?? 200;
    this.data = opts.data ?? null;
  }
}

/** HTTP 400 / 10000 naming the fields, the same shape schema validation produces. */
export function validationError(fields: FieldError[]): BizError {
  const first = fields[0];
  const msg = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : errorMessages[ErrorCode.VALIDATION];
  return new BizError(ErrorCode.VALIDATION, msg, { status: 400, data: { fields } });
}

/** A session error (HTTP 401, code 11000400–11000410): the client clears its session. */
export const sessionError = (code: ErrorCodeValue, msg?: string): BizError => new BizError(code, msg, { status: 401 });

/** The same request_id sent again with different input: refused rather than answered with an unrelated result. */
export const reusedKey = (): BizError => new BizError(ErrorCode.CONFLICT, 'request_id 已用于另一笔操作');
