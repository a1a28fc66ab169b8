/**
 * A stand-in for Aliyun SMS (Dysmsapi, RPC style, SendSms of 2017-05-25) on 127.0.0.1. It checks
 * the ACS3-HMAC-SHA256 signature (Aliyun's V3 signature) of every request as Aliyun documents it:
 * the canonical request of method, path, the sorted and RFC 3986-encoded query, the signed
 * headers (host, content-type, x-acs-*) and the body's SHA-256, hashed, then HMAC-SHA256 with the
 * AccessKey secret the test made; a fresh x-acs-date and a nonce not seen before. It answers as
 * SendSms does: HTTP 200 with `Code: OK`, or HTTP 200 with the refusal Code (a bad number, a
 * business limit); a bad signature is HTTP 400 `SignatureDoesNotMatch`.
 */
import { createHash, createHmac } from 'node:crypto';
import type http from 'node:http';
import { StandInServer } from './standInServer.js';

export interface AliyunSms {
  phone: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
}

const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');
/** RFC 3986 percent-encoding, as the signature's canonical query uses it. */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export class AliyunSmsStandIn extends StandInServer {
  readonly sent: AliyunSms[] = [];
  /** Numbers answered with this refusal Code instead of OK. */
  readonly refuse = new Map<string, string>();
  private readonly nonces = new Set<string>();

  constructor(
    readonly accessKeyId: string,
    readonly accessKeySecret: string,
  ) {
    super();
  }

  /** Why the request's signature is not one of our key pair's, or undefined when it is. */
  private badSignature(req: http.IncomingMessage, body: string): string | undefined {
    const m = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/.exec(String(req.headers.authorization ?? ''));
    if (!m) return 'no ACS3-HMAC-SHA256 authorization';
    const [, accessKeyId, signedHeaders, signature] = m as unknown as [string, string, string, string];
    if (accessKeyId !== this.accessKeyId) return 'unknown AccessKey';
    const names = signedHeaders.split(';');
    if (!['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version'].every((h) => names.includes(h)))
      return 'a required header is not signed';
    if (req.headers['x-acs-content-sha256'] !== sha256hex(body)) return 'the body does not match x-acs-content-sha256';
    if (Math.abs(Date.now() - Date.parse(String(req.headers['x-acs-date']))) > 15 * 60_000) return 'x-acs-date is not within 15 minutes';
    const url = new URL(req.url ?? '/', 'http://x');
    const query = [...url.searchParams]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${encode(k)}=${encode(v)}`)
      .join('&');
    const headers = names.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join('');
    const canonical = [req.method, url.pathname, query, headers, signedHeaders, String(req.headers['x-acs-content-sha256'])].join('\n');
    const expected = createHmac('sha256', this.accessKeySecret)
      .update(`ACS3-HMAC-SHA256\n${sha256hex(canonical)}`)
      .digest('hex');
    if (expected !== signature) return 'the signature does not match';
    const nonce = String(req.headers['x-acs-signature-nonce']);
    if (this.nonces.has(nonce)) return 'the nonce was used before';
    this.nonces.add(nonce);
    return undefined;
  }

  protected handle(req: http.IncomingMessage, body: string, res: http.ServerResponse): unknown {
    const answer = (status: number, fields: object) =>
      res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' }).end(JSON.stringify({ RequestId: `req-${Date.now()}`, ...fields }));
    const bad = this.badSignature(req, body);
    if (bad) return answer(400, { Code: 'SignatureDoesNotMatch', Message: `Specified signature is not matched with our calculation (${bad}).` });
    if (req.headers['x-acs-action'] !== 'SendSms' || req.headers['x-acs-version'] !== '2017-05-25')
      return answer(404, { Code: 'InvalidAction.NotFound', Message: 'Specified api is not found, please check your url and method.' });
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    const phone = q.get('PhoneNumbers') ?? '';
    const code = this.refuse.get(phone) ?? 'OK';
    if (code !== 'OK') return answer(200, { Code: code, Message: code });
    this.sent.push({
      phone,
      signName: q.get('SignName') ?? '',
      templateCode: q.get('TemplateCode') ?? '',
      params: JSON.parse(q.get('TemplateParam') ?? '{}') as Record<string, string>,
    });
    answer(200, { Code: 'OK', Message: 'OK', BizId: `biz-${this.sent.length}` });
  }
}
