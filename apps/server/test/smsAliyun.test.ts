/**
 * SMS through Aliyun (decision 0225): the real `@alicloud/dysmsapi20170525` client sends SendSms to
 * a stand-in on 127.0.0.1 (ALIYUN_SMS_URL) that checks its ACS3-HMAC-SHA256 signature with an
 * AccessKey the test made. A registration gets its code as the template's `code` variable; a
 * number Aliyun refuses, or its business limit, gives the user a clear message and spends no send.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode } from '@app/contract';
import { freshMobile } from '@app/testkit';
import { AliyunSmsSender } from '../src/sms/aliyunSender.js';
import { loadConfig } from '../src/config.js';
import { AliyunSmsStandIn } from './helpers/aliyunSmsStandIn.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

const aliyun = new AliyunSmsStandIn(`LTAI${randomBytes(10).toString('hex')}`, randomBytes(15).toString('base64url'));
const ALIYUN = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_ACCESS_KEY_ID: aliyun.accessKeyId,
  ALIYUN_ACCESS_KEY_SECRET: aliyun.accessKeySecret,
  SMS_SIGN_NAME: '星光直播',
  SMS_TEMPLATE_REGISTER: 'SMS_460975123',
};
let s: TestServer;

beforeAll(async () => {
  await aliyun.start();
  s = await startTestServer({ env: { ...ALIYUN, ALIYUN_SMS_URL: aliyun.url } });
});
afterAll(async () => {
  await s?.close();
  await aliyun.stop();
});

describe('SMS through Aliyun', () => {
  it('a registration gets its code as the `code` variable of the sign-up template, in a signed request', async () => {
    const mobile = freshMobile();
    const sent = await s.api.requestSms(mobile);
    expect(sent.code, sent.msg).toBe(200);
    const msg = aliyun.sent.find((m) => m.phone === `86${mobile}`)!;
    expect(msg).toMatchObject({ signName: '星光直播', templateCode: 'SMS_460975123' });
    expect(msg.params.code).toMatch(/^\d{6}$/);
    const joined = await s.api.call(api.register, { mobile, code: msg.params.code!, password: 'abc12345' });
    expect(joined.code, joined.msg).toBe(200);
  });

  it('an illegal number and the business limit give clear messages, and spend none of the number’s sends', async () => {
    const mobile = freshMobile();
    aliyun.refuse.set(`86${mobile}`, 'isv.MOBILE_NUMBER_ILLEGAL');
    const bad = await s.api.requestSms(mobile);
    expect([bad.code, bad.msg]).toEqual([ErrorCode.SMS_NOT_SENT, '短信发送失败：该手机号无法接收短信，请检查号码']);
    aliyun.refuse.set(`86${mobile}`, 'isv.BUSINESS_LIMIT_CONTROL');
    const limited = await s.api.requestSms(mobile);
    expect([limited.code, limited.msg]).toEqual([ErrorCode.SMS_NOT_SENT, '短信发送失败：已达发送上限，请稍后再试']);
    // Neither refusal counted: a send right away is not "too frequent" (60 s between sends), and it goes out.
    aliyun.refuse.delete(`86${mobile}`);
    const again = await s.api.requestSms(mobile);
    expect(again.code, again.msg).toBe(200);
    expect(aliyun.sent.filter((m) => m.phone === `86${mobile}`)).toHaveLength(1);
  });

  it('the stand-in refuses a request signed with another secret (the check is real), and the sender names it', async () => {
    const forged = new AliyunSmsSender(loadConfig({ ...ALIYUN, ALIYUN_SMS_URL: aliyun.url, ALIYUN_ACCESS_KEY_SECRET: 'another-secret' }).sms);
    await expect(forged.send({ mobile: freshMobile(), scene: 'register', code: '123456' })).rejects.toMatchObject({
      reason: 'other',
      detail: expect.stringContaining('aliyun SignatureDoesNotMatch') as unknown,
    });
  });
});
