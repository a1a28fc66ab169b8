import { loadConfig } from '../src/config.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@app/contract';
import { createFinance } from '../src/modules/finance/finance.js';
import { quickMember, rid } from './financeHelpers.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { jsonNotify } from '../src/modules/finance/recharge/paymentProvider.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('PAY_PROVIDER=none (production until a real provider is plugged in)', () => {
  it('offers nothing; PAY_PROVIDERS lists several, the older PAY_PROVIDER one, never both', () => {
    expect(loadConfig({ PAY_PROVIDER: 'none' }).finance.payProviders).toEqual([]);
    expect(loadConfig({ PAY_PROVIDERS: 'none' }).finance.payProviders).toEqual([]);
    expect(loadConfig({}).finance.payProviders).toEqual(['sandbox']);
    expect(loadConfig({ PAY_PROVIDER: 'sandbox' }).finance.payProviders).toEqual(['sandbox']);
    expect(loadConfig({ PAY_PROVIDERS: 'stripe, sandbox,stripe' }).finance.payProviders).toEqual(['stripe', 'sandbox']);
    expect(() => loadConfig({ PAY_PROVIDER: 'paypal' }).finance).toThrow(/PAY_PROVIDER: names unknown providers \(paypal\)/);
    expect(() => loadConfig({ PAY_PROVIDERS: 'sandbox,paypal' }).finance).toThrow(/PAY_PROVIDERS: names unknown providers \(paypal\)/);
    expect(() => loadConfig({ PAY_PROVIDERS: 'sandbox', PAY_PROVIDER: 'sandbox' }).finance).toThrow(/PAY_PROVIDER: .*set only one/);
    expect(() => loadConfig({ STRIPE_API_BASE: 'ftp://x' }).finance).toThrow(/STRIPE_API_BASE: must be an http\(s\) origin/);
    expect(loadConfig({ STRIPE_API_BASE: 'http://127.0.0.1:4100' }).finance.stripe.api).toEqual({ host: '127.0.0.1', port: 4100, protocol: 'http' });
  });

  it('lists no provider, refuses orders, and refuses even a correctly signed sandbox callback', async () => {
    const none = createFinance(s.deps, { config: { ...loadConfig({}).finance, payProviders: [] } });
    const cats = await none.recharge.categories();
    expect(cats.providers).toEqual([]);
    const fan = await quickMember(s);
    await expect(none.recharge.createOrder(fan.id, { request_id: rid(), package_id: cats.list[0]!.id, provider: 'sandbox' })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION,
    });

    // An order made while the sandbox was on, "paid" with a valid signature after it was turned off.
    const order = await s.services.finance.recharge.createOrder(fan.id, { request_id: rid(), package_id: cats.list[0]!.id, provider: 'sandbox' });
    const paid = { ...s.services.finance.sandbox.signed({ order_no: order.order_no, trade_no: 'T1', amount_fen: order.price_fen, status: 'paid' }) };
    await expect(none.recharge.callback('sandbox', jsonNotify(paid), null)).rejects.toMatchObject({ code: ErrorCode.PAYMENT_REFUSED });
    expect((await none.wallet.wallet(fan.id)).coin).toBe(0);
  });
});
