/**
 * SMS through Twilio (decision 0191): the real `twilio` SDK sends to a stand-in of Twilio's REST
 * API on 127.0.0.1 (TWILIO_API_URL) that checks its Basic credentials. A registration gets its code
 * from the message Twilio received; a number Twilio refuses gives the user a clear message and
 * spends none of the number's sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode } from '@app/contract';
import { freshMobile } from '@app/testkit';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { TwilioStandIn } from './helpers/twilioStandIn.js';

const twilio = new TwilioStandIn('AC0123456789abcdef0123456789abcdef', 'test-auth-token-0123456789abcdef');
let s: TestServer;

beforeAll(async () => {
  await twilio.start();
  s = await startTestServer({
    env: {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: twilio.url,
    },
  });
});
afterAll(async () => {
  await s?.close();
  await twilio.stop();
});

describe('SMS through Twilio', () => {
  it('a registration gets its code in the message Twilio received', async () => {
    const mobile = freshMobile();
    const sent = await s.api.requestSms(mobile);
    expect(sent.code, sent.msg).toBe(200);
    const msg = twilio.sent.find((m) => m.to === `+86${mobile}`)!;
    expect(msg.from).toBe('+15005550006');
    const code = /\b(\d{6})\b/.exec(msg.body)![1]!;
    const joined = await s.api.call(api.register, { mobile, code, password: 'abc12345' });
    expect(joined.code, joined.msg).toBe(200);
    expect(joined.data.token).not.toBe('');
  });

  it('a number Twilio refuses gets a clear message, and the refusal spends none of its sends', async () => {
    const mobile = freshMobile();
    twilio.invalid.add(`+86${mobile}`);
    const refused = await s.api.requestSms(mobile);
    expect(refused.code).toBe(ErrorCode.SMS_NOT_SENT);
    expect(refused.msg).toBe('短信发送失败：该手机号无法接收短信，请检查号码');
    // Not counted: a send right away is not "too frequent" (60 s between sends), and it goes out.
    twilio.invalid.delete(`+86${mobile}`);
    const again = await s.api.requestSms(mobile);
    expect(again.code, again.msg).toBe(200);
    expect(twilio.sent.filter((m) => m.to === `+86${mobile}`)).toHaveLength(1);
  });
});
