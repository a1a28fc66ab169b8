/** Codes the client itself gives failures that never reached a server envelope. */
export const ClientCode = {
  NETWORK: -100,
  TIMEOUT: -101,
  BAD_RESPONSE: -102,
  ABORTED: -103,
} as const;

/** Every rejected call rejects with this: the envelope code, its message and the HTTP status (0 without one). */
export class ApiError extends Error {
  readonly code: number;
  readonly msg: string;
  readonly status: number;
  /** Field errors of a validation failure (code 10000), when the server listed them. */
  readonly fields: { path: string; message: string }[];

  constructor(code: number, msg: string, status: number, fields: { path: string; message: string }[] = []) {
    super(`${code}[${msg}]`);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.status = status;
    this.fields = fields;
  }

  /** The toast text of seed §8: `code[message]`. */
  get toastText(): string {
    return `${this.code}[${this.msg}]`;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
