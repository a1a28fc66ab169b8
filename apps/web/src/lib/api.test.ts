import { decryptText, DEFAULT_CIPHER_IV, DEFAULT_CIPHER_KEY, encryptText } from '@app/kit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, useSession } from '../state/session';
import { call } from './api';
import { ApiError, ClientCode } from './apiError';
import { goLogin } from './nav';
import { showToast } from './toast';

vi.mock('./toast', () => ({ showToast: vi.fn() }));
vi.mock('./nav', async (importOriginal) => ({ ...(await importOriginal<typeof import('./nav')>()), goLogin: vi.fn() }));

const enc = (s: string) => encryptText(s, DEFAULT_CIPHER_KEY, DEFAULT_CIPHER_IV);
const dec = (s: string) => decryptText(s, DEFAULT_CIPHER_KEY, DEFAULT_CIPHER_IV);

const user = {
  id: 1,
  uuid: 'u1',
  nickname: 'n',
  avatar: '',
  vip_level: 0,
  is_anchor: false,
  account: 'a',
  mobile: '',
  signature: '',
  gender: 0 as const,
  birthday: null,
  level: 1,
  coin: 0,
  message_count: 0,
  follow_count: 0,
  fans_count: 0,
  role: 'user' as const,
  is_guest: false,
  invite_code: '',
  created_at: '2026-01-01T00:00:00Z',
};

function reply(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers });
}

