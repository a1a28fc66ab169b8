import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SANDBOX_CHECKOUT_PATH } from '@app/contract';
import { PRICE_CURRENCY, type Closed, type Incoming, type PaymentNotice, type PaymentProvider, type ProviderOrder, type Verdict } from './paymentProvider.js';

/** The sandbox callback body (contract `sandboxPayCallback`). */
export interface SandboxCallback extends Omit<PaymentNotice, 'currency'> {
  timestamp: number;
  nonce: string;
  sign: string;
}

/** The signed text: every field but the signature, in name order, joined by "|". */
const signedText = (b: Omit<SandboxCallback, 'sign'>): string => [b.amount_fen, b.nonce, b.order_no, b.status, b.timestamp, b.trade_no].join('|');

/**
 * The built-in sandbox provider: it serves its own checkout page and signs what that page posts
 * back with HMAC-SHA256 (PAY_SANDBOX_SECRET), so nobody without the secret can forge or alter a
 * result, and a result older than the window is refused as a replay. It keeps no records of its
 * own: closing and refunding are local, and there is nothing to reconcile.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly secret: string,
    private readonly windowS: number,
    private readonly publicUrl: string,
  ) {}

  open(order: ProviderOrder): Promise<{ payUrl: string; ref: string | null }> {
    return Promise.resolve({ payUrl: this.payUrl(order), ref: null });
  }

  payUrl(order: Pick<ProviderOrder, 'order_no'>): string {
    return `${this.publicUrl}${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(order.order_no)}`;
  }

  close(): Promise<Closed> {
    return Promise.resolve({ closed: true });
  }

  refund(order: ProviderOrder): Promise<string> {
    return Promise.resolve(`SBXR${order.order_no}`);
  }

  sign(b: Omit<SandboxCallback, 'sign'>): string {
    return createHmac('sha256', this.secret).update(signedText(b)).digest('hex');
  }

  /** A signed callback body as the checkout page posts it. */
  signed(notice: Omit<PaymentNotice, 'currency'>, nowMs = Date.now()): SandboxCallback {
    const b = { ...notice, timestamp: Math.floor(nowMs / 1000), nonce: randomBytes(12).toString('hex') };
    return { ...b, sign: this.sign(b) };
  }

  claimedOrderNo(incoming: Incoming): string {
    const n = (incoming.body as { order_no?: unknown } | null)?.order_no;
    return typeof n === 'string' ? n : '';
  }

  verify(incoming: Incoming, nowMs: number): Verdict {
    const b = incoming.body as SandboxCallback;
    const expected = Buffer.from(this.sign(b), 'hex');
    const given = Buffer.from(b.sign, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad_signature' };
    if (Math.abs(nowMs / 1000 - b.timestamp) > this.windowS) return { ok: false, reason: 'stale' };
    return { ok: true, notice: { order_no: b.order_no, trade_no: b.trade_no, amount_fen: b.amount_fen, currency: PRICE_CURRENCY, status: b.status } };
  }
}
