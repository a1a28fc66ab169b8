import { CONSTRAINT_VALUE, Header, isSessionErrorCode, type Api, type RouteData, type RouteInput, type RouteName } from '@app/contract';
import { HTTP_TIMEOUT_MS } from '@app/kit';
import { onlineManager } from '@tanstack/react-query';
import { t } from '../locale/i18n';
import { ApiError, ClientCode } from './apiError';
import { encryptionOn, seal, unsealAsync } from './cipher';
import { getDeviceId } from './device';
import { apiHeaders, fail, settle, type SettleContext } from './envelope';
import { ROUTES } from './routeTable';
import { sessionLink } from './sessionLink';

/** Options of one call. */
export interface CallOptions {
  /** No toasts (the silent config reload); the call still rejects. */
  silent?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The token to send instead of the session's (logout revokes the token after the session let it go). */
  token?: string;
}

type Input<N extends RouteName> = RouteInput<Api[N]>;
/** The input may be left out when the route needs none (or only optional fields). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends X` holds when every field of X is optional
type CallArgs<N extends RouteName> = {} extends Input<N> ? [input?: Input<N>, opts?: CallOptions] : [input: Input<N>, opts?: CallOptions];

/** The contract's constants a call needs (plain values: importing them loads none of its schemas). */
const CONTRACT = { Header, CONSTRAINT_VALUE, isSessionErrorCode } as const;

/** Full path and method of a route (relative paths hang under API_BASE). */
export function routeOf(name: RouteName): { method: string; url: string } {
  const [method, url] = ROUTES[name];
  return { method, url };
}

function queryString(input: unknown, encrypt: boolean): string {
  if (!input || typeof input !== 'object') return '';
  const entries = Object.entries(input).filter(([, v]) => v !== undefined && v !== null);
  if (entries.length === 0) return '';
  if (encrypt) return `?params=${encodeURIComponent(seal(JSON.stringify(Object.fromEntries(entries))))}`;
  const q = new URLSearchParams();
  for (const [k, v] of entries) {
    if (Array.isArray(v)) v.forEach((item) => q.append(k, String(item)));
    else q.append(k, String(v));
  }
  return `?${q.toString()}`;
}

/**
 * Calls one route of the contract and resolves with its `data` (seed §7–§8). Failures toast
 * `code[message]` and reject with an ApiError; session errors clear the session and relaunch at login.
 */
export async function call<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<RouteData<Api[N]>> {
  const [input, opts = {}] = args as [unknown, CallOptions | undefined];
  const ctx: SettleContext = { silent: opts.silent === true };
  const { method, url } = routeOf(name);
  const encrypt = encryptionOn();
  const session = sessionLink().read();
  const headers = apiHeaders(CONTRACT, {
    token: opts.token ?? session.token,
    device: getDeviceId(),
    referer: session.referer,
    encrypt,
    noToken: name === 'login',
  });

  let target = url;
  let body: string | undefined;
  if (method === 'GET' || method === 'DELETE') {
    target += queryString(input, encrypt);
  } else {
    const json = JSON.stringify(input ?? {});
    body = encrypt ? seal(json) : json;
    headers['Content-Type'] = encrypt ? 'text/plain' : 'application/json';
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? HTTP_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);

  let res: Response;
  let text: string;
  try {
    res = await fetch(target, { method, headers, body, signal: controller.signal });
    text = await res.text();
  } catch {
    const err = timedOut
      ? new ApiError(ClientCode.TIMEOUT, t('error.timeout'), 0)
      : opts.signal?.aborted
        ? new ApiError(ClientCode.ABORTED, t('error.aborted'), 0)
        : new ApiError(ClientCode.NETWORK, t('error.network'), 0);
    // Offline, or the server out of reach: the banner says so, and queries wait to try again; no toast.
    return fail(err, err.code === ClientCode.NETWORK && !onlineManager.isOnline() ? { ...ctx, silent: true } : ctx);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
  let encrypted = res.headers.get('Requested-Encrypt') === '1';
  if (encrypted) {
    // Decrypted off the main thread; what is not our ciphertext is left to settle (it says so).
    const plain = await unsealAsync(text.trim()).catch(() => null);
    if (plain !== null) [text, encrypted] = [plain, false];
  }
  return settle(CONTRACT, res.status, text, encrypted, ctx) as RouteData<Api[N]>;
}
