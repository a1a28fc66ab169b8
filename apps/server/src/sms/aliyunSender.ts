import { createRequire } from 'node:module';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import type { SmsConfig } from './sms.config.js';
import { SmsRefused } from './smsRefused.js';
import type { SmsSender } from './smsSender.js';

/*
 * The package is CommonJS marked `__esModule`: what an `import` of its default gives differs between
 * Node's loader (the whole `exports`) and the test runner's (the class). `require` gives one answer.
 */
const { default: Dysmsapi, SendSmsRequest } = createRequire(import.meta.url)('@alicloud/dysmsapi20170525') as typeof import('@alicloud/dysmsapi20170525');

/** Aliyun's codes for a number that cannot take the message, and for a limit reached (rate, daily cap, balance). */
const BAD_NUMBER = /^isv\.(MOBILE_NUMBER_ILLEGAL|NOT_SUPPORTED_COUNTRY|DOMESTIC_NUMBER_NOT_SUPPORTED|COUNTRY_RESTRICTED)$/;
const QUOTA = /^(isv\.(BUSINESS_LIMIT_|DAY_LIMIT_CONTROL|AMOUNT_NOT_ENOUGH|OUT_OF_SERVICE)|Throttling)/;

const refusal = (code: string, detail: string) =>
  new SmsRefused(BAD_NUMBER.test(code) ? 'bad_number' : QUOTA.test(code) ? 'quota' : 'other', `aliyun ${code}: ${detail}`);

/** Sends codes through Aliyun SMS (Dysmsapi SendSms 2017-05-25, the official SDK, ACS3-HMAC-SHA256 signed), one template per scene. */
export class AliyunSmsSender implements SmsSender {
  private readonly client: InstanceType<typeof Dysmsapi>;

  constructor(private readonly config: SmsConfig) {
    const { accessKeyId, accessKeySecret, url } = config.aliyun;
    if (!accessKeyId || !accessKeySecret || !config.signName)
      throw new Error('SMS_PROVIDER=aliyun needs ALIYUN_ACCESS_KEY_ID, ALIYUN_ACCESS_KEY_SECRET and SMS_SIGN_NAME');
    const base = new URL(url);
    this.client = new Dysmsapi(
      new $OpenApiUtil.Config({ accessKeyId, accessKeySecret, endpoint: base.host, protocol: base.protocol.replace(':', '').toUpperCase() }),
    );
  }

  async send(msg: { mobile: string; scene: string; code: string }): Promise<void> {
    let answer: { code?: string; message?: string } | undefined;
    try {
      const sent = await this.client.sendSms(
        new SendSmsRequest({
          phoneNumbers: `${this.config.countryCode}${msg.mobile}`,
          signName: this.config.signName!,
          templateCode: this.config.templates[msg.scene as keyof SmsConfig['templates']],
          templateParam: JSON.stringify({ code: msg.code }),
        }),
      );
      answer = sent.body;
    } catch (err) {
      throw refusal((err as { code?: string }).code ?? '', (err as Error).message);
    }
    // SendSms answers HTTP 200 when it refuses a message; the verdict is the body's Code.
    if (answer?.code !== 'OK') throw refusal(answer?.code ?? '', answer?.message ?? 'no answer');
  }
}
