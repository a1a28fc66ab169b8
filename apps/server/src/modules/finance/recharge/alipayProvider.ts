import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import { ALIPAY_NOTIFY_PATH, ALIPAY_PAY_PATH, ALIPAY_RETURN_PATH } from '@app/contract';
import { CHINA_OFFSET_MS } from '@app/kit';
import type { AlipayConfig } from '../finance.config.js';
import {
  PRICE_CURRENCY,
  type Closed,
  type Incoming,
  type PaymentNotice,
  type PaymentProvider,
  type ProviderOrder,
  type Settlement,
  type Verdict,
} from './paymentProvider.js';
import { alipayBillSettlements, BILL_MAX_BYTES, billDays } from './alipayBill.js';

/** A phone's browser or app gets the wap cashier; anything else the desktop one. */
const PHONE = /Mobile|Android|iPhone|iPad|iPod|HarmonyOS|MicroMessenger|AlipayClient/i;

/** Alipay's time format (yyyy-MM-dd HH:mm:ss), in China time. */
const chinaTime = (ms: number): string => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
const chinaMs = (s: string): number => (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(s) ? Date.parse(`${s.replace(' ', 'T')}+08:00`) : NaN);

/** Alipay's amounts are yuan with at most two decimals; ours are fen. */
const yuan = (fen: number): string => (fen / 100).toFixed(2);
const fenOf = (v: unknown): number => (typeof v === 'string' && /^\d{1,10}(\.\d{1,2})?$/.test(v) ? Math.round(Number(v) * 100) : -1);

