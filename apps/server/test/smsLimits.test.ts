import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode } from '@app/contract';
import { freshMobile } from '@app/testkit';
import { startTestServer, type TestServer } from './helpers/testServer.js';

// One server with the default limits; the tests of a lowered limit start their own.
let s: TestServer;
const own: TestServer[] = [];
const withLimits = async (config: Partial<TestServer['config']>) => {
  const limited = await startTestServer({ config });
  own.push(limited);
  return limited;
};
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(async () => {
  for (const limited of own.splice(0)) await limited.close();
});
afterAll(async () => {
  await s?.close();
});

const smsCount = async (srv: TestServer, mobile?: string) => {
  let q = srv.deps.db.kysely.selectFrom('sms_codes').select((eb) => eb.fn.countAll<number>().as('n'));
  if (mobile) q = q.where('mobile', '=', mobile);
  return Number((await q.executeTakeFirstOrThrow()).n);
};

describe('SMS abuse limits', () => {
  it('needs a passed captcha, used once (10100); a wrong captcha voids the image (10101 then 10102)', async () => {
    const mobile = freshMobile();
    const { unique_code } = (await s.api.call(api.uniqueCode)).data;
    expect((await s.api.call(api.sendSms, { mobile, scene: 'register', unique_code })).code).toBe(ErrorCode.CAPTCHA_REQUIRED);

    await s.api.call(api.captchaImg, { unique_code });
    const wrong = await s.api.call(api.captchaCheck, { unique_code, captcha: 'zzzz' });
    expect(wrong.code).toBe(ErrorCode.CAPTCHA_WRONG);
    const answer = (await s.api.call(api.devCaptchaAnswer, { unique_code })).code;
    expect(answer).toBe(ErrorCode.NOT_FOUND);
    expect((await s.api.call(api.captchaCheck, { unique_code, captcha: 'abcd' })).code).toBe(ErrorCode.CAPTCHA_EXPIRED);

    const passed = await s.api.passCaptcha();
    expect((await s.api.call(api.sendSms, { mobile, scene: 'register', unique_code: passed })).code).toBe(200);
    await s.rewindSms(mobile);
    expect((await s.api.call(api.sendSms, { mobile, scene: 'register', unique_code: passed })).code).toBe(ErrorCode.CAPTCHA_REQUIRED);
    expect(await smsCount(s, mobile)).toBe(1);
  });

  it('refuses an unknown or expired unique_code with 10102', async () => {
    const r = await s.api.call(api.captchaImg, { unique_code: 'a'.repeat(32) });
    expect(r.code).toBe(ErrorCode.CAPTCHA_EXPIRED);
    const { unique_code } = (await s.api.call(api.uniqueCode)).data;
    await s.deps.db.kysely
      .updateTable('captchas')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await s.api.call(api.captchaImg, { unique_code })).code).toBe(ErrorCode.CAPTCHA_EXPIRED);
  });

  it('keeps 60 s between sends and at most 3 per number per 10 minutes (10105)', async () => {
    const mobile = freshMobile();
    await s.api.smsCode(mobile, 'register');
    const soon = await s.api.call(api.sendSms, { mobile, scene: 'register', unique_code: await s.api.passCaptcha() });
    expect(soon.code).toBe(ErrorCode.SMS_TOO_FREQUENT);
    expect(soon.msg).toMatch(/\d+秒后再试/);

    await s.rewindSms(mobile);
    await s.api.smsCode(mobile, 'register');
    await s.rewindSms(mobile);
    await s.api.smsCode(mobile, 'register');
    await s.rewindSms(mobile);
    const fourth = await s.api.call(api.sendSms, { mobile, scene: 'register', unique_code: await s.api.passCaptcha() });
    expect(fourth.code).toBe(ErrorCode.SMS_TOO_FREQUENT);
    expect(fourth.msg).toMatch(/分钟后再试/);
    expect(await smsCount(s, mobile)).toBe(3);

    // Ten minutes on, the number may ask again.
    await s.rewindSms(mobile, 10 * 60_000);
    expect((await s.api.call(api.sendSms, { mobile, scene: 'register', unique_code: await s.api.passCaptcha() })).code).toBe(200);
  });

  it('lets only one of several simultaneous sends to a number through', async () => {
    const mobile = freshMobile();
    const codes = await Promise.all(Array.from({ length: 5 }, () => s.api.passCaptcha()));
    const answers = await Promise.all(codes.map((unique_code) => s.api.call(api.sendSms, { mobile, scene: 'register', unique_code })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === ErrorCode.SMS_TOO_FREQUENT)).toHaveLength(4);
    expect(await smsCount(s, mobile)).toBe(1);
  });

  it('limits sends per IP per hour', async () => {
    const s = await withLimits({ smsIpPerHour: 2 });
    await s.api.smsCode(freshMobile(), 'register');
    await s.api.smsCode(freshMobile(), 'register');
    const third = await s.api.call(api.sendSms, { mobile: freshMobile(), scene: 'register', unique_code: await s.api.passCaptcha() });
    expect(third.code).toBe(ErrorCode.SMS_TOO_FREQUENT);
    expect(third.msg).toContain('当前网络');
    expect(await smsCount(s)).toBe(2);
  });

  it('holds the per-IP limit when sends to different numbers arrive at once', async () => {
    const s = await withLimits({ smsIpPerHour: 2 });
    const codes = await Promise.all(Array.from({ length: 6 }, () => s.api.passCaptcha()));
    const answers = await Promise.all(codes.map((unique_code) => s.api.call(api.sendSms, { mobile: freshMobile(), scene: 'register', unique_code })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.code === ErrorCode.SMS_TOO_FREQUENT)).toHaveLength(4);
    expect(await smsCount(s)).toBe(2);
  });

  it('limits sends platform-wide per hour', async () => {
    const s = await withLimits({ smsGlobalPerHour: 1 });
    await s.api.smsCode(freshMobile(), 'register');
    const second = await s.api.call(api.sendSms, { mobile: freshMobile(), scene: 'register', unique_code: await s.api.passCaptcha() });
    expect([second.status, second.code]).toEqual([200, ErrorCode.RATE_LIMITED]);
    expect(second.msg).toContain('短信服务繁忙');
  });

  it('expires SMS codes after 5 minutes (10104)', async () => {
    const mobile = freshMobile();
    const code = await s.api.smsCode(mobile, 'register');
    await s.deps.db.kysely
      .updateTable('sms_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('mobile', '=', mobile)
      .execute();
    const r = await s.api.call(api.register, { mobile, code, password: 'abc12345' });
    expect(r.code).toBe(ErrorCode.SMS_CODE_EXPIRED);
    const users = await s.deps.db.kysely.selectFrom('users').select('id').where('mobile', '=', mobile).execute();
    expect(users).toHaveLength(0);
  });
});
