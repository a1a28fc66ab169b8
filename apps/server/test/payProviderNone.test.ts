import { loadConfig } from '../src/config.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@app/contract';
import { createFinance } from '../src/modules/finance/finance.js';
import { quickMember, rid } from './financeHelpers.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('PAY_PROVIDER=none (production until a real provider is plugged in)', () => {
  it('is the only other provider the settings accept', () => {
    expect(loadConfig({ PAY_PROVIDER: 'none' }).finance.payProvider).toBe('none');
    expect(() => loadConfig({ PAY_PROVIDER: 'alipay' }).finance).toThrow(/PAY_PROVIDER/);
  });

  it('lists no provider, refuses orders, and refuses even a correctly signed sandbox callback', async () => {
    const none = createFinance(s.deps, { config: { ...loadConfig({}).finance, payProvider: 'none' } });
    const cats = await none.recharge.categories();
    expect(cats.providers).toEqual([]);
    const fan = await quickMember(s);
    await expect(none.recharge.createOrder(fan.id, { request_id: rid(), package_id: cats.list[0]!.id, provider: 'sandbox' })).rejects.toMatchObject({
      code: ErrorCode.VALIDATION,
    });

    // An order made while the sandbox was on, "paid" with a valid signature after it was turned off.
    const order = await s.services.finance.recharge.createOrder(fan.id, { request_id: rid(), package_id: cats.list[0]!.id, provider: 'sandbox' });
    const paid = { ...s.services.finance.sandbox.signed({ order_no: order.order_no, trade_no: 'T1', amount_fen: order.price_fen, status: 'paid' }) };
    await expect(none.recharge.callback('sandbox', paid, null)).rejects.toMatchObject({ code: ErrorCode.PAYMENT_REFUSED });
    expect((await none.wallet.wallet(fan.id)).coin).toBe(0);
  });
});
