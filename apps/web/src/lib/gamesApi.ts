import type { gamesHostCalls, RouteData, RouteInput } from '@app/contract';
import { HTTP_TIMEOUT_MS } from '@app/kit';
import { t } from '../locale/i18n';
import { ApiError, ClientCode } from './apiError';
import { loadContract } from './contract';
import { getDeviceId } from './device';
import { apiHeaders, fail, settle, type SettleContext } from './envelope';
import { sessionLink } from './sessionLink';

type Calls = typeof gamesHostCalls;
export type GamesCallName = keyof Calls;

/** The games host's base URL: `host` from game/fetch, where ":<port>" means this page's host on that port. */
export function gamesBase(host: string): string {
  if (host.startsWith(':')) return `${location.protocol}//${location.hostname}${host}`;
  return host.replace(/\/+$/, '');
}

/**
 * Calls the games host (seed §7: "game calls go to a separate games host"): plain JSON with the
 * §7 headers, answers settled like every API call (toasts, session errors clear the session).
 */
export async function gamesCall<N extends GamesCallName>(
  base: string,
  name: N,
  input: RouteInput<Calls[N]>,
  opts: { silent?: boolean } = {},
): Promise<RouteData<Calls[N]>> {
  const contract = await loadContract();
  const def = contract.gamesHostCalls[name];
  const headers = apiHeaders(contract, { token: sessionLink().read().token, device: getDeviceId(), referer: '', encrypt: false });
  headers['Content-Type'] = 'application/json';
  const ctx: SettleContext = { silent: opts.silent === true };
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${base}${def.path}`, { method: 'POST', headers, body: JSON.stringify(input), signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
    text = await res.text();
  } catch {
    return fail(new ApiError(ClientCode.NETWORK, t('error.network'), 0), ctx);
  }
  return settle(contract, res.status, text, false, ctx) as RouteData<Calls[N]>;
}

/**
 * The last transfer-out as the page goes away (tab closed, app backgrounded for good): a beacon
 * survives the unload. text/plain JSON needs no CORS preflight; the games host reads it as JSON.
 */
export function beaconTransOut(base: string, body: { session: string; request_id: string; close: boolean }): boolean {
  try {
    return navigator.sendBeacon(`${base}/api/f4/trans/out`, new Blob([JSON.stringify(body)], { type: 'text/plain' }));
  } catch {
    return false;
  }
}
