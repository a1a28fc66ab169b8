/** SMS provider settings (SMS_PROVIDER picks the provider; these are its template, signature and keys). */
import { optionalText, section, text } from '../config/setting.js';

/** The SMS providers SMS_PROVIDER names. */
export const SMS_PROVIDERS = ['log', 'twilio', 'tencent'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

export interface SmsConfig {
  /** The text of a code sent by a provider without templates (Twilio); `{code}` is replaced. */
  body: string;
  /** Country calling code put before the 11-digit mobile for providers that take E.164 numbers. */
  countryCode: string;
  twilio: { accountSid: string | undefined; authToken: string | undefined; from: string | undefined; apiUrl: string };
  /** The signature name providers with templates put on every message (Tencent). */
  signName: string | undefined;
  /** Template id per scene (Tencent); the code is its one parameter. */
  templates: { register: string; forget: string; login: string };
  tencent: { secretId: string | undefined; secretKey: string | undefined; appId: string | undefined; region: string; url: string };
}

export const smsSettings = section(
  {
    SMS_BODY: text(
      'Your verification code is {code}. It expires in 5 minutes.',
      'Your verification code is {code}. …',
      'Text of a code sent through Twilio (`{code}` is replaced)',
      (v) => (v.includes('{code}') ? undefined : 'must contain {code}'),
    ),
    SMS_COUNTRY_CODE: text('86', '86', 'Country calling code put before the 11-digit mobile number for Twilio (E.164: +86…)', (v) =>
      /^\d{1,4}$/.test(v) ? undefined : 'must be 1–4 digits',
    ),
    TWILIO_ACCOUNT_SID: optionalText('(required with SMS_PROVIDER=twilio)', 'Twilio account SID (AC…)'),
    TWILIO_AUTH_TOKEN: optionalText('(required with SMS_PROVIDER=twilio)', 'Twilio auth token'),
    TWILIO_FROM: optionalText('(required with SMS_PROVIDER=twilio)', 'Sender of the codes: a Twilio number (+1…) or a Messaging Service SID (MG…)'),
    SMS_SIGN_NAME: optionalText('(required with SMS_PROVIDER=tencent)', 'Signature name approved by the provider, shown on every message'),
    SMS_TEMPLATE_REGISTER: text('0', '0', 'Template id of the sign-up code (Tencent; the code is its one parameter)'),
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
      (v) => (/^https?:\/\/[^/]+\/?$/.test(v) ? undefined : 'must be an http(s) origin'),
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
  }),
);
