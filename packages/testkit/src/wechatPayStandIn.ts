/**
 * A stand-in for the parts of WeChat Pay's API v3 a merchant's H5 and JSAPI payments use, on 127.0.0.1:
 * `POST /v3/pay/transactions/h5`, `POST /v3/pay/transactions/jsapi` (the payer's openid required), `GET /v3/pay/transactions/out-trade-no/{no}?mchid=`,
 * `POST /v3/pay/transactions/out-trade-no/{no}/close` (204), `POST /v3/refund/domestic/refunds`
 * (the same out_refund_no answering the same refund), `GET /v3/bill/tradebill` and the bill's
 * download. Every call must carry the merchant's `Authorization: WECHATPAY2-SHA256-RSA2048 …`
 * signature, checked against the merchant key pair this stand-in makes (a wrong or old one: 401
 * SIGN_ERROR); every 2xx answer but the bill download is signed with the platform key pair it
 * makes (`Wechatpay-Timestamp`, `-Nonce`, `-Serial`, `-Signature`), errors are `{code, message}`.
 * Its H5 page "pays" an order: the order succeeds, a `TRANSACTION.SUCCESS` notify whose resource is
 * AES-256-GCM encrypted with the APIv3 key is posted, signed, to the order's notify_url, and the
 * payer is sent to the redirect_url. Inside WeChat: the official account's OAuth (`GET
 * /connect/oauth2/authorize`, `snsapi_base`: straight back to redirect_uri with a one-time code and
 * the state) and its code exchange (`GET /sns/oauth2/access_token`, the AppSecret checked, answering
 * the openid or an errcode), and `jsapiPay`, what the WeChat app does with
 * `getBrandWCPayRequest`'s parameters: paySign checked with the merchant's public key, the order
 * paid and notified. Tests can also forge, replay, tamper with or repeat notifies.
 */
