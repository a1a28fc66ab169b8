import Stripe from 'stripe';
import type { StripeConfig } from '../finance.config.js';
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

/** Stripe's shortest Checkout Session lifetime (its `expires_at` must be 30 minutes to 24 hours away). */
const MIN_SESSION_S = 30 * 60;

type Session = Stripe.Checkout.Session;

const idOf = (v: string | { id: string } | null | undefined): string | null => (typeof v === 'string' ? v : (v?.id ?? null));

/** Our order number on a session: client_reference_id, or the metadata we set beside it. */
const orderNoOf = (s: Session): string | null => s.client_reference_id ?? s.metadata?.order_no ?? null;

/** A paid session as a notice: the trade number is the PaymentIntent (what a refund names). */
function paidNotice(s: Session): PaymentNotice | null {
  const orderNo = orderNoOf(s);
  if (!orderNo || s.payment_status !== 'paid') return null;
  return { order_no: orderNo, trade_no: idOf(s.payment_intent) ?? s.id, amount_fen: s.amount_total ?? -1, currency: s.currency ?? '', status: 'paid' };
}

/**
 * Stripe through its own SDK (decision 0195): a Checkout Session per order (cards, Apple Pay and
 * Google Pay, as the account enables them), webhooks verified by the SDK against the endpoint's
 * signing secret (`Stripe-Signature`, t=…,v1=…, within PAY_CALLBACK_WINDOW_S), sessions expired
 * after the order's TTL, refunds of the PaymentIntent, and the paid sessions listed for
 * reconciliation. STRIPE_API_BASE points the SDK's host, port and protocol elsewhere (a stand-in).
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(
    config: StripeConfig,
    private readonly windowS: number,
    private readonly returnUrl: string,
    private readonly ttlMs: number,
  ) {
    if (!config.secretKey || !config.webhookSecret) throw new Error('PAY_PROVIDERS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    this.webhookSecret = config.webhookSecret;
    this.stripe = new Stripe(config.secretKey, {
      host: config.api.host,
      port: config.api.port,
      protocol: config.api.protocol,
      maxNetworkRetries: 2,
      timeout: 15_000,
      telemetry: false,
    });
  }

  async open(order: ProviderOrder): Promise<{ payUrl: string; ref: string | null }> {
    const expiresAt = Math.floor(Date.now() / 1000) + Math.max(MIN_SESSION_S, Math.ceil(this.ttlMs / 1000) + 60);
    const back = (state: string) => `${this.returnUrl}${this.returnUrl.includes('?') ? '&' : '?'}stripe=${state}`;
    const s = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: order.order_no,
        metadata: { order_no: order.order_no },
        payment_intent_data: { metadata: { order_no: order.order_no } },
        line_items: [{ quantity: 1, price_data: { currency: PRICE_CURRENCY, unit_amount: order.price_fen, product_data: { name: order.name } } }],
        success_url: back('paid'),
        cancel_url: back('cancelled'),
        expires_at: expiresAt,
      },
      { idempotencyKey: `checkout:${order.order_no}` },
    );
    if (!s.url) throw new Error(`stripe session ${s.id} has no url`);
    return { payUrl: s.url, ref: s.id };
  }

  payUrl(order: ProviderOrder): string {
    return order.pay_url ?? '';
  }

  claimedOrderNo(incoming: Incoming): string {
    const s = (incoming.body as { data?: { object?: { client_reference_id?: unknown; metadata?: { order_no?: unknown } } } } | null)?.data?.object;
    const n = s?.client_reference_id ?? s?.metadata?.order_no;
    return typeof n === 'string' ? n : '';
  }

  verify(incoming: Incoming, nowMs: number): Verdict {
    const header = incoming.headers['stripe-signature'];
    if (!incoming.raw || typeof header !== 'string') return { ok: false, reason: 'bad_signature', detail: 'no Stripe-Signature' };
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(incoming.raw, header, this.webhookSecret, this.windowS, undefined, nowMs);
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeSignatureVerificationError))
        return { ok: false, reason: 'malformed', detail: (err as Error).message.slice(0, 120) };
      return /tolerance/i.test(err.message) ? { ok: false, reason: 'stale' } : { ok: false, reason: 'bad_signature' };
    }
    const type = event.type;
    if (type !== 'checkout.session.completed' && type !== 'checkout.session.async_payment_succeeded' && type !== 'checkout.session.expired')
      return { ok: true, ignored: type };
    const s = event.data.object;
    if (typeof s !== 'object' || s === null || typeof s.id !== 'string') return { ok: false, reason: 'malformed', detail: 'no session' };
    if (type === 'checkout.session.expired') {
      const orderNo = orderNoOf(s);
      if (!orderNo) return { ok: false, reason: 'malformed', detail: 'no order number' };
      return { ok: true, notice: { order_no: orderNo, trade_no: s.id, amount_fen: s.amount_total ?? -1, currency: s.currency ?? '', status: 'cancelled' } };
    }
    // A completed session paid later (a bank debit) says so in async_payment_succeeded.
    const paid = paidNotice(s);
    return paid ? { ok: true, notice: paid } : orderNoOf(s) ? { ok: true, ignored: `${type} (${s.payment_status})` } : { ok: false, reason: 'malformed' };
  }

  async close(order: ProviderOrder): Promise<Closed> {
    if (!order.provider_ref) return { closed: true };
    try {
      await this.stripe.checkout.sessions.expire(order.provider_ref);
      return { closed: true };
    } catch (err) {
      // Only an open session expires: one completed meanwhile was paid (its notify may still be on its way).
      const s = await this.stripe.checkout.sessions.retrieve(order.provider_ref);
      const paid = paidNotice(s);
      if (paid) return { closed: false, paid };
      if (s.status === 'expired') return { closed: true };
      throw err;
    }
  }

  async refund(order: ProviderOrder, key: string): Promise<string> {
    if (!order.trade_no) throw new Error(`order ${order.order_no} has no payment to refund`);
    const r = await this.stripe.refunds.create({ payment_intent: order.trade_no, metadata: { order_no: order.order_no } }, { idempotencyKey: key });
    return r.id;
  }

  async settlements(fromMs: number, toMs: number): Promise<Settlement[]> {
    const out: Settlement[] = [];
    const list = this.stripe.checkout.sessions.list({
      status: 'complete',
      created: { gte: Math.floor(fromMs / 1000), lt: Math.ceil(toMs / 1000) },
      limit: 100,
    });
    for await (const s of list) {
      if (s.payment_status !== 'paid') continue;
      out.push({ order_no: orderNoOf(s), trade_no: idOf(s.payment_intent) ?? s.id, amount_fen: s.amount_total ?? 0, currency: s.currency ?? '' });
    }
    return out;
  }
}
