/**
 * A stand-in for Tencent Cloud SMS (API 3.0, SendSms of 2021-01-11) on 127.0.0.1. It checks the
 * TC3-HMAC-SHA256 signature of every request as Tencent documents it (canonical request of method,
 * path, query, the signed headers and the body's SHA-256; key derived from the SecretKey, the date,
 * the service and "tc3_request") with the key pair the test made, and answers per number in
 * `SendStatusSet`: `Ok`, or the refusal Tencent gives (an incorrect number, a daily limit).
 */
import { createHash, createHmac } from 'node:crypto';
import type http from 'node:http';
import { StandInServer } from './standInServer.js';

export interface TencentSms {
  phone: string;
  appId: string;
  signName: string;
  templateId: string;
  params: string[];
}

const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string | Buffer, msg: string) => createHmac('sha256', key).update(msg).digest();

export class TencentSmsStandIn extends StandInServer {
  readonly sent: TencentSms[] = [];
  /** Numbers answered with this refusal code instead of Ok. */
  readonly refuse = new Map<string, string>();

  constructor(
    readonly secretId: string,
    readonly secretKey: string,
  ) {
    super();
  }

  /** Whether the request carries a valid TC3-HMAC-SHA256 signature by our key pair. */
  private signed(req: http.IncomingMessage, body: string): boolean {
    const m = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(
      String(req.headers.authorization ?? ''),
    );
    if (!m || m[1] !== this.secretId) return false;
    const [, , date, service, signedHeaders, signature] = m as unknown as string[];
    const timestamp = String(req.headers['x-tc-timestamp'] ?? '');
    if (new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) !== date || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
    const url = new URL(req.url ?? '/', 'http://x');
    const headers = signedHeaders!
      .split(';')
      .map((h) => `${h}:${h === 'host' ? String(req.headers.host ?? '').replace(/:\d+$/, '') : String(req.headers[h] ?? '')}\n`)
      .join('');
    const canonical = [req.method, url.pathname, url.search.slice(1), headers, signedHeaders, sha256hex(body)].join('\n');
    const toSign = ['TC3-HMAC-SHA256', timestamp, `${date}/${service}/tc3_request`, sha256hex(canonical)].join('\n');
    const key = hmac(hmac(hmac(`TC3${this.secretKey}`, date!), service!), 'tc3_request');
    return createHmac('sha256', key).update(toSign).digest('hex') === signature;
  }

  protected handle(req: http.IncomingMessage, body: string, res: http.ServerResponse): unknown {
    const answer = (response: object) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Response: { ...response, RequestId: `req-${Date.now()}` } }));
    if (!this.signed(req, body))
      return answer({ Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' } });
    if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11')
      return answer({ Error: { Code: 'InvalidAction', Message: 'unknown action' } });
    const input = JSON.parse(body) as { PhoneNumberSet: string[]; SmsSdkAppId: string; SignName: string; TemplateId: string; TemplateParamSet: string[] };
    const SendStatusSet = input.PhoneNumberSet.map((phone) => {
      const code = this.refuse.get(phone) ?? 'Ok';
      if (code === 'Ok')
        this.sent.push({ phone, appId: input.SmsSdkAppId, signName: input.SignName, templateId: input.TemplateId, params: input.TemplateParamSet });
      return {
        SerialNo: `sn-${this.sent.length}`,
        PhoneNumber: phone,
        Fee: code === 'Ok' ? 1 : 0,
        SessionContext: '',
        Code: code,
        Message: code === 'Ok' ? 'send success' : code,
        IsoCode: 'CN',
      };
    });
    answer({ SendStatusSet });
  }
}
