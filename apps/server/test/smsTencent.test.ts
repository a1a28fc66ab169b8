/**
 * SMS through Tencent Cloud (decision 0192): the real `tencentcloud-sdk-nodejs-sms` client sends
 * SendSms to a stand-in on 127.0.0.1 (TENCENT_SMS_URL) that checks its TC3-HMAC-SHA256 signature
 * with a key pair the test made. A registration gets its code as the template's parameter; a
 * number Tencent refuses, or a daily limit, gives the user a clear message and spends no send.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode } from '@app/contract';
import { freshMobile } from '@app/testkit';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { TencentSmsStandIn } from './helpers/tencentSmsStandIn.js';

const tencent = new TencentSmsStandIn(`AKID${randomBytes(16).toString('hex')}`, randomBytes(24).toString('hex'));
let s: TestServer;

beforeAll(async () => {
  await tencent.start();
  s = await startTestServer({
    env: {
      SMS_PROVIDER: 'tencent',
      TENCENT_SECRET_ID: tencent.secretId,
      TENCENT_SECRET_KEY: tencent.secretKey,
      TENCENT_SMS_APP_ID: '1400000001',
      TENCENT_SMS_URL: tencent.url,
      SMS_SIGN_NAME: '星光直播',
      SMS_TEMPLATE_REGISTER: '100001',
    },
  });
});
afterAll(async () => {
  await s?.close();
  await tencent.stop();
});

describe('SMS through Tencent Cloud', () => {
  it('a registration gets its code as the parameter of the sign-up template, in a signed request', async () => {
    const mobile = freshMobile();
    const sent = await s.api.requestSms(mobile);
    expect(sent.code, sent.msg).toBe(200);
    const msg = tencent.sent.find((m) => m.phone === `+86${mobile}`)!;
    expect(msg).toMatchObject({ appId: '1400000001', signName: '星光直播', templateId: '100001' });
    const joined = await s.api.call(api.register, { mobile, code: msg.params[0]!, password: 'abc12345' });
    expect(joined.code, joined.msg).toBe(200);
  });

  it('a refused number and a daily limit give clear messages, and spend none of the number’s sends', async () => {
    const mobile = freshMobile();
    tencent.refuse.set(`+86${mobile}`, 'InvalidParameterValue.IncorrectPhoneNumber');
    const bad = await s.api.requestSms(mobile);
    expect([bad.code, bad.msg]).toEqual([ErrorCode.SMS_NOT_SENT, '短信发送失败：该手机号无法接收短信，请检查号码']);
    tencent.refuse.set(`+86${mobile}`, 'LimitExceeded.PhoneNumberDailyLimit');
    const limited = await s.api.requestSms(mobile);
    expect([limited.code, limited.msg]).toEqual([ErrorCode.SMS_NOT_SENT, '短信发送失败：已达发送上限，请稍后再试']);
    tencent.refuse.delete(`+86${mobile}`);
    const again = await s.api.requestSms(mobile);
    expect(again.code, again.msg).toBe(200);
  });

  it('a request signed with another key is refused by the stand-in (the check is real)', async () => {
    const forged = await fetch(tencent.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-tc-action': 'SendSms',
        'x-tc-version': '2021-01-11',
        'x-tc-timestamp': String(Math.floor(Date.now() / 1000)),
        authorization: 'TC3-HMAC-SHA256 Credential=x/2026-01-01/sms/tc3_request, SignedHeaders=content-type;host, Signature=' + '0'.repeat(64),
      },
      body: '{}',
    });
    expect(((await forged.json()) as { Response: { Error?: { Code: string } } }).Response.Error?.Code).toBe('AuthFailure.SignatureFailure');
  });
});