const fetchMock = vi.fn<typeof fetch>();

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('api client', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubEnv('VITE_ENCRYPT', '0');
    useSession.setState({ token: 'tok-1', userInfo: user, referer: '' });
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.mocked(showToast).mockClear();
    vi.mocked(goLogin).mockClear();
    vi.unstubAllEnvs();
  });

  it('resolves data of code 200 and sends the §7 headers', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { code: 200, msg: 'ok', data: { unique_code: 'abc', expires_in: 60 } }));
    await expect(call('uniqueCode')).resolves.toEqual({ unique_code: 'abc', expires_in: 60 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/client_live/common/message/unique_code');
    const h = init!.headers as Record<string, string>;
    expect(h.Constraint).toBe('liveapp-h5');
    expect(h.Device).toMatch(/.{8,}/);
    expect(h.Authorization).toBe('tok-1');
    expect(h['Requested-Encrypt']).toBeUndefined();
  });

  it('sends noToken and no Authorization on login, JSON body on POST', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { code: 200, msg: 'ok', data: { token: 't', expires_at: '', user } }));
    await call('login', { account: 'a', password: 'p' });
    const init = fetchMock.mock.calls[0]![1]!;
    const h = init.headers as Record<string, string>;
    expect(h.noToken).toBe('1');
    expect(h.Authorization).toBeUndefined();
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ account: 'a', password: 'p' });
  });

  it('puts GET input in the query string', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { code: 200, msg: 'ok', data: { list: [], total: 0, page: 2, size: 5, has_more: false } }));
    await call('bulletin', { page: 2, size: 5 });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/client_live/home/bulletin?page=2&size=5');
  });

  it('parses a JSON string body', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, JSON.stringify(JSON.stringify({ code: 200, msg: 'ok', data: { counted: true } }))));
    await expect(call('statistics', { ad_id: 1 })).resolves.toEqual({ counted: true });
  });

  it('toasts code[msg] and rejects a business error in a 200 reply, session untouched', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { code: 10101, msg: '图形验证码错误', data: null }));
    const err = await rejection(call('captchaCheck', { unique_code: 'a'.repeat(16), captcha: 'x' }));
    expect(err).toMatchObject({ code: 10101, msg: '图形验证码错误', status: 200 });
    expect(showToast).toHaveBeenCalledWith('10101[图形验证码错误]');
    expect(goLogin).not.toHaveBeenCalled();
    expect(getSession().token).toBe('tok-1');
  });

  it('sends code -1 in a 200 reply to login without clearing the session', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { code: -1, msg: '请先登录', data: null }));
    const err = await rejection(call('userInfo'));
    expect(err.code).toBe(-1);
    expect(goLogin).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith('-1[请先登录]');
    expect(getSession().token).toBe('tok-1');
  });

  it.each([11000400, 11000401, 11000405, 11000410, -1])('clears token and user info on HTTP 401 with code %i', async (code) => {
    fetchMock.mockResolvedValueOnce(reply(401, { code, msg: '登录已失效，请重新登录', data: null }));
    const err = await rejection(call('userInfo'));
    expect(err).toMatchObject({ code, status: 401 });
    expect(getSession().token).toBe('');
    expect(getSession().userInfo).toBeNull();
    expect(goLogin).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith(`${code}[登录已失效，请重新登录]`);
  });

  it('keeps the session on other non-200 answers (400 validation) and names the fields', async () => {
    fetchMock.mockResolvedValueOnce(
      reply(400, { code: 10000, msg: 'mobile: 请输入正确的手机号', data: { fields: [{ path: 'mobile', message: '请输入正确的手机号' }] } }),
    );
    const err = await rejection(call('register', { mobile: '1', code: '123456', password: 'abc123' }));
    expect(err).toMatchObject({ code: 10000, status: 400 });
    expect(err.fields[0]?.path).toBe('mobile');
    expect(getSession().token).toBe('tok-1');
    expect(showToast).toHaveBeenCalledWith('10000[mobile: 请输入正确的手机号]');
  });

  it('rejects statuses of 500 and above even with an envelope', async () => {
    fetchMock.mockResolvedValueOnce(reply(500, { code: 50000, msg: '服务器开小差了', data: null }));
    expect(await rejection(call('commonConfig'))).toMatchObject({ code: 50000, status: 500 });
    fetchMock.mockResolvedValueOnce(reply(502, 'Bad Gateway'));
    expect(await rejection(call('commonConfig'))).toMatchObject({ code: 502, status: 502 });
  });

  it('rejects an answer that is not an envelope', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, '<html>'));
    expect((await rejection(call('commonConfig'))).code).toBe(ClientCode.BAD_RESPONSE);
  });

  it('turns a network failure into an ApiError and a toast; silent skips the toast', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await rejection(call('commonConfig'))).code).toBe(ClientCode.NETWORK);
    expect(showToast).toHaveBeenCalledTimes(1);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await rejection(call('commonConfig', undefined, { silent: true }));
    expect(showToast).toHaveBeenCalledTimes(1);
  });

  it('times out', async () => {
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    expect((await rejection(call('commonConfig', undefined, { timeoutMs: 20 }))).code).toBe(ClientCode.TIMEOUT);
  });

  it('encrypts the body and decrypts the answer when encryption is on', async () => {
    vi.stubEnv('VITE_ENCRYPT', '1');
    fetchMock.mockImplementationOnce(async (_url, init) => {
      const h = init!.headers as Record<string, string>;
      expect(h['Requested-Encrypt']).toBe('1');
      expect(h['Content-Type']).toBe('text/plain');
      expect(JSON.parse(dec(init!.body as string))).toEqual({ mobile: '13800138000', code: '123456', password: 'abc123' });
      const env = { code: 200, msg: 'ok', data: { reset: true } };
      return reply(200, enc(JSON.stringify(env)), { 'Requested-Encrypt': '1', 'Content-Type': 'text/plain' });
    });
    await expect(call('forgetPassword', { mobile: '13800138000', code: '123456', password: 'abc123' })).resolves.toEqual({ reset: true });
  });

  it('encrypts a GET query into params and reads an encrypted error', async () => {
    vi.stubEnv('VITE_ENCRYPT', '1');
    fetchMock.mockImplementationOnce(async (url) => {
      const params = new URL(String(url), 'http://x').searchParams.get('params')!;
      expect(JSON.parse(dec(params))).toEqual({ mobile: '13800138000', scene: 'forget', code: '000000' });
      return reply(200, enc(JSON.stringify({ code: 10103, msg: '短信验证码错误', data: null })), { 'Requested-Encrypt': '1' });
    });
    const err = await rejection(call('verifySms', { mobile: '13800138000', scene: 'forget', code: '000000' }));
    expect(showToast).toHaveBeenCalledWith('10103[短信验证码错误]');
    expect(err.code).toBe(10103);
  });

  it('still reads a plain JSON error while encryption is on (e.g. 10004 decrypt failed)', async () => {
    vi.stubEnv('VITE_ENCRYPT', '1');
    fetchMock.mockResolvedValueOnce(reply(400, { code: 10004, msg: '请求解密失败', data: null }));
    expect((await rejection(call('commonConfig'))).code).toBe(10004);
  });
});
