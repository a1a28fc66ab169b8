import { api, fullPath, type Api, type RouteData, type RouteInput, type RouteName } from '@app/contract';
import { freshMobile } from '@app/testkit';

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    msg: string,
  ) {
    super(`${status} ${code}[${msg}]`);
  }
}

/** Calls the product's API over plain JSON, as curl would. */
export async function call<N extends RouteName>(base: string, name: N, input?: RouteInput<Api[N]>, token?: string): Promise<RouteData<Api[N]>> {
  const def = api[name];
  let url = `${base}${fullPath(def)}`;
  const headers: Record<string, string> = { Constraint: 'liveapp-h5', Device: 'e2e-device' };
  if (token) headers.Authorization = token;
  let body: string | undefined;
  if (def.method === 'GET' || def.method === 'DELETE') {
    const qs = new URLSearchParams(Object.entries((input ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    if ([...qs].length) url += `?${qs}`;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input ?? {});
  }
  const res = await fetch(url, { method: def.method, headers, body });
  const json = (await res.json()) as { code: number; msg: string; data: unknown };
  if (json.code !== 200) throw new ApiFailure(res.status, json.code, json.msg);
  return json.data as RouteData<Api[N]>;
}

/** Registers a member through the real captcha + SMS flow (dev sinks) and returns its session. */
export async function registerMember(base: string, mobile = freshMobile(), password = 'abc12345') {
  const { unique_code } = await call(base, 'uniqueCode');
  await call(base, 'captchaImg', { unique_code });
  const { answer } = await call(base, 'devCaptchaAnswer', { unique_code });
  await call(base, 'captchaCheck', { unique_code, captcha: answer });
  await call(base, 'sendSms', { mobile, scene: 'register', unique_code });
  const { code } = await call(base, 'devLastSms', { mobile });
  const session = await call(base, 'register', { mobile, code, password });
  return { mobile, password, ...session };
}
