/**
 * A stand-in for a Web Push service on https://127.0.0.1, as RFC 8030 (the push protocol), RFC 8292
 * (VAPID) and RFC 8291 (message encryption) describe it. Push services are https only (web-push
 * sends with node:https): its certificate is self-signed, made at start with Debian's openssl, and
 * `cert` is what a client must trust. Each subscription the test makes is a browser's:
 * a P-256 key pair and a 16-byte auth secret generated here with node:crypto, and an endpoint
 * `/push/<id>`. A push is `POST` to the endpoint with `TTL`, `Content-Encoding: aes128gcm` and
 * `Authorization: vapid t=<JWT>, k=<public key>`; the stand-in checks the JWT (ES256 over the
 * key in `k`, `aud` = this origin, `exp` within 24 h, a `sub`) and that `k` is the server's key,
 * decrypts the body with the subscription's private key and auth secret, and answers 201. An
 * endpoint marked gone answers 410, as a push service does for an expired subscription.
 */
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface StandInSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscription: string;
  ttl: number;
  topic: string | undefined;
  urgency: string | undefined;
  /** The decrypted payload (the JSON the service worker would get). */
  data: unknown;
}

/** Refused requests: what was wrong with them (a test expects none). */
export type Refusal = { subscription: string; reason: string };

const b64u = (b: Buffer) => b.toString('base64url');

/** A self-signed P-256 certificate for 127.0.0.1, valid a day. */
function selfSigned(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-standin-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { encoding: 'utf8', timeout: 10_000 },
    );
    if (made.status !== 0) throw new Error(`openssl could not make the stand-in's certificate: ${made.stderr}`);
    return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2: the content encryption key and nonce of one aes128gcm body, and the plaintext. */
function decrypt(body: Buffer, ua: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (ciphertext.length > rs) throw new Error(`one record expected, got ${ciphertext.length} bytes for rs ${rs}`);
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
  const ikm = hmac(hmac(authSecret, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292 §2–3: the JWT is ES256 by the key in `k`, for this origin, not expired, with a contact. */
function vapidProblem(header: string | undefined, origin: string, serverKey: string): string | undefined {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!m) return `Authorization is not "vapid t=…, k=…": ${header}`;
  const [, jwt, k] = m as unknown as [string, string, string];
  if (k !== serverKey) return 'k is not the server’s VAPID public key';
  const [h, p, sig] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig, 'base64url')))
    return 'the JWT signature does not verify';
  const head = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (head.alg !== 'ES256') return `alg is ${head.alg}`;
  if (claims.aud !== origin) return `aud is ${claims.aud}, not ${origin}`;
  const now = Date.now() / 1000;
  if (!claims.exp || claims.exp < now || claims.exp > now + 24 * 3600) return `exp ${claims.exp} is not within 24 h`;
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return `sub is ${claims.sub}`;
  return undefined;
}

export class PushStandIn {
  readonly received: ReceivedPush[] = [];
  readonly refused: Refusal[] = [];
  /** Subscriptions answered 410 Gone. */
  readonly gone = new Set<string>();
  url = '';
  /** The certificate (PEM) a client must trust to reach this stand-in. */
  cert = '';
  private readonly browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  private server: https.Server | undefined;
  private seq = 0;

  /** @param serverKey the VAPID public key the server must sign with (base64url). */
  constructor(private readonly serverKey: string) {}

  /** A browser's subscription: keys made here, an endpoint on this stand-in. */
  subscription(): StandInSubscription {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const id = `sub${++this.seq}-${randomBytes(4).toString('hex')}`;
    this.browsers.set(id, { ecdh, auth });
    return { id, endpoint: `${this.url}/push/${id}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
  }

  /** What one subscription received, decrypted. */
  of(sub: Pick<StandInSubscription, 'id'>): ReceivedPush[] {
    return this.received.filter((r) => r.subscription === sub.id);
  }

  async start(): Promise<void> {
    const tls = selfSigned();
    this.cert = tls.cert;
    this.server = https.createServer(tls, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
        const browser = this.browsers.get(id);
        const refuse = (status: number, reason: string) => {
          this.refused.push({ subscription: id, reason });
          res.writeHead(status).end(reason);
        };
        if (req.method !== 'POST' || !browser) return refuse(404, 'no such subscription');
        if (this.gone.has(id)) return void res.writeHead(410).end('push subscription has unsubscribed or expired');
        const problem = vapidProblem(req.headers.authorization, this.url, this.serverKey);
        if (problem) return refuse(403, problem);
        if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(415, `Content-Encoding ${req.headers['content-encoding']}`);
        const ttl = Number(req.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, `TTL ${req.headers.ttl}`);
        let data: unknown;
        try {
          data = JSON.parse(decrypt(Buffer.concat(chunks), browser.ecdh, browser.auth).toString('utf8'));
        } catch (err) {
          return refuse(400, `cannot decrypt: ${String(err)}`);
        }
        const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);
        this.received.push({ subscription: id, ttl, topic: one(req.headers.topic), urgency: one(req.headers.urgency), data });
        res.writeHead(201, { location: `${this.url}/message/${this.received.length}` }).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
