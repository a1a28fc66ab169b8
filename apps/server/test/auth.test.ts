import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode } from '@app/contract';
import { DEMO_USER } from '../src/demo/seed.js';
import { freshMobile } from '@app/testkit';
import { startTestServer, type TestServer } from './helpers/testServer.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const DAY_MS = 86_400_000;
const daysFromNow = (iso: string) => (Date.parse(iso) - Date.now()) / DAY_MS;

describe('sign-up', () => {
  it('runs unique_code → captcha → captcha_check → SMS → register, and the new session works', async () => {
    const mobile = freshMobile();
    const u = await s.api.call(api.uniqueCode);
    expect(u.code).toBe(200);
    expect(u.data.unique_code).toMatch(/^[A-Za-z0-9]{16,64}$/);
    const img = await s.api.call(api.captchaImg, { unique_code: u.data.unique_code });
    expect(img.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(img.data.image.split(',')[1]!, 'base64').toString()).toContain('<svg');

    const answer = (await s.api.call(api.devCaptchaAnswer, { unique_code: u.data.unique_code })).data.answer;
    expect((await s.api.call(api.captchaCheck, { unique_code: u.data.unique_code, captcha: answer.toUpperCase() })).code).toBe(200);
    const sent = await s.api.call(api.sendSms, { mobile, scene: 'register', unique_code: u.data.unique_code });
    expect(sent.data).toEqual({ sent: true, resend_in: 60, expires_in: 300 });
    const code = (await s.api.call(api.devLastSms, { mobile })).data.code;
    expect(code).toMatch(/^\d{6}$/);
    expect((await s.api.call(api.verifySms, { mobile, scene: 'register', code })).data).toEqual({ valid: true });

    const reg = await s.api.call(api.register, { mobile, code, password: 'abc12345', nickname: '新朋友' + mobile.slice(-4) });
    expect(reg.code).toBe(200);
    expect(reg.data.user.mobile).toBe(`${mobile.slice(0, 4)}****${mobile.slice(-4)}`);
    expect(reg.data.user.is_guest).toBe(false);
    expect(reg.data.user.role).toBe('user');
    expect(reg.data.user.coin).toBe(0);
    expect(Math.round(daysFromNow(reg.data.expires_at))).toBe(7);
    expect(JSON.stringify(reg.data)).not.toContain('password');

    const info = await s.api.call(api.userInfo, undefined, { token: reg.data.token });
    expect(info.data.uuid).toBe(reg.data.user.uuid);

    // The code worked once.
    const again = await s.api.call(api.register, { mobile: freshMobile(), code, password: 'abc12345' });
    expect(again.code).not.toBe(200);
  });

  it('refuses a number already registered, at the SMS step and at register', async () => {
    const unique_code = await s.api.passCaptcha();
    const r = await s.api.call(api.sendSms, { mobile: DEMO_USER.mobile, scene: 'register', unique_code });
    expect(r.code).toBe(ErrorCode.MOBILE_TAKEN);
    const reg = await s.api.call(api.register, { mobile: DEMO_USER.mobile, code: '123456', password: 'abc12345' });
    expect(reg.code).toBe(ErrorCode.MOBILE_TAKEN);
  });

  it('refuses a wrong SMS code and voids it after 5 wrong tries', async () => {
    const mobile = freshMobile();
    const code = await s.api.smsCode(mobile, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    const r = await s.api.call(api.register, { mobile, code: wrong, password: 'abc12345' });
    expect(r.status).toBe(200);
    expect(r.code).toBe(ErrorCode.SMS_CODE_WRONG);
    for (let i = 0; i < 4; i++) await s.api.call(api.verifySms, { mobile, scene: 'register', code: wrong });
    const late = await s.api.call(api.register, { mobile, code, password: 'abc12345' });
    expect(late.code).toBe(ErrorCode.SMS_CODE_EXPIRED);
  });

  it('stores the referral from invite_code, or else from a Referer header holding a code', async () => {
    const inviter = await s.api.register(freshMobile());
    const a = await s.api.register(freshMobile(), 'abc12345', { invite_code: inviter.user.invite_code });
    const b = await s.api.register(freshMobile(), 'abc12345', {}, { headers: { Referer: inviter.user.invite_code } });
    const c = await s.api.register(freshMobile(), 'abc12345', {}, { headers: { Referer: 'http://localhost:8080/' } });
    const refOf = async (id: number) =>
      (await s.deps.db.kysely.selectFrom('users').select('referrer_code').where('id', '=', id).executeTakeFirstOrThrow()).referrer_code;
    expect(await refOf(a.user.id)).toBe(inviter.user.invite_code);
    expect(await refOf(b.user.id)).toBe(inviter.user.invite_code);
    expect(await refOf(c.user.id)).toBeNull();

    const mobile = freshMobile();
    const code = await s.api.smsCode(mobile, 'register');
    const bad = await s.api.call(api.register, { mobile, code, password: 'abc12345', invite_code: 'NOPE0000' });
    // Malformed input is HTTP 400 naming the field (docs/conventions.md), like every field error.
    expect([bad.status, bad.code, bad.msg]).toEqual([400, ErrorCode.VALIDATION, 'invite_code: 邀请码不存在']);
    expect(bad.data).toEqual({ fields: [{ path: 'invite_code', message: '邀请码不存在' }] });
  });
});

describe('login', () => {
  it('logs in by mobile; remember gives a 30-day token, otherwise 7 days', async () => {
    const short = await s.api.login(DEMO_USER.mobile, DEMO_USER.password);
    expect(short.code).toBe(200);
    expect(short.data.user.nickname).toBe('小鹿');
    expect(short.data.user.message_count).toBeGreaterThanOrEqual(3);
    expect(Math.round(daysFromNow(short.data.expires_at))).toBe(7);
    const long = await s.api.login(DEMO_USER.mobile, DEMO_USER.password, true);
    expect(Math.round(daysFromNow(long.data.expires_at))).toBe(30);
  });

  it('ignores a stale Authorization on the login call (noToken)', async () => {
    const r = await s.api.call(api.login, { account: DEMO_USER.mobile, password: DEMO_USER.password }, { token: 'stale', headers: { noToken: '1' } });
    expect(r.code).toBe(200);
  });

  it('refuses a wrong password, then locks the account after 5 failures in 15 minutes', async () => {
    const mobile = freshMobile();
    await s.api.register(mobile, 'right123');
    const first = await s.api.login(mobile, 'wrong123');
    expect(first.status).toBe(200);
    expect(first.code).toBe(ErrorCode.ACCOUNT_OR_PASSWORD_WRONG);
    expect(first.msg).toContain('4');
    for (let i = 0; i < 3; i++) expect((await s.api.login(mobile, 'wrong123')).code).toBe(ErrorCode.ACCOUNT_OR_PASSWORD_WRONG);
    const fifth = await s.api.login(mobile, 'wrong123');
    expect(fifth.code).toBe(ErrorCode.LOGIN_LOCKED);
    // Locked: even the right password is refused, with a clear message.
    const locked = await s.api.login(mobile, 'right123');
    expect(locked.code).toBe(ErrorCode.LOGIN_LOCKED);
    expect(locked.msg).toMatch(/\d+分钟后再试/);

    // Fifteen minutes later (the lock row aged), the right password works again.
    await s.deps.db.kysely
      .updateTable('login_failures')
      .set({ created_at: new Date(Date.now() - 16 * 60_000).toISOString() })
      .execute();
    expect((await s.api.login(mobile, 'right123')).code).toBe(200);
  });

  /** Tries taken for an account (rows of its key), read from the shared database. */
  const triesOf = async (mobile: string) => {
    const user = await s.deps.db.kysely.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow();
    const rows = await s.deps.db.kysely.selectFrom('login_failures').select('id').where('key', '=', `u:${user.id}`).execute();
    return rows.length;
  };
  const leftIn = (msg: string) => Number(/还可尝试(\d+)次/.exec(msg)?.[1]);

  it('gives a burst of wrong passwords sent at once exactly 5 checked tries, each with its own count', async () => {
    const mobile = freshMobile();
    await s.api.register(mobile, 'right123');
    const answers = await Promise.all(Array.from({ length: 25 }, () => s.api.login(mobile, 'wrong123')));
    const wrong = answers.filter((a) => a.code === ErrorCode.ACCOUNT_OR_PASSWORD_WRONG);
    expect(wrong.map((a) => leftIn(a.msg)).sort()).toEqual([1, 2, 3, 4]);
    expect(answers.filter((a) => a.code === ErrorCode.LOGIN_LOCKED)).toHaveLength(21);
    expect(await triesOf(mobile)).toBe(5);
    // Locked by the burst: the right password is refused too.
    expect((await s.api.login(mobile, 'right123')).code).toBe(ErrorCode.LOGIN_LOCKED);
  });

  it('refuses the right password sent inside a burst once its tries are taken', async () => {
    const mobile = freshMobile();
    await s.api.register(mobile, 'right123');
    const burst = Promise.all(Array.from({ length: 24 }, () => s.api.login(mobile, 'wrong123')));
    // The tries are taken before any hash is checked: wait for the fifth, then send the right one.
    const deadline = Date.now() + 10_000;
    while ((await triesOf(mobile)) < 5 && Date.now() < deadline) await new Promise((r) => setImmediate(r));
    const right = await s.api.login(mobile, 'right123');
    const answers = await burst;
    expect(right.code).toBe(ErrorCode.LOGIN_LOCKED);
    expect(right.msg).toMatch(/\d+分钟后再试/);
    expect(
      answers
        .filter((a) => a.code === ErrorCode.ACCOUNT_OR_PASSWORD_WRONG)
        .map((a) => leftIn(a.msg))
        .sort(),
    ).toEqual([1, 2, 3, 4]);
  });

  it('refuses unknown accounts the same way as wrong passwords', async () => {
    const r = await s.api.login('13999999999', 'whatever1');
    expect(r.code).toBe(ErrorCode.ACCOUNT_OR_PASSWORD_WRONG);
  });
});

describe('tokens', () => {
  it('answers 401 with the session codes: missing, invalid, revoked (logout), expired', async () => {
    const missing = await s.api.call(api.userInfo);
    expect([missing.status, missing.code]).toEqual([401, ErrorCode.TOKEN_MISSING]);
    const invalid = await s.api.call(api.userInfo, undefined, { token: 'not-a-token' });
    expect([invalid.status, invalid.code]).toEqual([401, ErrorCode.TOKEN_INVALID]);

    const session = (await s.api.login(DEMO_USER.mobile, DEMO_USER.password)).data;
    expect((await s.api.call(api.userInfo, undefined, { token: `Bearer ${session.token}` })).code).toBe(200);
    expect((await s.api.call(api.logout, undefined, { token: session.token })).data).toEqual({ revoked: true });
    const revoked = await s.api.call(api.userInfo, undefined, { token: session.token });
    expect([revoked.status, revoked.code]).toEqual([401, ErrorCode.TOKEN_REVOKED]);

    const other = (await s.api.login(DEMO_USER.mobile, DEMO_USER.password)).data;
    await s.deps.db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('revoked_at', 'is', null)
      .execute();
    const expired = await s.api.call(api.userInfo, undefined, { token: other.token });
    expect([expired.status, expired.code]).toEqual([401, ErrorCode.TOKEN_EXPIRED]);
  });

  it('refuses a guest on member calls with 11000405', async () => {
    const guest = await s.api.call(api.visitor, undefined, { headers: { Device: 'device-guest-0001' } });
    const r = await s.api.call(api.updateUserInfo, { signature: 'hi' }, { token: guest.data.token });
    expect([r.status, r.code]).toEqual([401, ErrorCode.GUEST_NOT_ALLOWED]);
  });
});

describe('forget password', () => {
  it('sets a new password, revokes every old session and refuses the old password', async () => {
    const mobile = freshMobile();
    const reg = await s.api.register(mobile, 'old12345');
    const other = (await s.api.login(mobile, 'old12345')).data;
    await s.rewindSms(mobile);
    const code = await s.api.smsCode(mobile, 'forget');
    expect((await s.api.call(api.verifySms, { mobile, scene: 'forget', code })).code).toBe(200);
    const r = await s.api.call(api.forgetPassword, { mobile, code, password: 'new12345' });
    expect(r.data).toEqual({ reset: true });
    for (const t of [reg.token, other.token]) {
      const old = await s.api.call(api.userInfo, undefined, { token: t });
      expect([old.status, old.code]).toEqual([401, ErrorCode.TOKEN_REVOKED]);
    }
    expect((await s.api.login(mobile, 'old12345')).code).toBe(ErrorCode.ACCOUNT_OR_PASSWORD_WRONG);
    expect((await s.api.login(mobile, 'new12345')).code).toBe(200);
  });

  it('refuses an unregistered number', async () => {
    const unique_code = await s.api.passCaptcha();
    const r = await s.api.call(api.sendSms, { mobile: freshMobile(), scene: 'forget', unique_code });
    expect(r.code).toBe(ErrorCode.NOT_REGISTERED);
  });
});
