import * as tencentcloud from 'tencentcloud-sdk-nodejs-sms';
import type { SmsConfig } from './sms.config.js';
import { SmsRefused } from './smsRefused.js';
import type { SmsSender } from './smsSender.js';

const SmsClient = tencentcloud.sms.v20210111.Client;

/** Tencent Cloud's codes for a number that cannot take the message, and for a limit reached. */
const BAD_NUMBER =
  /^(InvalidParameterValue\.IncorrectPhoneNumber|FailedOperation\.PhoneNumberInBlacklist|UnsupportedOperation\.ContainDomesticAndInternationalPhoneNumber)$/;
const QUOTA = /^(LimitExceeded\.|FailedOperation\.InsufficientBalanceInSmsPackage)/;

const refusal = (code: string, detail: string) =>
  new SmsRefused(BAD_NUMBER.test(code) ? 'bad_number' : QUOTA.test(code) ? 'quota' : 'other', `tencent ${code}: ${detail}`);

/** Sends codes through Tencent Cloud SMS (SendSms 2021-01-11, the official SDK, TC3-HMAC-SHA256 signed), one template per scene. */
export class TencentSmsSender implements SmsSender {
  private readonly client: InstanceType<typeof SmsClient>;

  constructor(private readonly config: SmsConfig) {
    const { secretId, secretKey, appId, region, url } = config.tencent;
    if (!secretId || !secretKey || !appId || !config.signName)
      throw new Error('SMS_PROVIDER=tencent needs TENCENT_SECRET_ID, TENCENT_SECRET_KEY, TENCENT_SMS_APP_ID and SMS_SIGN_NAME');
    const base = new URL(url);
    this.client = new SmsClient({
      credential: { secretId, secretKey },
      region,
      profile: { httpProfile: { endpoint: base.host, protocol: `${base.protocol}//` } },
    });
  }

  async send(msg: { mobile: string; scene: string; code: string }): Promise<void> {
    let status: { Code?: string; Message?: string } | undefined;
    try {
      const answer = await this.client.SendSms({
        PhoneNumberSet: [`+${this.config.countryCode}${msg.mobile}`],
        SmsSdkAppId: this.config.tencent.appId!,
        SignName: this.config.signName!,
        TemplateId: this.config.templates[msg.scene as keyof SmsConfig['templates']],
        TemplateParamSet: [msg.code],
      });
      status = answer.SendStatusSet?.[0];
    } catch (err) {
      throw refusal((err as { code?: string }).code ?? '', (err as Error).message);
    }
    if (status?.Code !== 'Ok') throw refusal(status?.Code ?? '', status?.Message ?? 'no status');
  }
}
