import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { api, fullPath } from '@app/contract';
import { WechatPayStandIn } from '@app/testkit';
import { call, registerMember } from '../lib/api.js';
import { launch, shot } from '../lib/browser.js';
import { pageAs, type Member } from '../lib/member.js';
import { open } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * WeChat Pay JSAPI inside WeChat (decision 0228): the browser says it is WeChat's (MicroMessenger),
 * and a test-injected WeixinJSBridge plays the WeChat app: it hands getBrandWCPayRequest's
 * parameters to the stand-in, which checks the paySign with the merchant's public key, pays the
 * order and sends the signed notify. The order's page goes through the stand-in's OAuth first,
 * then the bridge pays, and the wallet shows the coins. Screens at 375×812 in both languages.
 */

const IN_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN';

let server: RunningServer;
let browser: Browser;
const wx = new WechatPayStandIn();

before(async () => {
  await wx.start();
  [server, browser] = await Promise.all([startServer({ PAY_PROVIDERS: 'wechat,sandbox', ...wx.env, ...wx.jsapiEnv }), launch()]);
  wx.notifyUrl = `${server.url}/api/pay/wechat/notify`;
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await wx.stop();
});

/**
 * A WeChat browser for `m`: its WeixinJSBridge asks the stand-in to pay once `release` is called
 * (so the page can be shot first), and records what it answered; with `cancelFirst` the payer
 * closes WeChat's first pay sheet (cancel) without paying.
 */
async function inWechat(m: Member, locale: string, cancelFirst = false) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const asked: string[] = [];
  const { ctx, page } = await pageAs(browser, m, [], locale, { userAgent: IN_WECHAT });
  await ctx.exposeBinding('__wechatApp', async (_source, params: Record<string, unknown>) => {
    await released;
    const answer = cancelFirst && asked.length === 0 ? 'get_brand_wcpay_request:cancel' : await wx.jsapiPay(params);
    asked.push(answer);
    return answer;
  });
  await ctx.addInitScript(() => {
    const app = (window as unknown as { __wechatApp: (p: unknown) => Promise<string> }).__wechatApp;
    (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = {
      invoke(name: string, params: unknown, done: (r: { err_msg: string }) => void) {
        if (name !== 'getBrandWCPayRequest') return done({ err_msg: `${name}:fail` });
        void app(params).then((msg) => done({ err_msg: msg }));
      },
    };
  });
  return { ctx, page, release, asked };
}

const walletCoins = async (m: Member) => (await call(server.url, 'financeWallet', undefined, m.token)).coin;

describe('WeChat Pay JSAPI in the browser', () => {
  it('inside WeChat: OAuth, then the bridge pays with the server’s paySign, and the wallet shows the coins', async () => {
    const viewer = await registerMember(server.url);
    const { ctx, page, release, asked } = await inWechat(viewer, 'zh-CN', true);
    await open(page, server.url, '/pages/user/recharge');
    await page.locator('[data-testid="pay-wechat"][aria-checked="true"]').waitFor();
    const { list } = await call(server.url, 'rechargeCategory', undefined, viewer.token);
    const pkg = list[1] ?? list[0]!;
    await page.getByTestId(`pkg-${pkg.id}`).click();
    const popup = ctx.waitForEvent('page');
    await page.getByRole('button', { name: '立即充值' }).click();
    const checkout = await popup;
    // Through the stand-in's OAuth and back to our JSAPI page, which waits on the bridge.
    await checkout.getByText('正在调起微信支付…').waitFor({ timeout: 15_000 });
    assert.match(new URL(checkout.url()).pathname, /^\/api\/pay\/wechat\/jsapi\/R\w+$/);
    assert.equal(wx.oauthExchanges.filter((e) => e.ok).length, 1);
    await checkout.setViewportSize({ width: 375, height: 812 });
    await shot(checkout, 'wallet-wechat-jsapi');
    // The payer closes WeChat's pay sheet: the page offers to pay again, or to authorize another account.
    release();
    await checkout.getByText('已取消支付').waitFor();
    await shot(checkout, 'wallet-wechat-jsapi-cancelled');
    assert.equal(await walletCoins(viewer), 0);
    const closed = checkout.waitForEvent('close', { timeout: 15_000 });
    await checkout.getByRole('button', { name: '重新支付' }).click();
    await closed; // paid: back at the app's recharge page, which closes the checkout window
    await page.locator('[data-testid="pay-wait"][data-status="paid"]').waitFor({ timeout: 15_000 });
    await shot(page, 'wallet-recharge-wechat-jsapi-paid');
    assert.deepEqual(asked, ['get_brand_wcpay_request:cancel', 'get_brand_wcpay_request:ok']);
    assert.equal(await walletCoins(viewer), pkg.amount + pkg.bonus);
    await page.getByRole('button', { name: '完成' }).click();
    await page
      .getByTestId('recharge-balance')
      .getByText(((pkg.amount + pkg.bonus) / 10000).toFixed(2))
      .waitFor();
    await ctx.close();
  });

  it('the JSAPI page in English', async () => {
    const viewer = await registerMember(server.url);
    const { ctx, page, release, asked } = await inWechat(viewer, 'en');
    const { list } = await call(server.url, 'rechargeCategory', undefined, viewer.token);
    // Ordered as WeChat's browser orders (its user agent), then opened there.
    const res = await fetch(`${server.url}${fullPath(api.rechargeOrder)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Constraint: 'liveapp-h5', Device: 'e2e-device', Authorization: viewer.token, 'User-Agent': IN_WECHAT },
      body: JSON.stringify({ request_id: `jsapi${Date.now()}`, package_id: list[0]!.id, provider: 'wechat' }),
    });
    const order = ((await res.json()) as { data: { pay_url: string; order_no: string } }).data;
    await page.goto(order.pay_url);
    await page.getByText('Opening WeChat Pay…').waitFor({ timeout: 15_000 });
    await shot(page, 'wallet-wechat-jsapi-en');
    release();
    await page.waitForURL((u) => u.hash.startsWith('#/pages/user/recharge'), { timeout: 15_000, waitUntil: 'commit' });
    assert.deepEqual(asked, ['get_brand_wcpay_request:ok']);
    assert.equal(await walletCoins(viewer), list[0]!.amount + list[0]!.bonus);
    await ctx.close();
  });
});
