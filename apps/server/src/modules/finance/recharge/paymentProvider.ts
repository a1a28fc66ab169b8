import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SANDBOX_CHECKOUT_PATH } from '@app/contract';

/** A payment result as a provider reports it (already authenticated). */
export interface PaymentNotice {
  order_no: string;
  trade_no: string;
  amount_fen: number;
  status: 'paid' | 'cancelled';
}

export type Verdict = { ok: true; notice: PaymentNotice } | { ok: false; reason: 'bad_signature' | 'stale' };

/** A payment provider: where the payer pays, and how its callbacks are authenticated. A real provider plugs in here. */
export interface PaymentProvider {
  readonly name: string;
  /** The page the payer opens to pay this order. */
  payUrl(orderNo: string): string;
  /** Authenticates a callback body. */
  verify(body: unknown, nowMs: number): Verdict;
}

/** The sandbox callback body (contract `sandboxPayCallback`). */
export interface SandboxCallback extends PaymentNotice {
  timestamp: number;
  nonce: string;
  sign: string;
}

/** The signed text: every field but the signature, in name order, joined by "|". */
const signedText = (b: Omit<SandboxCallback, 'sign'>): string => [b.amount_fen, b.nonce, b.order_no, b.status, b.timestamp, b.trade_no].join('|');

/**
 * The built-in sandbox provider: it serves its own checkout page and signs what that page posts
 * back with HMAC-SHA256 (PAY_SANDBOX_SECRET), so nobody without the secret can forge or alter a
 * result, and a result older than the window is refused as a replay.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly secret: string,
    private readonly windowS: number,
    private readonly publicUrl: string,
  ) {}

  payUrl(orderNo: string): string {
    return `${this.publicUrl}${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(orderNo)}`;
  }

  sign(b: Omit<SandboxCallback, 'sign'>): string {
    return createHmac('sha256', this.secret).update(signedText(b)).digest('hex');
  }

  /** A signed callback body as the checkout page posts it. */
  signed(notice: PaymentNotice, nowMs = Date.now()): SandboxCallback {
    const b = { ...notice, timestamp: Math.floor(nowMs / 1000), nonce: randomBytes(12).toString('hex') };
    return { ...b, sign: this.sign(b) };
  }

  verify(body: unknown, nowMs: number): Verdict {
    const b = body as SandboxCallback;
    const expected = Buffer.from(this.sign(b), 'hex');
    const given = Buffer.from(b.sign, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad_signature' };
    if (Math.abs(nowMs / 1000 - b.timestamp) > this.windowS) return { ok: false, reason: 'stale' };
    return { ok: true, notice: { order_no: b.order_no, trade_no: b.trade_no, amount_fen: b.amount_fen, status: b.status } };
  }
}
