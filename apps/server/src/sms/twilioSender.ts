import twilio from 'twilio';
import type TwilioRequestClient from 'twilio/lib/base/RequestClient.js';
import type { SmsConfig } from './sms.config.js';
import { SmsRefused } from './smsRefused.js';
import type { SmsSender } from './smsSender.js';

const TWILIO_API = 'https://api.twilio.com';

type RequestOptions<T> = TwilioRequestClient.RequestOptions<T>;

/** Twilio errors that mean the number cannot take the message (invalid, not mobile, unsubscribed, blocked). */
const BAD_NUMBER = new Set([21211, 21214, 21217, 21408, 21606, 21610, 21612, 21614]);
/** Twilio errors that mean a limit was reached (rate, queue, account balance). */
const QUOTA = new Set([14107, 20429, 21611, 30001]);

/** Twilio's own HTTP client, sending to TWILIO_API_URL instead of api.twilio.com (a stand-in in tests). */
class BaseUrlClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super();
  }

  override request<TData>(opts: RequestOptions<TData>) {
    return super.request<TData>({ ...opts, uri: opts.uri.replace(TWILIO_API, this.base) });
  }
}

/** Sends codes through Twilio's Messages API (the `twilio` SDK), the text from SMS_BODY. */
export class TwilioSmsSender implements SmsSender {
  private readonly client: twilio.Twilio;
  private readonly from: string;

  constructor(private readonly config: SmsConfig) {
    const { accountSid, authToken, from, apiUrl } = config.twilio;
    if (!accountSid || !authToken || !from) throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
    this.from = from;
    this.client = twilio(accountSid, authToken, apiUrl === TWILIO_API ? {} : { httpClient: new BaseUrlClient(apiUrl) });
  }

  async send(msg: { mobile: string; code: string }): Promise<void> {
    const sender = this.from.startsWith('MG') ? { messagingServiceSid: this.from } : { from: this.from };
    try {
      await this.client.messages.create({ to: `+${this.config.countryCode}${msg.mobile}`, body: this.config.body.replace('{code}', msg.code), ...sender });
    } catch (err) {
      const code = (err as { code?: number }).code ?? 0;
      throw new SmsRefused(BAD_NUMBER.has(code) ? 'bad_number' : QUOTA.has(code) ? 'quota' : 'other', `twilio ${code}: ${(err as Error).message}`);
    }
  }
}
