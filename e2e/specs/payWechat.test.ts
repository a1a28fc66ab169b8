import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { WechatPayStandIn } from '@app/testkit';
import { call, registerMember } from '../lib/api.js';
import { launch, shot } from '../lib/browser.js';
import { payInPopup } from '../lib/recharge.js';
import { pageAs } from '../lib/member.js';
import { open } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * WeChat Pay H5 in the browser (decisions 0211–0212): the recharge page offers WeChat Pay, the
 * order opens the stand-in's H5 page (WeChat Pay's API v3 on 127.0.0.1, which signs and encrypts the
 * notify it sends), paying there credits the coins and brings the payer back. Screens at 375×812.
 */

let server: RunningServer;
let browser: Browser;
const wx = new WechatPayStandIn();

before(async () => {
  await wx.start();
  [server, browser] = await Promise.all([startServer({ PAY_PROVIDERS: 'wechat,sandbox', ...wx.env }), launch()]);
  wx.notifyUrl = `${server.url}/api/pay/wechat/notify`;
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await wx.stop();
});

describe('WeChat Pay in the browser', () => {
  it('recharges through the H5 page: the signed, encrypted notify credits the coins and the payer comes back', async () => {
    const viewer = await registerMember(server.url);
    const { ctx, page } = await pageAs(browser, viewer);
    await open(page, server.url, '/pages/user/recharge');
    // Chinese readers see WeChat Pay before the sandbox; it is chosen first.
    await page.locator('[data-testid="pay-wechat"][aria-checked="true"]').waitFor();
    const { list } = await call(server.url, 'rechargeCategory', undefined, viewer.token);
    const pkg = list[1] ?? list[0]!;
    await page.getByTestId(`pkg-${pkg.id}`).click();
    await shot(page, 'wallet-recharge-wechat');
    // Back at the app's recharge page from h5_url's redirect_url, which closes the H5 window.
    await payInPopup(ctx, page, server.url, {
      payButton: '确认支付',
      shotName: 'wallet-wechat-h5',
      check: (url) => assert.ok(url.startsWith(`${wx.url}/h5pay/checkmweb?prepay_id=`), url),
    });
    await shot(page, 'wallet-recharge-wechat-paid');
    assert.equal((await call(server.url, 'financeWallet', undefined, viewer.token)).coin, pkg.amount + pkg.bonus);
    assert.deepEqual(
      wx.notified.map((n) => n.status),
      [200],
    );
    await ctx.close();
  });
});