import { createCipheriv, createHash, createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import type http from 'node:http';
import { closeLoopback, listenOnLoopback } from './loopback.js';

export interface StandInTrade {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_type: 'MWEB' | 'JSAPI';
  /** The payer's openid (JSAPI). */
  openid?: string;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  trade_state_desc: string;
  success_time?: string;
  amount: { total: number; payer_total: number; currency: string; payer_currency: string };
  description: string;
  notify_url: string;
  payer_client_ip: string;
  time_expire: string;
  prepay_id: string;
}

export interface StandInWechatRefund {
  refund_id: string;
  out_refund_no: string;
  transaction_id: string;
  refund: number;
}

const alnum = (n: number) => {
  const abc = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return [...randomBytes(n)].map((b) => abc[b % abc.length]).join('');
};
const digits = (n: number) => [...randomBytes(n)].map((b) => String(b % 10)).join('');
/** RFC 3339 in China time, as WeChat Pay writes times. */
const chinaTime = (ms = Date.now()) => `${new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
const pemOf = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ format: 'pem', type }) as string;
const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

export class WechatPayStandIn {
  readonly mchid = `19${digits(8)}`;
  readonly appid = `wx${alnum(16).toLowerCase()}`;
  readonly merchantSerial = randomBytes(20).toString('hex').toUpperCase();
  readonly platformSerial = `PUB_KEY_ID_01${digits(30)}`;
  readonly apiV3Key = alnum(32);
  /** The official account's AppSecret (WECHAT_PAY_APPSECRET) its code exchange checks. */
  readonly appSecret = alnum(32).toLowerCase();
  /** The openid of the one WeChat user this stand-in's OAuth knows (the payer in the tests). */
  openid = `o${alnum(27)}`;
  /** OAuth codes given and not yet exchanged (each works once, as WeChat's do). */
  private readonly codes = new Map<string, string>();
  /** Every OAuth code exchange, and whether the code was good. */
  readonly oauthExchanges: { code: string; ok: boolean }[] = [];
  /** The merchant's API private key (PEM) the server signs with; the stand-in holds its public half. */
  readonly merchantPrivateKey: string;
  /** The WeChat Pay public key (PEM) the server verifies with; the stand-in signs with its private half. */
  readonly platformPublicKey: string;
  readonly trades = new Map<string, StandInTrade>();
  readonly refunds: StandInWechatRefund[] = [];
  /** Notifies the H5 page sent, with the status the server answered. */
  readonly notified: { out_trade_no: string; status: number }[] = [];
  /** Where the H5 page posts its notifies instead of the order's notify_url (a server on a port it learnt only once started). */
  notifyUrl = '';
  /** Answers refunds with NOT_ENOUGH (the merchant's balance too low) while set. */
  failRefunds = false;
  url = '';
  private readonly merchantPublic: KeyObject;
  private readonly platformPrivate: KeyObject;
  private readonly bills = new Map<string, Buffer>();
  private server: http.Server | undefined;

  constructor() {
    const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.merchantPrivateKey = pemOf(merchant.privateKey, 'pkcs8');
    this.merchantPublic = merchant.publicKey;
    this.platformPrivate = platform.privateKey;
    this.platformPublicKey = pemOf(platform.publicKey, 'spki');
  }

  /** The server's WECHAT_PAY_* settings for this stand-in. */
  get env(): Record<string, string> {
    return {
      WECHAT_PAY_MCHID: this.mchid,
      WECHAT_PAY_APPID: this.appid,
      WECHAT_PAY_PRIVATE_KEY: this.merchantPrivateKey,
      WECHAT_PAY_CERT_SERIAL: this.merchantSerial,
      WECHAT_PAY_APIV3_KEY: this.apiV3Key,
      WECHAT_PAY_PLATFORM_KEY: this.platformPublicKey,
      WECHAT_PAY_PLATFORM_SERIAL: this.platformSerial,
      WECHAT_PAY_API_BASE: this.url,
    };
  }

  /** The merchant's API public key, which verifies what the server signs with its private half (requests, paySign). */
  get merchantPublicKey(): KeyObject {
    return this.merchantPublic;
  }

  /** The settings that add JSAPI inside WeChat: the AppSecret, and this stand-in as WeChat's OAuth page and API. */
  get jsapiEnv(): Record<string, string> {
    return { WECHAT_PAY_APPSECRET: this.appSecret, WECHAT_OAUTH_BASE: this.url, WECHAT_SNS_API_BASE: this.url };
  }

  /**
   * What the WeChat app does with `getBrandWCPayRequest`'s parameters: the appId must be the
   * merchant's, the package a prepay_id of an unpaid order, the timeStamp recent and paySign the
   * merchant key's SHA256withRSA over \`appId\ntimeStamp\nnonceStr\npackage\n\`; then the order is
   * paid and its signed notify sent. Answers the bridge's err_msg.
   */
  async jsapiPay(p: Record<string, unknown>): Promise<string> {
    const text = ['appId', 'timeStamp', 'nonceStr', 'package'].map((k) => String(p[k] ?? '')).join('\n');
    const signed =
      p.signType === 'RSA' && typeof p.paySign === 'string' && createVerify('RSA-SHA256').update(`${text}\n`).verify(this.merchantPublic, p.paySign, 'base64');
    const t = [...this.trades.values()].find((x) => `prepay_id=${x.prepay_id}` === p.package && x.trade_type === 'JSAPI');
    if (!signed || p.appId !== this.appid || !t || Math.abs(Date.now() / 1000 - Number(p.timeStamp)) > 300) return 'get_brand_wcpay_request:fail';
    if (t.trade_state !== 'NOTPAY') return 'get_brand_wcpay_request:fail';
    this.pay(t.out_trade_no);
    const { notify_url: _n, payer_client_ip: _i, prepay_id: _p, time_expire: _e, description: _d, ...resource } = t;
    const r = await this.deliver(this.notifyBody(resource), undefined, this.notifyUrl || t.notify_url);
    this.notified.push({ out_trade_no: t.out_trade_no, status: r.status });
    return 'get_brand_wcpay_request:ok';
  }

  async start(): Promise<void> {
    ({ server: this.server, url: this.url } = await listenOnLoopback(
      (req, body, res) => this.handle(req, body, res),
      (err) => ({ type: 'application/json', body: JSON.stringify({ code: 'SYSTEM_ERROR', message: String(err) }) }),
    ));
  }

  stop(): Promise<void> {
    return closeLoopback(this.server);
  }

  /** Marks an order paid, without telling anyone (a lost notify). */
  pay(outTradeNo: string, patch: Partial<StandInTrade> = {}): StandInTrade {
    const t = this.trades.get(outTradeNo);
    if (!t) throw new Error(`no trade ${outTradeNo}`);
    Object.assign(
      t,
      { trade_state: 'SUCCESS', trade_state_desc: '支付成功', transaction_id: t.transaction_id ?? `42${digits(26)}`, success_time: chinaTime() },
      patch,
    );
    return t;
  }

  /** A payment for an order the merchant never made (someone else's, or a bug), in the day's bill only. */
  settleForeign(outTradeNo: string, total: number): StandInTrade {
    this.trades.set(outTradeNo, this.newTrade({ out_trade_no: outTradeNo, total, description: '?', notify_url: '', payer_client_ip: '127.0.0.1' }));
    return this.pay(outTradeNo);
  }

  /** A notify body as WeChat Pay posts it: the trade, encrypted with the APIv3 key (or another one). */
  notifyBody(trade: object, opts: { eventType?: string; apiV3Key?: string } = {}): string {
    const nonce = alnum(12);
    const aad = 'transaction';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(opts.apiV3Key ?? this.apiV3Key), Buffer.from(nonce)).setAAD(Buffer.from(aad));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(trade), 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
    return JSON.stringify({
      id: randomUUID(),
      create_time: chinaTime(),
      resource_type: 'encrypt-resource',
      event_type: opts.eventType ?? 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: aad, nonce },
    });
  }

  /** The Wechatpay-* headers of a body, signed with the platform key (or another one), now or at `timestamp`. */
  headers(body: string, opts: { timestamp?: number; key?: KeyObject; serial?: string } = {}): Record<string, string> {
    const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
    const nonce = alnum(32);
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(opts.key ?? this.platformPrivate, 'base64');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': opts.serial ?? this.platformSerial,
      'wechatpay-signature': signature,
      'request-id': randomUUID(),
    };
  }

  /** Posts a notify as WeChat Pay does (to the order's notify_url unless told); answers the status and the body. */
  async deliver(body: string, headers = this.headers(body), url?: string): Promise<{ status: number; body: { code: number; msg: string; data: unknown } }> {
    const to = url ?? (this.notifyUrl || ([...this.trades.values()].find((t) => t.notify_url)?.notify_url ?? ''));
    const res = await fetch(to, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
  }

  private newTrade(f: {
    out_trade_no: string;
    total: number;
    description: string;
    notify_url: string;
    payer_client_ip: string;
    time_expire?: string;
  }): StandInTrade {
    return {
      appid: this.appid,
      mchid: this.mchid,
      out_trade_no: f.out_trade_no,
      trade_type: 'MWEB',
      trade_state: 'NOTPAY',
      trade_state_desc: '未支付',
      amount: { total: f.total, payer_total: f.total, currency: 'CNY', payer_currency: 'CNY' },
      description: f.description,
      notify_url: f.notify_url,
      payer_client_ip: f.payer_client_ip,
      time_expire: f.time_expire ?? chinaTime(Date.now() + 7_200_000),
      prepay_id: `wx${digits(26)}`,
    };
  }

  /** The merchant's signature on a request, as the Authorization header carries it. */
  private signedByMerchant(req: http.IncomingMessage, body: string): boolean {
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(req.headers.authorization ?? '');
    if (!m) return false;
    const f = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (f.mchid !== this.mchid || f.serial_no !== this.merchantSerial || Math.abs(Date.now() / 1000 - Number(f.timestamp)) > 300) return false;
    return createVerify('RSA-SHA256')
      .update(`${req.method}\n${req.url}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`)
      .verify(this.merchantPublic, f.signature ?? '', 'base64');
  }

  private async handle(req: http.IncomingMessage, body: string, res: http.ServerResponse): Promise<void> {
    const send = (status: number, v?: unknown): void => {
      const text = v === undefined ? '' : JSON.stringify(v);
      const signed = status < 300 ? this.headers(text) : { 'request-id': randomUUID() };
      res.writeHead(status, { ...(text ? { 'content-type': 'application/json' } : {}), ...signed }).end(text);
    };
    const error = (status: number, code: string, message: string): void => send(status, { code, message });
    const u = new URL(req.url ?? '/', this.url);
    const path = u.pathname;

    // The H5 cashier the payer's phone browser opens (in real life it hands over to the WeChat app).
    if (path === '/h5pay/checkmweb' || path === '/h5pay/confirm') {
      const t = [...this.trades.values()].find((x) => x.prepay_id === u.searchParams.get('prepay_id'));
      if (!t) return error(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      const back = u.searchParams.get('redirect_url') ?? '';
      if (path === '/h5pay/checkmweb') {
        const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>微信支付（模拟）</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#ededed;display:flex;justify-content:center}main{max-width:428px;width:100%;padding:40px 20px;box-sizing:border-box;text-align:center}
.amount{font-size:36px;font-weight:700;margin:8px 0 28px}button{width:100%;padding:14px;border:0;border-radius:8px;background:#07c160;color:#fff;font-size:17px}</style></head>
<body><main><div>${t.description.replace(/[<>&"]/g, '')}</div><div class="amount">¥${yuan(t.amount.total)}</div><div>${t.trade_state === 'NOTPAY' ? '' : t.trade_state_desc}</div>
${t.trade_state === 'NOTPAY' ? `<form method="post" action="/h5pay/confirm?prepay_id=${t.prepay_id}&redirect_url=${encodeURIComponent(back)}"><button type="submit">确认支付</button></form>` : ''}</main></body></html>`;
        return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      }
      if (req.method !== 'POST' || t.trade_state !== 'NOTPAY') return error(400, 'ORDER_CLOSED', '订单已关闭或已支付');
      this.pay(t.out_trade_no);
      const { notify_url: _n, payer_client_ip: _i, prepay_id: _p, time_expire: _e, description: _d, ...resource } = t;
      const r = await this.deliver(this.notifyBody(resource), undefined, this.notifyUrl || t.notify_url);
      this.notified.push({ out_trade_no: t.out_trade_no, status: r.status });
      return void res.writeHead(303, { location: back || '/' }).end();
    }

    // The official account's OAuth page (snsapi_base asks nothing: straight back with a code) and its code exchange.
    if (req.method === 'GET' && path === '/connect/oauth2/authorize') {
      const q = u.searchParams;
      const back = q.get('redirect_uri') ?? '';
      if (q.get('appid') !== this.appid || q.get('response_type') !== 'code' || q.get('scope') !== 'snsapi_base' || !/^https?:\/\//.test(back))
        return void res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('参数错误');
      const code = alnum(32);
      this.codes.set(code, this.openid);
      const state = q.get('state') ?? '';
      return void res.writeHead(302, { location: `${back}${back.includes('?') ? '&' : '?'}code=${code}&state=${encodeURIComponent(state)}` }).end();
    }
    if (req.method === 'GET' && path === '/sns/oauth2/access_token') {
      const q = u.searchParams;
      const json = (v: object) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(v));
      const code = q.get('code') ?? '';
      if (q.get('appid') !== this.appid || q.get('secret') !== this.appSecret) return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      const openid = q.get('grant_type') === 'authorization_code' ? this.codes.get(code) : undefined;
      this.codes.delete(code);
      this.oauthExchanges.push({ code, ok: Boolean(openid) });
      if (!openid) return json({ errcode: 40029, errmsg: 'invalid code' });
      return json({ access_token: alnum(64), expires_in: 7200, refresh_token: alnum(64), openid, scope: 'snsapi_base', is_snapshotuser: 0 });
    }

    if (!this.signedByMerchant(req, body)) return error(401, 'SIGN_ERROR', '签名错误');
    const json = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    const view = (t: StandInTrade) => {
      const { notify_url: _n, payer_client_ip: _i, prepay_id: _p, time_expire: _e, description: _d, ...out } = t;
      return out;
    };

    if (req.method === 'POST' && path === '/v3/pay/transactions/h5') {
      const amount = json.amount as { total?: unknown; currency?: unknown } | undefined;
      const scene = json.scene_info as { payer_client_ip?: unknown; h5_info?: { type?: unknown } } | undefined;
      if (json.appid !== this.appid || json.mchid !== this.mchid) return error(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
      if (typeof json.out_trade_no !== 'string' || typeof json.description !== 'string' || typeof json.notify_url !== 'string')
        return error(400, 'PARAM_ERROR', '缺少参数 out_trade_no, description 或 notify_url');
      if (!Number.isInteger(amount?.total) || (amount?.total as number) <= 0 || amount?.currency !== 'CNY')
        return error(400, 'PARAM_ERROR', 'amount.total 无效');
      if (typeof scene?.payer_client_ip !== 'string' || !scene.h5_info?.type) return error(400, 'PARAM_ERROR', '缺少 scene_info');
      const seen = this.trades.get(json.out_trade_no);
      if (seen && seen.amount.total !== amount?.total) return error(400, 'INVALID_REQUEST', '201 商户订单号重复');
      const t =
        seen ??
        this.newTrade({
          out_trade_no: json.out_trade_no,
          total: amount!.total as number,
          description: json.description,
          notify_url: json.notify_url,
          payer_client_ip: scene.payer_client_ip,
          time_expire: typeof json.time_expire === 'string' ? json.time_expire : undefined,
        });
      this.trades.set(t.out_trade_no, t);
      return send(200, { h5_url: `${this.url}/h5pay/checkmweb?prepay_id=${t.prepay_id}&package=${digits(10)}` });
    }
    if (req.method === 'POST' && path === '/v3/pay/transactions/jsapi') {
      const amount = json.amount as { total?: unknown; currency?: unknown } | undefined;
      const payer = json.payer as { openid?: unknown } | undefined;
      if (json.appid !== this.appid || json.mchid !== this.mchid) return error(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
      if (typeof json.out_trade_no !== 'string' || typeof json.description !== 'string' || typeof json.notify_url !== 'string')
        return error(400, 'PARAM_ERROR', '缺少参数 out_trade_no, description 或 notify_url');
      if (!Number.isInteger(amount?.total) || (amount?.total as number) <= 0 || amount?.currency !== 'CNY')
        return error(400, 'PARAM_ERROR', 'amount.total 无效');
      if (typeof payer?.openid !== 'string' || !payer.openid) return error(400, 'PARAM_ERROR', '缺少 payer.openid');
      const seen = this.trades.get(json.out_trade_no);
      if (seen && (seen.amount.total !== amount?.total || seen.openid !== payer.openid)) return error(400, 'INVALID_REQUEST', '201 商户订单号重复');
      const t = seen ?? {
        ...this.newTrade({
          out_trade_no: json.out_trade_no,
          total: amount!.total as number,
          description: json.description,
          notify_url: json.notify_url,
          payer_client_ip: '',
          time_expire: typeof json.time_expire === 'string' ? json.time_expire : undefined,
        }),
        trade_type: 'JSAPI' as const,
        openid: payer.openid,
      };
      this.trades.set(t.out_trade_no, t);
      return send(200, { prepay_id: t.prepay_id });
    }
    const one = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(path);
    if (one) {
      const t = this.trades.get(decodeURIComponent(one[1]!));
      if (!t) return error(404, 'ORDER_NOT_EXIST', '订单不存在');
      if (req.method === 'GET' && !one[2]) return u.searchParams.get('mchid') === this.mchid ? send(200, view(t)) : error(400, 'PARAM_ERROR', 'mchid 无效');
      if (req.method === 'POST' && one[2]) {
        if (t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND') return error(400, 'ORDERPAID', '订单已支付');
        Object.assign(t, { trade_state: 'CLOSED', trade_state_desc: '已关闭' });
        return send(204);
      }
    }
    if (req.method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const seen = this.refunds.find((r) => r.out_refund_no === json.out_refund_no);
      const t = [...this.trades.values()].find((x) => x.transaction_id === json.transaction_id && (x.trade_state === 'SUCCESS' || x.trade_state === 'REFUND'));
      if (!t) return error(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      const amount = json.amount as { refund?: unknown; total?: unknown } | undefined;
      if (amount?.total !== t.amount.total || !Number.isInteger(amount?.refund) || (amount?.refund as number) > t.amount.total)
        return error(400, 'PARAM_ERROR', '退款金额无效');
      if (this.failRefunds) return error(403, 'NOT_ENOUGH', '基本账户余额不足，请充值后重新发起');
      const r = seen ?? {
        refund_id: `50${digits(30)}`,
        out_refund_no: String(json.out_refund_no),
        transaction_id: String(json.transaction_id),
        refund: amount.refund as number,
      };
      if (!seen) this.refunds.push(r);
      Object.assign(t, { trade_state: 'REFUND', trade_state_desc: '转入退款' });
      return send(200, {
        refund_id: r.refund_id,
        out_refund_no: r.out_refund_no,
        transaction_id: r.transaction_id,
        out_trade_no: t.out_trade_no,
        channel: 'ORIGINAL',
        status: 'SUCCESS',
        create_time: chinaTime(),
        amount: { total: t.amount.total, refund: r.refund, payer_total: t.amount.total, payer_refund: r.refund, currency: 'CNY' },
      });
    }
    if (req.method === 'GET' && path === '/v3/bill/tradebill') {
      const date = u.searchParams.get('bill_date') ?? '';
      const paid = [...this.trades.values()].filter((t) => t.success_time?.startsWith(date));
      if (paid.length === 0) return error(400, 'NO_STATEMENT_EXIST', '要下载的账单不存在');
      const head =
        '交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,应结订单金额,代金券金额,商品名称,商户数据包,手续费,费率,订单金额,费率备注';
      const rows = paid.map((t) =>
        [
          t.success_time!.slice(0, 19).replace('T', ' '),
          t.appid,
          t.mchid,
          '0',
          '',
          t.transaction_id,
          t.out_trade_no,
          t.openid ?? 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
          t.trade_type,
          'SUCCESS',
          'OTHERS',
          'CNY',
          yuan(t.amount.total),
          '0.00',
          t.description,
          '',
          '0.00',
          '0.60%',
          yuan(t.amount.total),
          '',
        ]
          .map((c) => `\`${c}`)
          .join(','),
      );
      const sum = paid.reduce((n, t) => n + t.amount.total, 0);
      const csv = Buffer.from(
        `\ufeff${head}\n${rows.join('\n')}\n总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额\n\`${paid.length},\`${yuan(sum)},\`0.00,\`0.00,\`0.00,\`${yuan(sum)},\`0.00\n`,
      );
      const token = alnum(24);
      this.bills.set(token, csv);
      return send(200, {
        hash_type: 'SHA1',
        hash_value: createHash('sha1').update(csv).digest('hex'),
        download_url: `${this.url}/v3/billdownload/file?token=${token}`,
      });
    }
    if (req.method === 'GET' && path === '/v3/billdownload/file') {
      const csv = this.bills.get(u.searchParams.get('token') ?? '');
      if (!csv) return error(404, 'RESOURCE_NOT_EXISTS', '账单不存在');
      // The bill itself is not signed (its hash was, in the answer above).
      return void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(csv);
    }
    return error(404, 'NOT_FOUND', `${req.method} ${path}`);
  }
}
