import type { Api, RouteData, RouteInput, RouteName } from '@app/contract';
import { HTTP_TIMEOUT_MS } from '@app/kit';
import { t } from '../locale/i18n';
import { ApiError, ClientCode } from './apiError';
import { encryptionOn, seal } from './cipher';
import { loadContract } from './contract';
import { getDeviceId } from './device';
import { apiHeaders, fail, settle, type SettleContext } from './envelope';
import { sessionLink } from './sessionLink';

/** Options of one call. */
export interface CallOptions {
  /** No toasts (the silent config reload); the call still rejects. */
  silent?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
}

type Input<N extends RouteName> = RouteInput<Api[N]>;
/** The input may be left out when the route needs none (or only optional fields). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends X` holds when every field of X is optional
type CallArgs<N extends RouteName> = {} extends Input<N> ? [input?: Input<N>, opts?: CallOptions] : [input: Input<N>, opts?: CallOptions];

/** Full path and method of a route (relative paths hang under API_BASE). */
export async function routeOf(name: RouteName): Promise<{ method: string; url: string }> {
  const { api, fullPath } = await loadContract();
  const def = api[name];
  return { method: def.method, url: fullPath(def) };
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
  const contract = await loadContract();
  const { method, url } = await routeOf(name);
  const encrypt = encryptionOn();
  const session = sessionLink().read();
  const headers = apiHeaders(contract, {
    token: session.token,
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
    return fail(err, ctx);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
  return settle(contract, res.status, text, res.headers.get('Requested-Encrypt') === '1', ctx) as RouteData<Api[N]>;
}
