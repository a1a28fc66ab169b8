import {
  ErrorCode,
  errorMessages,
  GAMES_SECRET_HEADER,
  gamesInternalCalls,
  type ErrorCodeValue,
  type InternalOp,
  type RouteBody,
  type RouteData,
  type RouteDef,
} from '@app/contract';
import { BizError } from '../http/errors.js';

/**
 * The main server could not be reached or did not answer: the outcome is unknown, try again later.
 * A BizError (GAMES_UNAVAILABLE), so every call that meets it answers 游戏服务暂时不可用, never a 500;
 * `detail` (the network error) is for the log only.
 */
export class PlatformUnreachable extends BizError {
  readonly detail: string;
  constructor(cause: unknown) {
    super(ErrorCode.GAMES_UNAVAILABLE);
    this.name = 'PlatformUnreachable';
    this.detail = `main server unreachable: ${String((cause as Error)?.message ?? cause)}`;
  }
}

const TIMEOUT_MS = 8_000;

/**
 * The games host's client of the main server's internal calls (contract `gamesInternalCalls`). A
 * refusal (the token is bad, the coins are not there) comes back as the BizError the main server
 * sent; no answer at all is PlatformUnreachable, and the caller keeps the op pending.
 */
export class Platform {
  constructor(
    private readonly baseUrl: string,
    private readonly secret: string,
  ) {}

  private async post<R extends RouteDef>(def: R, body: RouteBody<R>): Promise<RouteData<R>> {
    let res: Response;
    let json: { code: number; msg: string; data: RouteData<R> };
    try {
      res = await fetch(`${this.baseUrl}${def.path}`, {
        method: def.method,
        headers: { 'content-type': 'application/json', [GAMES_SECRET_HEADER]: this.secret },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      json = (await res.json()) as typeof json;
    } catch (err) {
      throw new PlatformUnreachable(err);
    }
    if (res.status >= 500 || typeof json?.code !== 'number') throw new PlatformUnreachable(`HTTP ${res.status}`);
    if (json.code !== ErrorCode.OK) {
      const code = json.code as ErrorCodeValue;
      throw new BizError(code, json.msg || errorMessages[code], { status: res.status === 401 ? 401 : 200 });
    }
    return json.data;
  }

  login(token: string, game: string) {
    return this.post(gamesInternalCalls.login, { token, game });
  }

  op(op: InternalOp) {
    return this.post(gamesInternalCalls.op, op);
  }
}
