import { createHash, type KeyObject } from 'node:crypto';
import { ErrorCode } from '@app/contract';
import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import { BizError } from '../../../http/errors.js';
import type { WechatPayConfig } from '../wechatPay.config.js';
import {
  PRICE_CURRENCY,
  type Closed,
  type Incoming,
  type PaymentNotice,
  type PaymentProvider,
  type Payer,
  type ProviderOrder,
  type Settlement,
  type Verdict,
} from './paymentProvider.js';
import { billSettlements, chinaDate } from './wechatBill.js';

/** The decrypted resource of a payment notify, and what the order query answers. */
interface Transaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number; currency?: string };
}

interface NotifyBody {
  event_type?: unknown;
  resource?: { algorithm?: unknown; ciphertext?: unknown; nonce?: unknown; associated_data?: unknown };
}

/** What the page hands `WeixinJSBridge.invoke('getBrandWCPayRequest', …)`. */
export interface JsapiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** An axios error's answer from WeChat Pay (`{code, message}`), if it has one. */
const answerOf = (err: unknown): { status: number; code: string; message: string } | undefined => {
  const r = (err as { response?: { status?: number; data?: { code?: unknown; message?: unknown } } }).response;
  return r?.status ? { status: r.status, code: String(r.data?.code ?? ''), message: String(r.data?.message ?? '') } : undefined;
};

const explained = (err: unknown, what: string): Error => {
  const a = answerOf(err);
  return new Error(a ? `WeChat Pay ${what}: ${a.status} ${a.code} ${a.message}`.trim() : `WeChat Pay ${what}: ${(err as Error).message}`);
};

