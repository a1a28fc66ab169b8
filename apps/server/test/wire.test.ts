import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, fullPath } from '@app/contract';
import { decryptText, encryptText } from '@app/kit';
import { DEMO_USER } from '../src/demo/seed.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const enc = (v: unknown) => encryptText(JSON.stringify(v), s.config.cipherKey, s.config.cipherIv);

describe('Requested-Encrypt', () => {
  it('decrypts GET params and encrypts the answer', async () => {
    const res = await fetch(`${s.url}${fullPath(api.currency)}?${new URLSearchParams({ params: enc({ lang: 'en' }) })}`, {
      headers: { 'Requested-Encrypt': '1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('requested-encrypt')).toBe('1');
    const body = JSON.parse(decryptText(await res.text(), s.config.cipherKey, s.config.cipherIv));
    expect(body).toEqual({ code: 200, msg: '成功', data: { currency: { code: 'COIN', name: 'Gold coins', symbol: '', unit: 10000, decimals: 2 } } });
  });

  it('accepts an encrypted GET without params (an empty query)', async () => {
    const r = await s.api.call(api.commonConfig, undefined, { encrypt: true });
    expect(r.headers.get('requested-encrypt')).toBe('1');
    expect(r.code).toBe(200);
    expect(r.data.video_is_open).toBe(true);
  });

  it('decrypts a text/plain POST body, and the encrypted answer decrypts to the session', async () => {
    const res = await fetch(`${s.url}${fullPath(api.login)}`, {
      method: 'POST',
      headers: { 'Requested-Encrypt': '1', 'Content-Type': 'text/plain', noToken: '1' },
      body: enc({ account: DEMO_USER.mobile, password: DEMO_USER.password }),
    });
    const body = JSON.parse(decryptText(await res.text(), s.config.cipherKey, s.config.cipherIv));
    expect(body.code).toBe(200);
    expect(body.data.user.nickname).toBe('小鹿');
  });

  it('validates the decrypted fields like plain ones (encrypted 400 naming the field)', async () => {
    const r = await s.api.call(api.login, { account: DEMO_USER.mobile, password: 'x', role: 'operator' }, { encrypt: true });
    expect(r.headers.get('requested-encrypt')).toBe('1');
    expect([r.status, r.code]).toEqual([400, ErrorCode.VALIDATION]);
    expect(r.msg).toContain('role');
  });

  it('answers a body or params that do not decrypt with a plain 400 / 10004', async () => {
    const post = await s.api.raw('POST', fullPath(api.login), {
      headers: { 'Requested-Encrypt': '1', 'Content-Type': 'text/plain' },
      body: 'bm90IGNpcGhlcnRleHQ=',
    });
    expect([post.status, post.code]).toEqual([400, ErrorCode.DECRYPT_FAILED]);
    expect(post.headers.get('content-type')).toMatch(/^application\/json/);
    const get = await s.api.raw('GET', `${fullPath(api.currency)}?params=%%%`, { headers: { 'Requested-Encrypt': '1' } });
    expect([get.status, get.code]).toEqual([400, ErrorCode.DECRYPT_FAILED]);
    const notObject = await s.api.raw('GET', `${fullPath(api.currency)}?params=${encodeURIComponent(enc([1, 2]))}`, { headers: { 'Requested-Encrypt': '1' } });
    expect(notObject.code).toBe(ErrorCode.DECRYPT_FAILED);
  });

  it('answers plain JSON without the header', async () => {
    const r = await s.api.call(api.currency, { lang: 'zh-CN' });
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.data.currency.name).toBe('金币');
  });
});

describe('envelope and §8 codes', () => {
  it('answers an unknown route with 404 / 10002 and a request id', async () => {
    const r = await s.api.raw('GET', '/api/client_live/no/such/call');
    expect([r.status, r.code, r.data]).toEqual([404, ErrorCode.NOT_FOUND, null]);
    expect(r.headers.get('x-request-id')).toBeTruthy();
  });

  it('keeps a caller’s request id', async () => {
    const r = await s.api.raw('GET', fullPath(api.commonConfig), { headers: { 'x-request-id': 'trace-123' } });
    expect(r.headers.get('x-request-id')).toBe('trace-123');
  });

  it('refuses an oversize JSON body with 413 / 10001', async () => {
    const r = await s.api.raw('POST', fullPath(api.login), {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ account: 'a', password: 'x'.repeat(300 * 1024) }),
    });
    expect([r.status, r.code]).toEqual([413, ErrorCode.BODY_TOO_LARGE]);
  });

  it('refuses malformed JSON and unsupported content types as 400/415 with code 10000', async () => {
    const bad = await s.api.raw('POST', fullPath(api.login), { headers: { 'Content-Type': 'application/json' }, body: '{"account":' });
    expect([bad.status, bad.code]).toEqual([400, ErrorCode.VALIDATION]);
    const xml = await s.api.raw('POST', fullPath(api.login), { headers: { 'Content-Type': 'application/xml' }, body: '<a/>' });
    expect([xml.status, xml.code]).toEqual([415, ErrorCode.VALIDATION]);
    // Multipart is parsed only by the upload calls: a form sent to any other call is refused.
    const form = new FormData();
    form.set('account', '13800000001');
    const multipart = await s.api.raw('POST', fullPath(api.login), { body: form });
    expect([multipart.status, multipart.code, multipart.msg]).toEqual([415, ErrorCode.VALIDATION, 'Content-Type 不支持，请使用 application/json']);
  });

  it('answers a server fault with 500 / 50000 and no internals', async () => {
    const broken = await startTestServer();
    try {
      await broken.deps.db.kysely.schema.dropTable('bulletins').execute();
      const r = await broken.api.call(api.bulletin);
      expect([r.status, r.code, r.data]).toEqual([500, ErrorCode.INTERNAL, null]);
      expect(r.raw).not.toMatch(/bulletins|sqlite|SELECT|at .*\.ts/i);
    } finally {
      await broken.close();
    }
  });

  it('rate-limits auth and verification routes per IP with 429 / 10003', async () => {
    const limited = await startTestServer({ config: { authRatePerMinute: 3 } });
    try {
      for (let i = 0; i < 3; i++) expect((await limited.api.call(api.uniqueCode)).code).toBe(200);
      const r = await limited.api.call(api.uniqueCode);
      expect([r.status, r.code]).toEqual([429, ErrorCode.RATE_LIMITED]);
      expect(r.msg).toContain('秒后重试');
      // Other calls and static files are not counted.
      expect((await limited.api.call(api.commonConfig)).code).toBe(200);
      expect((await fetch(`${limited.url}/static/gifts/rose.svg`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers the envelope to requests refused before any route: oversize URL or headers, a path that does not decode', async () => {
    const longUrl = await s.api.raw('GET', `${fullPath(api.currency)}?lang=${'x'.repeat(20_000)}`);
    expect([longUrl.status, longUrl.code, longUrl.data]).toEqual([431, ErrorCode.BODY_TOO_LARGE, null]);
    expect(longUrl.headers.get('content-type')).toMatch(/^application\/json/);
    const bigHeader = await s.api.raw('GET', fullPath(api.currency), { headers: { 'x-big': 'x'.repeat(20_000) } });
    expect([bigHeader.status, bigHeader.code, bigHeader.data]).toEqual([431, ErrorCode.BODY_TOO_LARGE, null]);
    const badPath = await s.api.raw('GET', '/api/client_live/%zz');
    expect([badPath.status, badPath.code, badPath.data]).toEqual([400, ErrorCode.VALIDATION, null]);
    // A path parameter over Fastify's 100 characters (the WHEP room id here).
    const longParam = await s.api.raw('POST', `/api/media/whep/${'9'.repeat(200)}`, { headers: { 'Content-Type': 'application/sdp' }, body: 'v=0' });
    expect([longParam.status, longParam.code, longParam.data]).toEqual([414, ErrorCode.VALIDATION, null]);
  });

  it('answers the envelope to a request Node cannot parse', async () => {
    const text = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(s.port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n'));
      let got = '';
      socket.on('data', (c: Buffer) => (got += c.toString()));
      socket.on('end', () => resolve(got));
      socket.on('error', reject);
    });
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ code: ErrorCode.VALIDATION, msg: '请求格式错误', data: null });
  });

  it('answers another method on a known path with 404 / 10002', async () => {
    const r = await s.api.raw('DELETE', fullPath(api.currency));
    expect([r.status, r.code, r.data]).toEqual([404, ErrorCode.NOT_FOUND, null]);
  });

  it('reports health with the database checked', async () => {
    const r = await s.api.raw('GET', '/healthz');
    expect(r.code).toBe(200);
    expect((r.data as { db: string }).db).toBe('ok');
  });
});
