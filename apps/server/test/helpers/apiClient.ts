import { api, fullPath, type RouteData, type RouteDef, type Session } from '@app/contract';
import { decryptText, encryptText } from '@app/kit';
import sharp from 'sharp';
import type { Config } from '../../src/config.js';

export interface CallOptions {
  token?: string | undefined;
  headers?: Record<string, string>;
  /** Use the Requested-Encrypt wire format. */
  encrypt?: boolean;
}

/** One HTTP answer: the envelope fields plus status, headers and the raw text. */
export interface Answer<T> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Headers;
  raw: string;
}

/** Talks to a started server over real HTTP, like the web client does. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly config: Pick<Config, 'cipherKey' | 'cipherIv'>,
  ) {}

  /** Sends raw bytes/text to a path and parses the envelope (decrypting an encrypted answer). */
  async raw<T = unknown>(
    method: string,
    path: string,
    init: { body?: string | FormData | Uint8Array; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const res = await fetch(`${this.baseUrl}${path}`, { method, body: init.body ?? null, headers: init.headers ?? {} });
    const raw = await res.text();
    const text = res.headers.get('requested-encrypt') === '1' ? decryptText(raw, this.config.cipherKey, this.config.cipherIv) : raw;
    let parsed: { code: number; msg: string; data: T };
    try {
      parsed = JSON.parse(text) as { code: number; msg: string; data: T };
    } catch {
      parsed = { code: -999, msg: text.slice(0, 200), data: undefined as T };
    }
    return { status: res.status, ...parsed, headers: res.headers, raw };
  }

  /** Calls a contract route with its input (query for GET/DELETE, JSON body otherwise). */
  async call<R extends RouteDef>(def: R, input?: Record<string, unknown>, opts: CallOptions = {}): Promise<Answer<RouteData<R>>> {
    const headers: Record<string, string> = { Constraint: 'liveapp-h5', ...(opts.headers ?? {}) };
    if (opts.token) headers.Authorization = opts.token;
    let path = fullPath(def);
    let body: string | undefined;
    const enc = (v: unknown) => encryptText(JSON.stringify(v), this.config.cipherKey, this.config.cipherIv);
    if (opts.encrypt) headers['Requested-Encrypt'] = '1';
    if (def.method === 'GET' || def.method === 'DELETE') {
      if (input && Object.keys(input).length > 0) {
        const qs = opts.encrypt
          ? new URLSearchParams({ params: enc(input) })
          : new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)]));
        path += `?${qs.toString()}`;
      }
    } else if (input !== undefined) {
      headers['Content-Type'] = opts.encrypt ? 'text/plain' : 'application/json';
      body = opts.encrypt ? enc(input) : JSON.stringify(input);
    }
    return this.raw<RouteData<R>>(def.method, path, { ...(body !== undefined ? { body } : {}), headers });
  }

  /** unique_code → captcha image → answer from the dev route → captcha_check. Returns the passed code. */
  async passCaptcha(): Promise<string> {
    const u = await this.call(api.uniqueCode);
    const unique_code = u.data.unique_code;
    await this.call(api.captchaImg, { unique_code });
    const answer = (await this.call(api.devCaptchaAnswer, { unique_code })).data.answer;
    const checked = await this.call(api.captchaCheck, { unique_code, captcha: answer });
    if (checked.code !== 200) throw new Error(`captcha_check failed: ${checked.code} ${checked.msg}`);
    return unique_code;
  }

  /** Passes a captcha, requests an SMS and reads the code from the dev sink. */
  /** Asks for an SMS code, passing a captcha first; answers the envelope (a provider's refusal included). */
  async requestSms(mobile: string, scene: 'register' | 'forget' | 'login' = 'register') {
    return this.call(api.sendSms, { mobile, scene, unique_code: await this.passCaptcha() });
  }

  async smsCode(mobile: string, scene: 'register' | 'forget' | 'login'): Promise<string> {
    const sent = await this.requestSms(mobile, scene);
    if (sent.code !== 200) throw new Error(`send sms failed: ${sent.code} ${sent.msg}`);
    return (await this.call(api.devLastSms, { mobile })).data.code;
  }

  /** The whole sign-up; returns the session. */
  async register(mobile: string, password = 'abc12345', extra: Record<string, unknown> = {}, opts: CallOptions = {}): Promise<Session> {
    const code = await this.smsCode(mobile, 'register');
    const r = await this.call(api.register, { mobile, code, password, ...extra }, opts);
    if (r.code !== 200) throw new Error(`register failed: ${r.code} ${r.msg}`);
    return r.data;
  }

  async login(account: string, password: string, remember = false) {
    return this.call(api.login, { account, password, remember }, { headers: { noToken: '1' } });
  }

  /** Uploads a small PNG through resource/upload/file as `token`'s user; answers its URL. */
  async uploadImage(token: string, purpose: 'image' | 'avatar' | 'cover' = 'image'): Promise<string> {
    const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const fd = new FormData();
    fd.append('purpose', purpose);
    fd.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const r = await this.raw<{ url: string }>('POST', fullPath(api.uploadFile), { body: fd, headers: { Authorization: token } });
    if (r.code !== 200) throw new Error(`upload failed: ${r.code} ${r.msg}`);
    return r.data.url;
  }
}