/** A paid trade's states: paid (refundable) and finished (no longer refundable). */
const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** The fields of an answer this code reads (the SDK is told to keep Alipay's own snake_case names). */
interface Answer extends AlipaySdkCommonResult {
  out_trade_no?: string;
  trade_no?: string;
  trade_status?: string;
  total_amount?: string;
  send_pay_date?: string;
  bill_download_url?: string;
}

const wrap = (body: string, label: string) =>
  `-----BEGIN ${label}-----\n${(body.replace(/\s+/g, '').match(/.{1,64}/g) ?? []).join('\n')}\n-----END ${label}-----`;

/**
 * An RSA key of the Alipay settings: PEM (with real or `\n` line breaks), or the bare base64 body
 * Alipay's key tool writes (a private key in PKCS#1 or PKCS#8, a public key in SPKI); undefined when it is none.
 */
export function alipayKey(value: string, kind: 'private' | 'public'): KeyObject | undefined {
  const text = value.replace(/\\n/g, '\n').trim();
  // A private key would give a public key too: never accept one where Alipay's public key belongs.
  if (kind === 'public' && text.includes('PRIVATE')) return undefined;
  const pems = text.includes('-----BEGIN')
    ? [text]
    : kind === 'private'
      ? [wrap(text, 'RSA PRIVATE KEY'), wrap(text, 'PRIVATE KEY')]
      : [wrap(text, 'PUBLIC KEY')];
  for (const pem of pems) {
    try {
      const key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
      if (key.asymmetricKeyType === 'rsa') return key;
    } catch {
      // not this form: the next one, or none
    }
  }
  return undefined;
}

const failed = (method: string, r: Answer) => new Error(`alipay ${method}: ${r.code} ${r.sub_code ?? r.msg} ${r.sub_msg ?? ''}`.trim());

/**
 * Alipay through its own SDK (`alipay-sdk`, decisions 0206–0208): the payer's browser is sent to
 * the cashier by a URL the SDK signs afresh (`alipay.trade.wap.pay` on a phone, `alipay.trade.page.pay`
 * on a desktop, both expiring with the order's TTL); its async notify is verified with RSA2 against
 * Alipay's public key (`checkNotifySign`) before a field is read; `alipay.trade.query`,
 * `alipay.trade.close` and `alipay.trade.refund` are signed requests whose answers are verified too.
 * ALIPAY_GATEWAY points the SDK at another gateway (a stand-in).
 */
export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay';
  private readonly sdk: AlipaySdk;
  private readonly appId: string;
  private readonly base: string;

  constructor(
    config: AlipayConfig,
    publicUrl: string,
    private readonly windowS: number,
    private readonly ttlMs: number,
  ) {
    const privateKey = config.privateKey ? alipayKey(config.privateKey, 'private') : undefined;
    const alipayPublicKey = config.alipayPublicKey ? alipayKey(config.alipayPublicKey, 'public') : undefined;
    if (!config.appId || !privateKey || !alipayPublicKey)
      throw new Error('PAY_PROVIDERS=alipay needs ALIPAY_APP_ID, and RSA keys in ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY');
    this.appId = config.appId;
    this.base = config.notifyBase || publicUrl;
    this.sdk = new AlipaySdk({
      appId: config.appId,
      privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      alipayPublicKey: alipayPublicKey.export({ type: 'spki', format: 'pem' }).toString(),
      keyType: 'PKCS1',
      gateway: config.gateway,
      signType: 'RSA2',
      camelcase: false,
      timeout: 15_000,
    });
  }

  /** Alipay makes its trade when the payer opens the cashier: the pay page is ours, and signs the way there when opened. */
  open(order: ProviderOrder): Promise<{ payUrl: string; ref: string | null }> {
    return Promise.resolve({ payUrl: this.payUrl(order), ref: null });
  }

  payUrl(order: Pick<ProviderOrder, 'order_no'>): string {
    return `${this.base}${ALIPAY_PAY_PATH}/${encodeURIComponent(order.order_no)}`;
  }

  /** The signed cashier URL of a pending order (a GET the browser follows), for the browser whose User-Agent this is. */
  cashierUrl(order: ProviderOrder & { created_at: string }, userAgent: string): string {
    const phone = PHONE.test(userAgent);
    const back = `${this.base}${ALIPAY_RETURN_PATH}`;
    return this.sdk.pageExec(phone ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', 'GET', {
      notify_url: `${this.base}${ALIPAY_NOTIFY_PATH}`,
      return_url: back,
      bizContent: {
        out_trade_no: order.order_no,
        total_amount: yuan(order.price_fen),
        subject: order.name,
        product_code: phone ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
        // Alipay refuses a payment after this: the TTL sweep's close cannot race a payer still at the cashier.
        time_expire: chinaTime(Date.parse(order.created_at) + this.ttlMs),
        ...(phone ? { quit_url: back } : {}),
      },
    });
  }

  claimedOrderNo(incoming: Incoming): string {
    const n = (incoming.body as Record<string, unknown> | null)?.out_trade_no;
    return typeof n === 'string' ? n : '';
  }

  verify(incoming: Incoming, nowMs: number): Verdict {
    const b = incoming.body as Record<string, string> | null;
    if (!b || typeof b !== 'object' || typeof b.sign !== 'string') return { ok: false, reason: 'bad_signature', detail: 'no sign' };
    if ((b.sign_type ?? 'RSA2') !== 'RSA2') return { ok: false, reason: 'bad_signature', detail: 'sign_type: only RSA2' };
    let signed: boolean;
    try {
      // Form fields arrive decoded: the signed text is made of them as they are (the SDK's raw mode).
      signed = this.sdk.checkNotifySign(b, true);
    } catch {
      signed = false;
    }
    if (!signed) return { ok: false, reason: 'bad_signature' };
    if (b.app_id !== this.appId) return { ok: false, reason: 'bad_signature', detail: 'app_id: not this application' };
    const sent = chinaMs(b.notify_time ?? '');
    if (Number.isNaN(sent)) return { ok: false, reason: 'malformed', detail: 'notify_time' };
    if (Math.abs(nowMs - sent) > this.windowS * 1000) return { ok: false, reason: 'stale' };
    for (const f of ['out_trade_no', 'trade_no', 'trade_status'] as const)
      if (typeof b[f] !== 'string' || !b[f]) return { ok: false, reason: 'malformed', detail: f };
    const status = b.trade_status!;
    const amount = fenOf(b.total_amount);
    if (amount < 0) return { ok: false, reason: 'malformed', detail: 'total_amount' };
    const notice = { order_no: b.out_trade_no!, trade_no: b.trade_no!, amount_fen: amount, currency: PRICE_CURRENCY };
    if (PAID.has(status)) return { ok: true, notice: { ...notice, status: 'paid' } };
    if (status === 'TRADE_CLOSED') return { ok: true, notice: { ...notice, status: 'cancelled' } };
    return { ok: true, ignored: `trade_status ${status}` };
  }

  /** The trade as Alipay has it; undefined when Alipay has none (the payer never opened the cashier). */
  private async trade(orderNo: string): Promise<Answer | undefined> {
    const r: Answer = await this.sdk.exec('alipay.trade.query', { bizContent: { out_trade_no: orderNo } }, { validateSign: true });
    if (r.code === '10000') return r;
    if (r.sub_code === 'ACQ.TRADE_NOT_EXIST') return undefined;
    throw failed('alipay.trade.query', r);
  }

  private static paid(t: Answer | undefined): PaymentNotice | null {
    if (!t || !PAID.has(t.trade_status ?? '') || !t.out_trade_no || !t.trade_no) return null;
    return { order_no: t.out_trade_no, trade_no: t.trade_no, amount_fen: fenOf(t.total_amount), currency: PRICE_CURRENCY, status: 'paid' };
  }

  async query(order: ProviderOrder): Promise<PaymentNotice | null> {
    return AlipayProvider.paid(await this.trade(order.order_no));
  }

  async close(order: ProviderOrder): Promise<Closed> {
    const r: Answer = await this.sdk.exec('alipay.trade.close', { bizContent: { out_trade_no: order.order_no } }, { validateSign: true });
    // No trade at Alipay: the cashier was never opened, and time_expire forbids paying it from now on.
    if (r.code === '10000' || r.sub_code === 'ACQ.TRADE_NOT_EXIST') return { closed: true };
    // Not closable: paid meanwhile (its notify may still be on its way), or closed already.
    const t = await this.trade(order.order_no);
    const paid = AlipayProvider.paid(t);
    if (paid) return { closed: false, paid };
    if (t?.trade_status === 'TRADE_CLOSED') return { closed: true };
    throw failed('alipay.trade.close', r);
  }

  async refund(order: ProviderOrder, key: string): Promise<string> {
    // out_request_no makes a retry the same refund at Alipay (letters, digits and underscores only).
    const requestNo = key.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 64);
    const r: Answer = await this.sdk.exec(
      'alipay.trade.refund',
      { bizContent: { out_trade_no: order.order_no, refund_amount: yuan(order.price_fen), out_request_no: requestNo, refund_reason: '充值退款' } },
      { validateSign: true },
    );
    if (r.code !== '10000') throw failed('alipay.trade.refund', r);
    return requestNo;
  }

  /** One China day's trade bill; undefined when Alipay has none (yet: a day's bill appears the next morning). */
  private async bill(date: string): Promise<Settlement[] | undefined> {
    const method = 'alipay.data.dataservice.bill.downloadurl.query';
    const r: Answer = await this.sdk.exec(method, { bizContent: { bill_type: 'trade', bill_date: date } }, { validateSign: true });
    if (r.code !== '10000') {
      if (r.sub_code === 'isp.bill_not_exist') return undefined;
      throw failed(method, r);
    }
    if (!r.bill_download_url) throw new Error(`${method}: no bill_download_url for ${date}`);
    // The archive is not signed: the URL, short-lived and given in the verified answer above, vouches for it.
    const res = await fetch(r.bill_download_url, { signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new Error(`Alipay trade bill of ${date}: download answered ${res.status}`);
    if (Number(res.headers.get('content-length') ?? 0) > BILL_MAX_BYTES) throw new Error(`Alipay trade bill of ${date} is larger than we read`);
    const zip = new Uint8Array(await res.arrayBuffer());
    if (zip.byteLength > BILL_MAX_BYTES) throw new Error(`Alipay trade bill of ${date} is larger than we read`);
    return alipayBillSettlements(zip);
  }

  /**
   * What Alipay settled in the window: each order number seen in it asked about (decision 0208; a
   * trade closed by a full refund had been paid, `send_pay_date`: settled), and the trade bill of
   * every China day the window touches, and of the day before, that has one (decision 0227): a
   * payment for an order number we never made, never notified, is only there. Both name a payment
   * by its trade_no: once each.
   */
  async settlements(fromMs: number, toMs: number, orderNos: string[]): Promise<Settlement[]> {
    const out = new Map<string, Settlement>();
    for (const orderNo of orderNos) {
      const t = await this.trade(orderNo);
      if (!t?.trade_no || !(PAID.has(t.trade_status ?? '') || (t.trade_status === 'TRADE_CLOSED' && t.send_pay_date))) continue;
      out.set(t.trade_no, { order_no: t.out_trade_no ?? orderNo, trade_no: t.trade_no, amount_fen: fenOf(t.total_amount), currency: PRICE_CURRENCY });
    }
    for (const day of billDays(fromMs, toMs)) for (const s of (await this.bill(day)) ?? []) if (!out.has(s.trade_no)) out.set(s.trade_no, s);
    return [...out.values()];
  }
}