/** RFC 3339 in China time, as WeChat Pay writes times (`2026-12-01T10:34:56+08:00`). */
const chinaTime = (ms: number): string => `${new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;

const header = (h: Incoming['headers'], name: string): string | undefined => {
  const v = h[name];
  return typeof v === 'string' ? v : undefined;
};

/** A browser inside WeChat, where H5 pay is refused by WeChat itself (decision 0212). */
const inWechat = (userAgent: string): boolean => /MicroMessenger/i.test(userAgent);

/**
 * WeChat Pay API v3 through the `wechatpay-axios-plugin` SDK (decision 0211): every request signed
 * WECHATPAY2-SHA256-RSA2048 with the merchant key, every response verified against the platform
 * key; H5 payments (`/v3/pay/transactions/h5`, the payer sent to h5_url) and, inside WeChat,
 * JSAPI payments after WeChat's OAuth (`/v3/pay/transactions/jsapi`, decision 0228); notifies verified with the
 * SDK's RSA and AES-256-GCM primitives (decision 0213); orders queried and closed by out_trade_no,
 * refunds by `/v3/refund/domestic/refunds`, reconciliation from the order queries and the trade bills
 * (decision 0214). WECHAT_PAY_API_BASE points the SDK elsewhere (a stand-in).
 */
export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechat';
  private readonly pay: Wechatpay;
  private readonly mchid: string;
  private readonly appid: string;
  private readonly apiV3Key: Buffer;
  private readonly platformSerial: string;
  private readonly platformKey: KeyObject;
  private readonly merchantKey: KeyObject;
  private readonly appSecret: string | undefined;
  private readonly oauthBase: string;
  private readonly snsApiBase: string;

  constructor(
    config: WechatPayConfig,
    private readonly opts: {
      windowS: number;
      /** Where WeChat Pay posts its notifies (`<PUBLIC_URL>/api/pay/wechat/notify`). */
      notifyUrl: string;
      /** Where the payer comes back to after paying (h5_url's redirect_url). */
      returnUrl: string;
      ttlMs: number;
      /** Our WeChat orders made in [fromMs, toMs) (reconciliation queries each). */
      ordersBetween: (fromMs: number, toMs: number) => Promise<string[]>;
      /** Our JSAPI page of an order (`<PUBLIC_URL>/api/pay/wechat/jsapi/<order_no>`), and where WeChat's OAuth sends the payer back. */
      jsapiPageUrl: (orderNo: string) => string;
      oauthReturnUrl: string;
    },
  ) {
    const { mchid, appid, privateKey, certSerial, apiV3Key, platformKey, platformSerial } = config;
    if (!mchid || !appid || !privateKey || !certSerial || !apiV3Key || !platformKey || !platformSerial)
      throw new Error(
        'PAY_PROVIDERS=wechat needs WECHAT_PAY_MCHID, WECHAT_PAY_APPID, WECHAT_PAY_PRIVATE_KEY, WECHAT_PAY_CERT_SERIAL, WECHAT_PAY_APIV3_KEY, WECHAT_PAY_PLATFORM_KEY and WECHAT_PAY_PLATFORM_SERIAL',
      );
    this.mchid = mchid;
    this.appid = appid;
    this.apiV3Key = Buffer.from(apiV3Key);
    this.platformSerial = platformSerial;
    this.platformKey = Rsa.from(platformKey, Rsa.KEY_TYPE_PUBLIC) as KeyObject;
    this.merchantKey = Rsa.from(privateKey, Rsa.KEY_TYPE_PRIVATE) as KeyObject;
    this.appSecret = config.appSecret;
    this.oauthBase = config.oauthBase;
    this.snsApiBase = config.snsApiBase;
    this.pay = new Wechatpay({
      mchid,
      serial: certSerial,
      privateKey,
      certs: { [platformSerial]: this.platformKey },
      baseURL: `${config.apiBase}/`,
      timeout: 15_000,
    });
  }

  private request<T>(method: 'get' | 'post', path: string, data?: object, config: object = {}): Promise<T> {
    return Promise.resolve(this.pay.client.request(path, method, data, config)).then((r) => (r as { data: T }).data);
  }

  /** Whether a payer inside WeChat can pay here: JSAPI needs the official account's AppSecret for its OAuth (decision 0228). */
  get jsapi(): boolean {
    return Boolean(this.appSecret);
  }

  checkPayer(payer: Payer): void {
    if (inWechat(payer.userAgent) && !this.jsapi) throw new BizError(ErrorCode.WECHAT_PAY_OPEN_IN_BROWSER);
  }

  async open(order: ProviderOrder, payer: Payer): Promise<{ payUrl: string; ref: string | null }> {
    // Inside WeChat the order is made at WeChat Pay when our JSAPI page knows the payer's openid.
    if (inWechat(payer.userAgent) && this.jsapi) return { payUrl: this.opts.jsapiPageUrl(order.order_no), ref: 'jsapi' };
    let h5: { h5_url?: string };
    try {
      h5 = await this.request('post', 'v3/pay/transactions/h5', {
        appid: this.appid,
        mchid: this.mchid,
        description: order.name.slice(0, 127),
        out_trade_no: order.order_no,
        time_expire: chinaTime(Date.now() + this.opts.ttlMs),
        notify_url: this.opts.notifyUrl,
        amount: { total: order.price_fen, currency: PRICE_CURRENCY.toUpperCase() },
        scene_info: { payer_client_ip: payer.ip, h5_info: { type: 'Wap' } },
      });
    } catch (err) {
      throw explained(err, 'h5 order');
    }
    if (!h5.h5_url) throw new Error(`WeChat Pay answered no h5_url for ${order.order_no}`);
    // The payer's browser comes back here once the WeChat app has taken the payment.
    const sep = h5.h5_url.includes('?') ? '&' : '?';
    return { payUrl: `${h5.h5_url}${sep}redirect_url=${encodeURIComponent(this.opts.returnUrl)}`, ref: null };
  }

  payUrl(order: ProviderOrder): string {
    return order.pay_url ?? '';
  }

  /** WeChat's OAuth page (`snsapi_base`: no consent screen) that sends the payer back to us with a code and `state`. */
  oauthUrl(state: string): string {
    const q = new URLSearchParams({ appid: this.appid, redirect_uri: this.opts.oauthReturnUrl, response_type: 'code', scope: 'snsapi_base', state });
    return `${this.oauthBase}/connect/oauth2/authorize?${q.toString()}#wechat_redirect`;
  }

  /** The payer's openid for an OAuth code (`/sns/oauth2/access_token` with the AppSecret); a refused code throws WeChat's errcode. */
  async openidOf(code: string): Promise<string> {
    const q = new URLSearchParams({ appid: this.appid, secret: this.appSecret ?? '', code, grant_type: 'authorization_code' });
    const res = await fetch(`${this.snsApiBase}/sns/oauth2/access_token?${q.toString()}`, { signal: AbortSignal.timeout(15_000) });
    const a = (await res.json().catch(() => ({}))) as { openid?: unknown; errcode?: unknown; errmsg?: unknown };
    if (!res.ok || typeof a.openid !== 'string' || !a.openid)
      throw new Error(`WeChat OAuth code exchange: ${res.status} ${String(a.errcode ?? '')} ${String(a.errmsg ?? '')}`.trim());
    return a.openid;
  }

  /**
   * A JSAPI order for the payer's openid (`/v3/pay/transactions/jsapi`, expiring with the order's
   * TTL, so opening the page again asks for the same prepay_id) and the parameters of
   * `WeixinJSBridge.invoke('getBrandWCPayRequest', …)`: paySign is SHA256withRSA with the merchant
   * key over `appId\ntimeStamp\nnonceStr\npackage\n`.
   */
  async jsapiPayment(order: ProviderOrder & { created_at: string }, openid: string): Promise<JsapiParams> {
    let r: { prepay_id?: string };
    try {
      r = await this.request('post', 'v3/pay/transactions/jsapi', {
        appid: this.appid,
        mchid: this.mchid,
        description: order.name.slice(0, 127),
        out_trade_no: order.order_no,
        time_expire: chinaTime(Date.parse(order.created_at) + this.opts.ttlMs),
        notify_url: this.opts.notifyUrl,
        amount: { total: order.price_fen, currency: PRICE_CURRENCY.toUpperCase() },
        payer: { openid },
      });
    } catch (err) {
      throw explained(err, 'jsapi order');
    }
    if (!r.prepay_id) throw new Error(`WeChat Pay answered no prepay_id for ${order.order_no}`);
    const p = { appId: this.appid, timeStamp: String(Math.floor(Date.now() / 1000)), nonceStr: Formatter.nonce(32), package: `prepay_id=${r.prepay_id}` };
    return { ...p, signType: 'RSA', paySign: Rsa.sign(Formatter.joinedByLineFeed(p.appId, p.timeStamp, p.nonceStr, p.package), this.merchantKey) };
  }

  /** The resource decrypted with the APIv3 key (AEAD_AES_256_GCM); undefined when it does not decrypt. */
  private decrypted(body: unknown): Transaction | undefined {
    const r = (body as NotifyBody | null)?.resource;
    if (!r || r.algorithm !== 'AEAD_AES_256_GCM' || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string') return undefined;
    try {
      const aad = typeof r.associated_data === 'string' ? r.associated_data : '';
      const t = JSON.parse(Aes.AesGcm.decrypt(r.ciphertext, this.apiV3Key, r.nonce, aad)) as unknown;
      return typeof t === 'object' && t !== null ? (t as Transaction) : undefined;
    } catch {
      return undefined;
    }
  }

  claimedOrderNo(incoming: Incoming): string {
    const n = this.decrypted(incoming.body)?.out_trade_no;
    return typeof n === 'string' ? n : '';
  }

  verify(incoming: Incoming, nowMs: number): Verdict {
    const h = incoming.headers;
    const [signature, timestamp, nonce, serial] = ['signature', 'timestamp', 'nonce', 'serial'].map((k) => header(h, `wechatpay-${k}`));
    if (!incoming.raw || !signature || !timestamp || !nonce || !serial)
      return { ok: false, reason: 'bad_signature', detail: 'no Wechatpay-Signature, -Timestamp, -Nonce or -Serial' };
    if (serial !== this.platformSerial) return { ok: false, reason: 'bad_signature', detail: `unknown Wechatpay-Serial ${serial.slice(0, 64)}` };
    if (!this.signedByPlatform(incoming.raw, timestamp, nonce, signature)) return { ok: false, reason: 'bad_signature' };
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowMs / 1000 - Number(timestamp)) > this.opts.windowS) return { ok: false, reason: 'stale' };
    const type = (incoming.body as NotifyBody | null)?.event_type;
    if (type !== 'TRANSACTION.SUCCESS') return { ok: true, ignored: String(type).slice(0, 64) };
    const t = this.decrypted(incoming.body);
    if (!t) return { ok: false, reason: 'malformed', detail: 'resource does not decrypt with the APIv3 key' };
    if (t.mchid !== this.mchid) return { ok: false, reason: 'malformed', detail: 'another merchant' };
    const notice = this.notice(t);
    if (!notice) return t.out_trade_no ? { ok: true, ignored: `TRANSACTION.SUCCESS (${t.trade_state})` } : { ok: false, reason: 'malformed' };
    return { ok: true, notice };
  }

  /** Whether the platform key signed `timestamp\nnonce\nbody\n` (a signature that is no base64 RSA one does not verify). */
  private signedByPlatform(raw: Buffer, timestamp: string, nonce: string, signature: string): boolean {
    try {
      return Rsa.verify(Formatter.response(timestamp, nonce, raw.toString('utf8')), signature, this.platformKey);
    } catch {
      return false;
    }
  }

  /** A paid transaction as a notice. */
  private notice(t: Transaction): PaymentNotice | null {
    if (t.trade_state !== 'SUCCESS' || typeof t.out_trade_no !== 'string' || typeof t.transaction_id !== 'string') return null;
    return {
      order_no: t.out_trade_no,
      trade_no: t.transaction_id,
      amount_fen: t.amount?.total ?? -1,
      currency: (t.amount?.currency ?? '').toLowerCase(),
      status: 'paid',
    };
  }

  /** Whether WeChat Pay has the order paid (a payer back from its H5 page before the notify); null: not paid. */
  async query(order: ProviderOrder): Promise<PaymentNotice | null> {
    const t = await this.transaction(order.order_no);
    return t ? this.notice(t) : null;
  }

  /** The order at WeChat Pay; undefined when it never got there (ORDER_NOT_EXIST). */
  private async transaction(orderNo: string): Promise<Transaction | undefined> {
    try {
      return await this.request<Transaction>('get', `v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}`, undefined, {
        params: { mchid: this.mchid },
      });
    } catch (err) {
      if (answerOf(err)?.code === 'ORDER_NOT_EXIST') return undefined;
      throw explained(err, 'order query');
    }
  }

  async close(order: ProviderOrder): Promise<Closed> {
    const before = await this.transaction(order.order_no);
    const paid = before && this.notice(before);
    if (paid) return { closed: false, paid };
    if (!before || before.trade_state === 'CLOSED' || before.trade_state === 'REVOKED' || before.trade_state === 'PAYERROR') return { closed: true };
    try {
      await this.request('post', `v3/pay/transactions/out-trade-no/${encodeURIComponent(order.order_no)}/close`, { mchid: this.mchid });
      return { closed: true };
    } catch (err) {
      // Paid between the query and the close: its notify may still be on its way.
      const now = await this.transaction(order.order_no);
      const late = now && this.notice(now);
      if (late) return { closed: false, paid: late };
      throw explained(err, 'close');
    }
  }

  async refund(order: ProviderOrder, key: string): Promise<string> {
    if (!order.trade_no) throw new Error(`order ${order.order_no} has no payment to refund`);
    let r: { refund_id?: string; status?: string };
    try {
      r = await this.request('post', 'v3/refund/domestic/refunds', {
        transaction_id: order.trade_no,
        // The same out_refund_no is the same refund at WeChat Pay: a retry refunds once.
        out_refund_no: key.replace(/[^0-9A-Za-z_\-|*@]/g, '_').slice(0, 64),
        reason: '充值退款',
        amount: { refund: order.price_fen, total: order.price_fen, currency: PRICE_CURRENCY.toUpperCase() },
      });
    } catch (err) {
      throw explained(err, 'refund');
    }
    if (!r.refund_id || r.status === 'CLOSED' || r.status === 'ABNORMAL') throw new Error(`WeChat Pay refund ${r.refund_id ?? ''} is ${r.status ?? 'unknown'}`);
    return r.refund_id;
  }

  /** One day's trade bill (SUCCESS rows); undefined when WeChat Pay has none (yet) for that day. */
  private async bill(date: string): Promise<Settlement[] | undefined> {
    let meta: { download_url?: string; hash_type?: string; hash_value?: string };
    try {
      meta = await this.request('get', 'v3/bill/tradebill', undefined, { params: { bill_date: date, bill_type: 'SUCCESS' } });
    } catch (err) {
      if (answerOf(err)?.code === 'NO_STATEMENT_EXIST') return undefined;
      throw explained(err, 'trade bill');
    }
    if (!meta.download_url) return undefined;
    // Asked for by its path on the API's origin, the SDK knows the download carries no signature of its own.
    const at = new URL(meta.download_url);
    const file = await this.pay.client.request(at.pathname.replace(/^\//, ''), 'get', undefined, {
      params: Object.fromEntries(at.searchParams),
      responseType: 'arraybuffer',
    });
    const csv = Buffer.from((file as { data: ArrayBuffer }).data);
    // The download is not signed: the bill's SHA1, given in the signed answer above, vouches for it.
    if (meta.hash_type === 'SHA1' && createHash('sha1').update(csv).digest('hex') !== meta.hash_value?.toLowerCase())
      throw new Error(`WeChat Pay trade bill of ${date} does not match its hash`);
    return billSettlements(csv);
  }

  /**
   * What WeChat Pay settled in the window: each of our orders queried (today's payments are in no
   * bill yet), and the trade bill of every China day the window touches, and of the day before,
   * that has one (a payment for an order we never made is only there; a bill appears the next
   * morning). Both name a payment by its transaction_id: once each.
   */
  async settlements(fromMs: number, toMs: number): Promise<Settlement[]> {
    const out = new Map<string, Settlement>();
    for (const no of await this.opts.ordersBetween(fromMs, toMs)) {
      const n = (await this.transaction(no)) ?? {};
      // A payment refunded since (REFUND) was settled all the same: its refund is the ledger's own record.
      const paid = this.notice(n.trade_state === 'REFUND' ? { ...n, trade_state: 'SUCCESS' } : n);
      if (paid) out.set(paid.trade_no, { order_no: paid.order_no, trade_no: paid.trade_no, amount_fen: paid.amount_fen, currency: paid.currency });
    }
    const days = new Set<string>();
    for (let ms = fromMs - 86_400_000; ms < toMs + 86_400_000; ms += 86_400_000) days.add(chinaDate(Math.min(ms, toMs)));
    for (const day of days) for (const s of (await this.bill(day)) ?? []) if (!out.has(s.trade_no)) out.set(s.trade_no, s);
    return [...out.values()];
  }
}
