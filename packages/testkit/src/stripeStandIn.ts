/**
 * A stand-in for the parts of Stripe's API the `stripe` SDK calls for Checkout, on 127.0.0.1:
 * `POST /v1/checkout/sessions` (form-encoded, `Idempotency-Key` answering the first session again),
 * `GET /v1/checkout/sessions/{id}`, `POST /v1/checkout/sessions/{id}/expire` (only an open session),
 * `GET /v1/checkout/sessions` (`status`, `created[gte]`, `created[lt]`, `limit`, `starting_after`,
 * answering `{object: "list", data, has_more}`), `POST /v1/refunds` (`payment_intent`), each behind
 * `Authorization: Bearer <secret key>`, errors as `{error: {type, message}}`. Its checkout page
 * "pays" a session: the session completes, the stand-in sends `checkout.session.completed` to the
 * webhook URL signed as Stripe signs (`Stripe-Signature: t=<unix s>,v1=<HMAC-SHA256 of "t.body">`
 * with the endpoint's `whsec_` secret), and the payer is sent to the session's success_url.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type http from 'node:http';
import { startStandIn, type StandInServer } from './standInServer.js';

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  mode: 'payment';
  livemode: false;
}

export interface StandInRefund {
  id: string;
  payment_intent: string;
  amount: number;
  idempotencyKey: string;
}

const rid = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export class StripeStandIn {
  readonly sessions = new Map<string, StandInSession>();
  readonly refunds: StandInRefund[] = [];
  /** Answers refunds with a card_declined-like error while set. */
  failRefunds = false;
  /** Where the checkout page sends its event (the server's webhook URL); set once the server runs. */
  webhookUrl = '';
  url = '';
  private readonly idem = new Map<string, unknown>();
  private server: StandInServer | undefined;

  constructor(
    readonly secretKey = `sk_test_${randomBytes(16).toString('hex')}`,
    readonly webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`,
  ) {}

  async start(): Promise<void> {
    this.server = await startStandIn(
      (req, body, res) => this.handle(req, body, res),
      (err) => ({ error: { type: 'api_error', message: String(err) } }),
    );
    this.url = this.server.url;
  }

  async stop(): Promise<void> {
    await this.server?.stop();
  }

  /** The session made for one of our orders. */
  sessionOf(orderNo: string): StandInSession | undefined {
    return [...this.sessions.values()].find((s) => s.client_reference_id === orderNo);
  }

  /** Completes a session as paid, without telling anyone (a lost webhook). */
  complete(id: string, patch: Partial<StandInSession> = {}): StandInSession {
    const s = this.sessions.get(id);
    if (!s) throw new Error(`no session ${id}`);
    Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: s.payment_intent ?? rid('pi'), url: null }, patch);
    return s;
  }

  /** A paid session for an order we never made (someone else's payment, or a bug). */
  settleForeign(orderNo: string, amount: number): StandInSession {
    const s = this.newSession({
      client_reference_id: orderNo,
      amount_total: amount,
      currency: 'cny',
      success_url: 'https://example.invalid/',
      cancel_url: 'https://example.invalid/',
    });
    return this.complete(s.id);
  }

  /** An event of a session as Stripe sends it. */
  event(type: string, session: object): string {
    return JSON.stringify({
      id: rid('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      data: { object: session },
    });
  }

  /** The `Stripe-Signature` header of a payload. */
  signature(payload: string, opts: { timestamp?: number; secret?: string } = {}): string {
    const t = opts.timestamp ?? Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', opts.secret ?? this.webhookSecret)
      .update(`${t}.${payload}`)
      .digest('hex');
    return `t=${t},v1=${v1}`;
  }

  /** Posts an event to the webhook URL as Stripe does; answers the status and the envelope. */
  async deliver(payload: string, header = this.signature(payload)): Promise<{ status: number; body: { code: number; msg: string; data: unknown } }> {
    const res = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      body: payload,
    });
    return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
  }

  private newSession(f: {
    amount_total: number;
    currency: string;
    client_reference_id?: string | undefined;
    order_no?: string | undefined;
    success_url?: string | undefined;
    cancel_url?: string | undefined;
    expires_at?: string | undefined;
  }): StandInSession {
    const id = rid('cs');
    const now = Math.floor(Date.now() / 1000);
    const s: StandInSession = {
      id,
      object: 'checkout.session',
      url: `${this.url}/pay/${id}`,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: f.amount_total,
      currency: f.currency,
      client_reference_id: f.client_reference_id ?? null,
      metadata: f.order_no ? { order_no: f.order_no } : {},
      payment_intent: null,
      success_url: f.success_url ?? '',
      cancel_url: f.cancel_url ?? '',
      expires_at: Number(f.expires_at ?? now + 86_400),
      created: now,
      mode: 'payment',
      livemode: false,
    };
    this.sessions.set(id, s);
    return s;
  }

  private async handle(req: http.IncomingMessage, body: string, res: http.ServerResponse): Promise<void> {
    const json = (status: number, v: unknown): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(v));
    const error = (status: number, message: string, type = 'invalid_request_error', code?: string): void =>
      json(status, { error: { type, message, ...(code ? { code } : {}) } });
    const u = new URL(req.url ?? '/', this.url);
    const path = u.pathname;

    // The hosted checkout page (what the payer's browser sees): a button that pays.
    const page = /^\/pay\/(cs_test_\w+)(\/confirm)?$/.exec(path);
    if (page) {
      const s = this.sessions.get(page[1]!);
      if (!s) return error(404, 'No such checkout session');
      if (!page[2]) {
        const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Stripe Checkout (stand-in)</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f6f9fc;display:flex;justify-content:center}main{max-width:428px;width:100%;padding:32px 20px;box-sizing:border-box}
.amount{font-size:32px;font-weight:700;margin:8px 0 24px}button{width:100%;padding:14px;border:0;border-radius:8px;background:#635bff;color:#fff;font-size:16px}</style></head>
<body><main><div>Pay ${s.currency.toUpperCase()}</div><div class="amount">${(s.amount_total / 100).toFixed(2)}</div><div>${s.status === 'open' ? '' : `Session ${s.status}`}</div>
${s.status === 'open' ? `<form method="post" action="/pay/${s.id}/confirm"><button type="submit">Pay</button></form>` : ''}</main></body></html>`;
        return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      }
      if (req.method !== 'POST' || s.status !== 'open') return error(400, 'This Checkout Session is no longer open');
      this.complete(s.id);
      if (this.webhookUrl) await this.deliver(this.event('checkout.session.completed', s));
      return void res.writeHead(303, { location: s.success_url }).end();
    }

    if (req.headers.authorization !== `Bearer ${this.secretKey}`) return error(401, 'Invalid API Key provided', 'invalid_request_error', 'api_key_invalid');
    const key = req.headers['idempotency-key'];
    const idemKey = typeof key === 'string' && req.method === 'POST' ? `${path}|${key}` : undefined;
    if (idemKey && this.idem.has(idemKey)) return json(200, this.idem.get(idemKey));
    const answer = (v: unknown) => {
      if (idemKey) this.idem.set(idemKey, v);
      json(200, v);
    };
    const form = new URLSearchParams(body);

    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
      const currency = form.get('line_items[0][price_data][currency]') ?? '';
      if (!Number.isInteger(amount) || amount <= 0 || !currency) return error(400, 'Missing required param: line_items[0][price_data].');
      if (!form.get('success_url')) return error(400, 'Missing required param: success_url.');
      const s = this.newSession({
        amount_total: amount,
        currency,
        client_reference_id: form.get('client_reference_id') ?? undefined,
        order_no: form.get('metadata[order_no]') ?? undefined,
        success_url: form.get('success_url') ?? undefined,
        cancel_url: form.get('cancel_url') ?? undefined,
        expires_at: form.get('expires_at') ?? undefined,
      });
      return answer(s);
    }
    const one = /^\/v1\/checkout\/sessions\/(cs_test_\w+)(\/expire)?$/.exec(path);
    if (one) {
      const s = this.sessions.get(one[1]!);
      if (!s) return error(404, `No such checkout.session: '${one[1]}'`, 'invalid_request_error', 'resource_missing');
      if (req.method === 'GET' && !one[2]) return json(200, s);
      if (req.method === 'POST' && one[2]) {
        if (s.status !== 'open')
          return error(400, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`);
        Object.assign(s, { status: 'expired', url: null });
        return answer(s);
      }
    }
    if (req.method === 'GET' && path === '/v1/checkout/sessions') {
      const q = u.searchParams;
      const gte = Number(q.get('created[gte]') ?? -Infinity);
      const lt = Number(q.get('created[lt]') ?? Infinity);
      const limit = Math.min(100, Number(q.get('limit') ?? 10));
      // Newest first, as Stripe lists.
      let all = [...this.sessions.values()].filter((s) => (!q.get('status') || s.status === q.get('status')) && s.created >= gte && s.created < lt).reverse();
      const after = q.get('starting_after');
      if (after) all = all.slice(all.findIndex((s) => s.id === after) + 1);
      return json(200, { object: 'list', url: '/v1/checkout/sessions', data: all.slice(0, limit), has_more: all.length > limit });
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const pi = form.get('payment_intent') ?? '';
      const paid = [...this.sessions.values()].find((s) => s.payment_intent === pi && s.payment_status === 'paid');
      if (!paid) return error(404, `No such payment_intent: '${pi}'`, 'invalid_request_error', 'resource_missing');
      if (this.failRefunds) return error(402, 'The refund could not be processed.', 'card_error', 'refund_failed');
      const r = { id: rid('re'), payment_intent: pi, amount: paid.amount_total, idempotencyKey: typeof key === 'string' ? key : '' };
      this.refunds.push(r);
      return answer({ id: r.id, object: 'refund', amount: r.amount, currency: paid.currency, payment_intent: pi, status: 'succeeded' });
    }
    return error(404, `Unrecognized request URL (${req.method}: ${path}).`);
  }
}
