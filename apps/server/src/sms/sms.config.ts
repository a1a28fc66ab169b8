/** SMS provider settings (SMS_PROVIDER picks the provider; these are its template, signature and keys). */
import { optionalText, section, text } from '../config/setting.js';

/** The SMS providers SMS_PROVIDER names. */
export const SMS_PROVIDERS = ['log', 'twilio', 'tencent', 'aliyun'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

export interface SmsConfig {
  /** The text of a code sent by a provider without templates (Twilio); `{code}` is replaced. */
  body: string;
  /** Country calling code put before the 11-digit mobile for providers that take E.164 numbers. */
  countryCode: string;
  twilio: { accountSid: string | undefined; authToken: string | undefined; from: string | undefined; apiUrl: string };
  /** The signature name providers with templates put on every message (Tencent, Aliyun). */
  signName: string | undefined;
  /** Template id per scene (Tencent, Aliyun); the code is its one parameter. */
  templates: { register: string; forget: string; login: string };
  tencent: { secretId: string | undefined; secretKey: string | undefined; appId: string | undefined; region: string; url: string };
  aliyun: { accessKeyId: string | undefined; accessKeySecret: string | undefined; url: string };
}

/** An http(s) origin, the form of every provider's base URL setting. */
const httpOrigin = (v: string) => (/^https?:\/\/[^/]+\/?$/.test(v) ? undefined : 'must be an http(s) origin');

export const smsSettings = section(
  {
    SMS_BODY: text(
      'Your verification code is {code}. It expires in 5 minutes.',
      'Your verification code is {code}. …',
      'Text of a code sent through Twilio (`{code}` is replaced)',
      (v) => (v.includes('{code}') ? undefined : 'must contain {code}'),
    ),
    SMS_COUNTRY_CODE: text('86', '86', 'Country calling code put before the 11-digit mobile number for Twilio (E.164: +86…), Tencent and Aliyun', (v) =>
      /^\d{1,4}$/.test(v) ? undefined : 'must be 1–4 digits',
    ),
    TWILIO_ACCOUNT_SID: optionalText('(required with SMS_PROVIDER=twilio)', 'Twilio account SID (AC…)'),
    TWILIO_AUTH_TOKEN: optionalText('(required with SMS_PROVIDER=twilio)', 'Twilio auth token'),
    TWILIO_FROM: optionalText('(required with SMS_PROVIDER=twilio)', 'Sender of the codes: a Twilio number (+1…) or a Messaging Service SID (MG…)'),
    SMS_SIGN_NAME: optionalText('(required with SMS_PROVIDER=tencent or aliyun)', 'Signature name approved by the provider, shown on every message'),
    SMS_TEMPLATE_REGISTER: text(
      '0',
      '0',
      'Template id of the sign-up code (Tencent: a number; Aliyun: its template code `SMS_…`, the code its `${code}` variable)',
    ),
    SMS_TEMPLATE_FORGET: text('0', '0', 'Template id of the password-reset code'),
    SMS_TEMPLATE_LOGIN: text('0', '0', 'Template id of the login code'),
    TENCENT_SECRET_ID: optionalText('(required with SMS_PROVIDER=tencent)', 'Tencent Cloud API SecretId'),
    TENCENT_SECRET_KEY: optionalText('(required with SMS_PROVIDER=tencent)', 'Tencent Cloud API SecretKey'),
    TENCENT_SMS_APP_ID: optionalText('(required with SMS_PROVIDER=tencent)', 'SmsSdkAppId of the Tencent Cloud SMS application'),
    TENCENT_SMS_REGION: text('ap-guangzhou', 'ap-guangzhou', 'Tencent Cloud region of the SMS API'),
    TENCENT_SMS_URL: text(
      'https://sms.tencentcloudapi.com',
      'https://sms.tencentcloudapi.com',
      'Base URL of the Tencent Cloud SMS API (a test points it at a stand-in)',
      httpOrigin,
    ),
    ALIYUN_ACCESS_KEY_ID: optionalText('(required with SMS_PROVIDER=aliyun)', 'Aliyun (Alibaba Cloud) AccessKey ID allowed to call SMS SendSms'),
    ALIYUN_ACCESS_KEY_SECRET: optionalText('(required with SMS_PROVIDER=aliyun)', 'Aliyun AccessKey secret'),
    ALIYUN_SMS_URL: text(
      'https://dysmsapi.aliyuncs.com',
      'https://dysmsapi.aliyuncs.com',
      'Base URL of the Aliyun SMS API (Dysmsapi; a test points it at a stand-in)',
      httpOrigin,
    ),
    TWILIO_API_URL: text('https://api.twilio.com', 'https://api.twilio.com', "Base URL of Twilio's REST API (a test points it at a stand-in)"),
  },
  (v): SmsConfig => ({
    body: v.SMS_BODY,
    countryCode: v.SMS_COUNTRY_CODE,
    twilio: { accountSid: v.TWILIO_ACCOUNT_SID, authToken: v.TWILIO_AUTH_TOKEN, from: v.TWILIO_FROM, apiUrl: v.TWILIO_API_URL.replace(/\/+$/, '') },
    signName: v.SMS_SIGN_NAME,
    templates: { register: v.SMS_TEMPLATE_REGISTER, forget: v.SMS_TEMPLATE_FORGET, login: v.SMS_TEMPLATE_LOGIN },
    tencent: {
      secretId: v.TENCENT_SECRET_ID,
      secretKey: v.TENCENT_SECRET_KEY,
      appId: v.TENCENT_SMS_APP_ID,
      region: v.TENCENT_SMS_REGION,
      url: v.TENCENT_SMS_URL,
    },
    aliyun: { accessKeyId: v.ALIYUN_ACCESS_KEY_ID, accessKeySecret: v.ALIYUN_ACCESS_KEY_SECRET, url: v.ALIYUN_SMS_URL },
  }),
);

/** The settings SMS_PROVIDER's provider needs that are not set (none for `log`); production refuses to start without them. */
export function missingSmsSettings(provider: SmsProvider, c: SmsConfig): string[] {
  const needs: Record<SmsProvider, [string, string | undefined][]> = {
    log: [],
    twilio: [
      ['TWILIO_ACCOUNT_SID', c.twilio.accountSid],
      ['TWILIO_AUTH_TOKEN', c.twilio.authToken],
      ['TWILIO_FROM', c.twilio.from],
    ],
    tencent: [
      ['TENCENT_SECRET_ID', c.tencent.secretId],
      ['TENCENT_SECRET_KEY', c.tencent.secretKey],
      ['TENCENT_SMS_APP_ID', c.tencent.appId],
      ['SMS_SIGN_NAME', c.signName],
    ],
    aliyun: [
      ['ALIYUN_ACCESS_KEY_ID', c.aliyun.accessKeyId],
      ['ALIYUN_ACCESS_KEY_SECRET', c.aliyun.accessKeySecret],
      ['SMS_SIGN_NAME', c.signName],
    ],
  };
  return needs[provider].filter(([, value]) => !value).map(([name]) => name);
}
