import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type RouteDef } from '@app/contract';
import { startTestServer, type TestServer } from './helpers/testServer.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const UC = 'a'.repeat(32);

/** Bad inputs per call of the auth and verification flows, with the field the answer must name. */
const CASES: Array<[string, RouteDef, Record<string, unknown>, string]> = [
  ['login: missing password', api.login, { account: '13800000001' }, 'password'],
  ['login: number account', api.login, { account: 13800000001, password: 'x' }, 'account'],
  ['login: empty account', api.login, { account: '', password: 'x' }, 'account'],
  ['login: remember not boolean', api.login, { account: 'a', password: 'x', remember: 'yes' }, 'remember'],
  ['login: unknown field', api.login, { account: 'a', password: 'x', admin: true }, 'admin'],
  ['register: bad mobile', api.register, { mobile: '12345', code: '123456', password: 'abc123' }, 'mobile'],
  ['register: 5-digit code', api.register, { mobile: '13800138000', code: '12345', password: 'abc123' }, 'code'],
  ['register: letters-only password', api.register, { mobile: '13800138000', code: '123456', password: 'abcdefg' }, 'password'],
  ['register: short password', api.register, { mobile: '13800138000', code: '123456', password: 'a1' }, 'password'],
  ['register: missing mobile', api.register, { code: '123456', password: 'abc123' }, 'mobile'],
  ['register: unknown field', api.register, { mobile: '13800138000', code: '123456', password: 'abc123', role: 'operator' }, 'role'],
  ['register: nickname too long', api.register, { mobile: '13800138000', code: '123456', password: 'abc123', nickname: 'n'.repeat(21) }, 'nickname'],
  ['forget: code as number', api.forgetPassword, { mobile: '13800138000', code: 123456, password: 'abc123' }, 'code'],
  ['forget: missing password', api.forgetPassword, { mobile: '13800138000', code: '123456' }, 'password'],
  ['logout: unknown field', api.logout, { all: true }, 'all'],
  ['captcha_img: missing unique_code', api.captchaImg, {}, 'unique_code'],
  ['captcha_img: bad unique_code', api.captchaImg, { unique_code: 'short' }, 'unique_code'],
  ['captcha_check: missing captcha', api.captchaCheck, { unique_code: UC }, 'captcha'],
  ['captcha_check: captcha too long', api.captchaCheck, { unique_code: UC, captcha: '123456789' }, 'captcha'],
  ['captcha_check: unknown field', api.captchaCheck, { unique_code: UC, captcha: 'abcd', x: 1 }, 'x'],
  ['send sms: bad scene', api.sendSms, { mobile: '13800138000', scene: 'spam', unique_code: UC }, 'scene'],
  ['send sms: bad mobile', api.sendSms, { mobile: '23800138000', scene: 'register', unique_code: UC }, 'mobile'],
  ['send sms: missing unique_code', api.sendSms, { mobile: '13800138000', scene: 'register' }, 'unique_code'],
  ['verify sms: bad code', api.verifySms, { mobile: '13800138000', scene: 'register', code: 'abcdef' }, 'code'],
];

const counts = async () => {
  const k = s.deps.db.kysely;
  const n = async (t: 'users' | 'sessions' | 'sms_codes' | 'captchas') =>
    Number(
      (
        await k
          .selectFrom(t)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { users: await n('users'), sessions: await n('sessions'), sms: await n('sms_codes'), captchas: await n('captchas') };
};

describe('bad input on the auth and verification calls', () => {
  it('answers 400 / 10000 naming the field, with the field list, and writes nothing', async () => {
    const token = (await s.api.login('13800000001', 'demo1234')).data.token;
    const before = await counts();
    for (const [name, def, input, field] of CASES) {
      const r = await s.api.call(def, input, def.auth === 'public' ? {} : { token });
      expect([r.status, r.code], name).toEqual([400, ErrorCode.VALIDATION]);
      expect(r.msg.startsWith(`${field}: `), `${name}: ${r.msg}`).toBe(true);
      expect(
        (r.data as { fields: Array<{ path: string }> }).fields.map((f) => f.path),
        name,
      ).toContain(field);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a JSON body that is not an object, and an empty body where one is required', async () => {
    for (const body of ['"text"', '42', 'null', '[]']) {
      const r = await s.api.raw('POST', '/api/client_live/register', { headers: { 'Content-Type': 'application/json' }, body });
      expect([r.status, r.code], body).toEqual([400, ErrorCode.VALIDATION]);
    }
    const none = await s.api.raw('POST', '/api/client_live/register');
    expect([none.status, none.code]).toEqual([400, ErrorCode.VALIDATION]);
  });

  it('accepts logout without a body', async () => {
    const token = (await s.api.login('13800000001', 'demo1234')).data.token;
    const r = await s.api.raw('POST', '/api/client_live/user/logout', { headers: { Authorization: token } });
    expect(r.code).toBe(200);
  });

  it('checks the session before the input (401 beats 400)', async () => {
    const r = await s.api.call(api.updateUserInfo, { gender: 9 });
    expect([r.status, r.code]).toEqual([401, ErrorCode.TOKEN_MISSING]);
  });
});
