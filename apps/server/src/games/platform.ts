import { ErrorCode, errorMessages, type ErrorCodeValue } from '@app/contract';
import { BizError } from '../http/errors.js';
import { INTERNAL_BASE, SECRET_HEADER, type GameRules, type InternalOp } from '../modules/game/internal.schema.js';

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
 * The games host's client of the main server's internal API. A refusal (the token is bad, the
 * coins are not there) comes back as the BizError the main server sent; no answer at all is
 * PlatformUnreachable, and the caller keeps the op pending.
 */
export class Platform {
  constructor(
    private readonly baseUrl: string,
    private readonly secret: string,
  ) {}

  private async post<T>(path: string, body: unknown): Promise<T> {
    let res: Response;
    let json: { code: number; msg: string; data: T };
    try {
      res = await fetch(`${this.baseUrl}${INTERNAL_BASE}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SECRET_HEADER]: this.secret },
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

  login(token: string, game: string): Promise<{ user_id: number; nickname: string; game: GameRules }> {
    return this.post('/login', { token, game });
  }

  op(op: InternalOp): Promise<{ coin: number }> {
    return this.post('/op', op);
  }
}
