/** SMS provider settings (SMS_PROVIDER picks the provider; these are its template, signature and keys). */
import { optionalText, section, text } from '../config/setting.js';

/** The SMS providers SMS_PROVIDER names. */
export const SMS_PROVIDERS = ['log', 'twilio'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

export interface SmsConfig {
  /** The text of a code sent by a provider without templates (Twilio); `{code}` is replaced. */
  body: string;
  /** Country calling code put before the 11-digit mobile for providers that take E.164 numbers. */
  countryCode: string;
  twilio: { accountSid: string | undefined; authToken: string | undefined; from: string | undefined; apiUrl: string };
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
    TWILIO_API_URL: text('https://api.twilio.com', 'https://api.twilio.com', "Base URL of Twilio's REST API (a test points it at a stand-in)"),
  },
  (v): SmsConfig => ({
    body: v.SMS_BODY,
    countryCode: v.SMS_COUNTRY_CODE,
    twilio: { accountSid: v.TWILIO_ACCOUNT_SID, authToken: v.TWILIO_AUTH_TOKEN, from: v.TWILIO_FROM, apiUrl: v.TWILIO_API_URL.replace(/\/+$/, '') },
  }),
);
