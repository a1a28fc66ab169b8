import { t } from '../locale/i18n';
import { serverMessage } from '../locale/serverMessage';
import { ApiError, ClientCode } from './apiError';
import { unseal } from './cipher';
import type { ContractModule } from './contract';
import { goLogin } from './nav';
import { sessionLink } from './sessionLink';
import { showToast } from './toast';

/** The §7 headers of every call. */
export function apiHeaders(
  { Header, CONSTRAINT_VALUE }: Pick<ContractModule, 'Header' | 'CONSTRAINT_VALUE'>,
  o: { token: string; device: string; referer: string; encrypt: boolean; noToken?: boolean },
): Record<string, string> {
  const h: Record<string, string> = { [Header.constraint]: CONSTRAINT_VALUE, [Header.device]: o.device };
  if (o.noToken) h[Header.noToken] = '1';
  else if (o.token) h[Header.authorization] = o.token;
  // Browsers drop a script-set Referer (a forbidden header); native shells send it, so it is set anyway.
  if (o.referer) h[Header.referer] = o.referer;
  if (o.encrypt) h[Header.encrypt] = '1';
  return h;
}

export interface SettleContext {
  silent: boolean;
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

const isEnvelope = (v: unknown): v is Envelope => v !== null && typeof v === 'object' && typeof (v as { code?: unknown }).code === 'number';

/** Parses a JSON text, and once more when the JSON itself is a string of JSON (seed §8). */
function parseJson(text: string): unknown {
  let v: unknown = JSON.parse(text);
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      /* a plain string answer */
    }
  }
  return v;
}

/** Reads an answer body: decrypted when it is our ciphertext, then JSON; undefined when unreadable. */
export function readBody(text: string, encryptedHeader: boolean): unknown {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const looksJson = trimmed.startsWith('{') || trimmed.startsWith('[') || trimmed.startsWith('"');
  try {
    if (encryptedHeader || !looksJson) return parseJson(unseal(trimmed));
  } catch {
    /* not ciphertext after all: try it as JSON below */
  }
  try {
    return parseJson(trimmed);
  } catch {
    return undefined;
  }
}

/** Toasts (unless silent) and rejects with the error: every failure ends here. */
export function fail(err: ApiError, ctx: SettleContext): never {
  if (!ctx.silent) showToast(err.toastText);
  throw err;
}

/** Token gone bad (seed §8): clear token and user info, relaunch at login. */
function invalidateSession(): void {
  sessionLink().lost();
  goLogin();
}

function fieldsOf(data: unknown): { path: string; message: string }[] {
  const fields = (data as { fields?: unknown } | null)?.fields;
  return Array.isArray(fields) ? (fields as { path: string; message: string }[]).map((f) => ({ ...f, message: serverMessage(String(f.message)) })) : [];
}

/** Turns an HTTP answer into the call's data, or a rejected ApiError with the §8 side effects. */
export function settle(
  { isSessionErrorCode }: Pick<ContractModule, 'isSessionErrorCode'>,
  status: number,
  text: string,
  encryptedHeader: boolean,
  ctx: SettleContext,
): unknown {
  const body = readBody(text, encryptedHeader);
  const env = isEnvelope(body) ? body : null;
  const msg = env ? serverMessage(String(env.msg ?? '')) : '';

  // Statuses 200..<500 are answers; anything else is a failed call whatever its body says.
  if (status < 200 || status >= 500) {
    const code = env?.code ?? status;
    if (env && isSessionErrorCode(env.code)) invalidateSession();
    return fail(new ApiError(code, msg || t('error.server'), status), ctx);
  }
  if (!env) return fail(new ApiError(ClientCode.BAD_RESPONSE, t('error.badResponse'), status), ctx);

  if (status === 200) {
    if (env.code === 200) return env.data;
    // -1 in a 200 reply: this needs a logged-in user; the session itself is not known to be bad.
    if (env.code === -1) goLogin();
    return fail(new ApiError(env.code, msg, status, fieldsOf(env.data)), ctx);
  }
  if (env.code === 200 && status < 300) return env.data;
  if (isSessionErrorCode(env.code)) invalidateSession();
  return fail(new ApiError(env.code, msg, status, fieldsOf(env.data)), ctx);
}
