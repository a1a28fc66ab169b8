/** The games host's calls from a game page (same origin), with the session from the page URL. */
const params = new URLSearchParams(location.search);
export const session = params.get('s') ?? '';
export const lang: 'zh-CN' | 'en' = params.get('lang') === 'en' ? 'en' : 'zh-CN';

export class CallError extends Error {
  constructor(
    readonly code: number,
    msg: string,
  ) {
    super(msg);
  }
}

export interface WalletState {
  balance: number;
  reward_today: number;
  reward_cap: number;
}

export async function call<T>(path: string, body: Record<string, unknown>): Promise<T> {
  let json: { code: number; msg: string; data: T };
  try {
    const res = await fetch(`/api/f4/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ session, ...body }) });
    json = (await res.json()) as typeof json;
  } catch {
    throw new CallError(0, lang === 'en' ? 'Network error, try again' : '网络异常，请重试');
  }
  if (json.code !== 200) throw new CallError(json.code, json.msg);
  return json.data;
}

export const requestId = (): string => `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** Tells the page around the game (the app's game screen) about the wallet. */
export function tellParent(
  msg: { type: 'game:wallet'; wallet: WalletState } | { type: 'game:need-coins' } | { type: 'game:round'; state: 'playing' | 'over' },
): void {
  if (window.parent !== window) window.parent.postMessage(msg, '*');
}
