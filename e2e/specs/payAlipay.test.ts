import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { AlipayStandIn } from '@app/testkit';
import { call, registerMember } from '../lib/api.js';
import { launch, shot } from '../lib/browser.js';
import { pageAs } from '../lib/member.js';
import { balanceShows, openRecharge, payInPopup } from '../lib/recharge.js';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * Issue 31 in the browser: a recharge through Alipay on a phone. The recharge page offers Alipay
 * first to a Chinese reader; the pay page sends the popup to the wap cashier of a stand-in of
 * Alipay's gateway on 127.0.0.1, whose RSA2-signed notify credits the coins; the payer comes back
 * to the app. Screens at 375×812.
 */

/** A phone's browser: Alipay's wap cashier is chosen by the User-Agent. */
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

let server: RunningServer;
let browser: Browser;
const alipay = new AlipayStandIn();

before(async () => {
  await alipay.start();
  [server, browser] = await Promise.all([
    startServer({
      PAY_PROVIDERS: 'sandbox,alipay',
      ALIPAY_APP_ID: alipay.appId,
      ALIPAY_PRIVATE_KEY: alipay.appPrivateKey,
      ALIPAY_PUBLIC_KEY: alipay.alipayPublicKey,
      ALIPAY_GATEWAY: alipay.gateway,
    }),
    launch(),
  ]);
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await alipay.stop();
});

describe('Alipay in the browser', () => {
  it("recharges through Alipay's wap cashier: its signed notify credits the coins, the payer comes back to the app", async () => {
    const member = await registerMember(server.url);
    const { ctx, page } = await pageAs(browser, member, [], 'zh-CN', { userAgent: PHONE_UA });
    // A Chinese reader sees Alipay before the sandbox; it is chosen first.
    const { methods, chosen, pkg } = await openRecharge(page, server.url, member);
    assert.deepEqual(methods, ['pay-alipay', 'pay-sandbox']);
    assert.equal(chosen, 'pay-alipay');
    await page.waitForLoadState('networkidle');
    await shot(page, 'wallet-recharge-alipay');

    await payInPopup(ctx, page, server.url, {
      payButton: '确认付款',
      shotName: 'wallet-alipay-cashier',
      check: (url) => {
        assert.ok(url.startsWith(`${alipay.gateway}?`), url);
        assert.equal(new URL(url).searchParams.get('method'), 'alipay.trade.wap.pay');
      },
    });
    await shot(page, 'wallet-recharge-alipay-paid');
    const expected = pkg.amount + pkg.bonus;
    assert.equal((await call(server.url, 'financeWallet', undefined, member.token)).coin, expected);
    await balanceShows(page, expected);
    await ctx.close();
  });
});
