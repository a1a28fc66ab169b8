/**
 * A stand-in for Twilio's REST API on 127.0.0.1, as documented for the Messages resource:
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From` (or
 * `MessagingServiceSid`) and `Body`, HTTP Basic auth with the account SID and auth token; 201 with
 * the message, or an error `{code, message, more_info, status}` (21211: the To number is invalid).
 */
import type http from 'node:http';
import { StandInServer } from './standInServer.js';

export interface TwilioMessage {
  to: string;
  from: string;
  body: string;
}

export class TwilioStandIn extends StandInServer {
  readonly sent: TwilioMessage[] = [];
  /** Numbers (E.164) answered with error 21211, as Twilio does for an invalid To. */
  readonly invalid = new Set<string>();

  constructor(
    readonly accountSid: string,
    readonly authToken: string,
  ) {
    super();
  }

  protected handle(req: http.IncomingMessage, body: string, res: http.ServerResponse): unknown {
    const answer = (status: number, payload: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    const error = (status: number, code: number, message: string) =>
      answer(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
    const basic = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (req.headers.authorization !== basic) return error(401, 20003, 'Authenticate');
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${this.accountSid}/Messages.json`)
      return error(404, 20404, 'The requested resource was not found');
    const form = new URLSearchParams(body);
    const msg = { to: form.get('To') ?? '', from: form.get('From') ?? form.get('MessagingServiceSid') ?? '', body: form.get('Body') ?? '' };
    if (!msg.to || !msg.from || !msg.body) return error(400, 21604, "A 'To' phone number is required.");
    if (this.invalid.has(msg.to)) return error(400, 21211, `The 'To' number ${msg.to} is not a valid phone number.`);
    this.sent.push(msg);
    answer(201, { sid: `SM${this.sent.length.toString().padStart(32, '0')}`, account_sid: this.accountSid, status: 'queued', ...msg });
  }
}
