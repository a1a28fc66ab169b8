/**
 * WeChat Pay JSAPI inside WeChat (decision 0228): with the official account's AppSecret set, a
 * payer whose browser is WeChat's (MicroMessenger) gets our JSAPI page; it sends them through
 * WeChat's OAuth (`snsapi_base`, a stand-in on 127.0.0.1, as WeChat Pay's API is), the code is
 * exchanged for the openid, which is kept; the page then carries the JSAPI order's parameters with a
 * paySign the merchant's key verifies, and the WeChat app's payment notifies and credits once. A
 * state the server did not make, or an expired one, binds nothing; a second order skips OAuth.
 */
import { createVerify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, fullPath, WECHAT_JSAPI_PATH, WECHAT_OAUTH_PATH } from '@app/contract';
import { WechatPayStandIn } from '@app/testkit';
import { expectSound, quickMember, rid } from './financeHelpers.js';
import { freePort } from './helpers/spawnServer.js';
import { onFreePort, startTestServer, type TestServer } from './helpers/testServer.js';

const wx = new WechatPayStandIn();
let s: TestServer;
const IN_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN';

beforeAll(async () => {
  await wx.start();
  // WeChat's OAuth is given an absolute redirect_uri: the server's port is chosen first.
  s = await onFreePort([await freePort(), await freePort()], (port) =>
    startTestServer({ port, env: { PAY_PROVIDERS: 'wechat,sandbox', ...wx.env, ...wx.jsapiEnv, PUBLIC_URL: `http://127.0.0.1:${port}` } }),
  );
  wx.notifyUrl = `${s.url}${fullPath(api.wechatPayNotify)}`;
});
afterAll(async () => {
  await s?.close();
  await wx.stop();
});

const coinsOf = async (m: { token: string }) => (await s.api.call(api.financeWallet, undefined, { token: m.token })).data.coin;

async function orderInWechat(m: { token: string }) {
  const pkg = (await s.api.call(api.rechargeCategory, undefined, { token: m.token })).data.list[0]!;
  const order = await s.api.call(
    api.rechargeOrder,
    { request_id: rid(), package_id: pkg.id, provider: 'wechat' },
    { token: m.token, headers: { 'User-Agent': IN_WECHAT } },
  );
  expect(order.code, order.msg).toBe(200);
  return { pkg, order: order.data };
}

const get = (url: string) => fetch(url, { redirect: 'manual', headers: { 'user-agent': IN_WECHAT } });

/** The bridge's parameters the JSAPI page hands to getBrandWCPayRequest. */
async function bridgeParams(pageUrl: string): Promise<Record<string, string>> {
  const page = await get(pageUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const m = /const PARAMS = (\{.*?\}), BACK/.exec(html);
  expect(m, html.slice(0, 400)).not.toBeNull();
  return JSON.parse(m![1]!) as Record<string, string>;
}

/** Follows the page through WeChat's OAuth and back: answers where the OAuth return sent the browser. */
async function throughOauth(pageUrl: string): Promise<{ authorize: URL; back: string }> {
  const first = await get(pageUrl);
  expect(first.status).toBe(302);
  const authorize = new URL(first.headers.get('location')!);
  const withCode = await get(authorize.href);
  expect(withCode.status).toBe(302);
  const ret = await get(withCode.headers.get('location')!);
  expect(ret.status).toBe(302);
  return { authorize, back: new URL(ret.headers.get('location')!, s.url).href };
}

describe('WeChat Pay JSAPI', () => {
  it("an order inside WeChat goes through OAuth once, then pays by the JSAPI bridge with the server's paySign; the notify credits once", async () => {
    const m = await quickMember(s);
    const { pkg, order } = await orderInWechat(m);
    const pageUrl = `${s.url}${WECHAT_JSAPI_PATH}/${order.order_no}`;
    expect(order.pay_url).toBe(pageUrl);
    expect(wx.trades.has(order.order_no)).toBe(false); // made at WeChat Pay once the openid is known

    const { authorize, back } = await throughOauth(pageUrl);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${wx.url}/connect/oauth2/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      appid: wx.appid,
      redirect_uri: `${s.url}${WECHAT_OAUTH_PATH}`,
      response_type: 'code',
      scope: 'snsapi_base',
    });
    expect(authorize.hash).toBe('#wechat_redirect');
    expect(back).toBe(pageUrl);
    const kept = await s.deps.db.kysely.selectFrom('wechat_openids').selectAll().where('user_id', '=', m.id).execute();
    expect(kept).toMatchObject([{ appid: wx.appid, openid: wx.openid }]);

    const params = await bridgeParams(pageUrl);
    const trade = wx.trades.get(order.order_no)!;
    expect(trade).toMatchObject({ trade_type: 'JSAPI', openid: wx.openid, amount: { total: pkg.price_fen } });
    expect(params).toMatchObject({ appId: wx.appid, package: `prepay_id=${trade.prepay_id}`, signType: 'RSA' });
    // paySign: SHA256withRSA over appId, timeStamp, nonceStr and package, each followed by \n, with the merchant's key.
    const signedText = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    expect(createVerify('RSA-SHA256').update(signedText).verify(wx.merchantPublicKey, params.paySign!, 'base64')).toBe(true);
    // A tampered parameter is refused by the WeChat app.
    expect(await wx.jsapiPay({ ...params, nonceStr: 'x' })).toBe('get_brand_wcpay_request:fail');
    expect(await coinsOf(m)).toBe(0);

    expect(await wx.jsapiPay(params)).toBe('get_brand_wcpay_request:ok');
    expect(wx.notified.filter((n) => n.out_trade_no === order.order_no)).toEqual([{ out_trade_no: order.order_no, status: 200 }]);
    expect(await coinsOf(m)).toBe(pkg.amount + pkg.bonus);
    expect(await wx.jsapiPay(params)).toBe('get_brand_wcpay_request:fail'); // paid already
    expect(await coinsOf(m)).toBe(pkg.amount + pkg.bonus);
    // The paid order's page pays nothing more.
    expect(await (await get(pageUrl)).text()).toContain('该订单已结束');

    // The next order skips OAuth: the openid was kept.
    const exchanges = wx.oauthExchanges.length;
    const next = await orderInWechat(m);
    const p2 = await bridgeParams(next.order.pay_url);
    expect(wx.oauthExchanges.length).toBe(exchanges);
    expect(wx.trades.get(next.order.order_no)).toMatchObject({ openid: wx.openid });
    // Opening the page again asks for the same order at WeChat Pay.
    expect((await bridgeParams(next.order.pay_url)).package).toBe(p2.package);
    await expectSound(s.deps.db);
  });

  it('a state the server did not make, an expired or tampered one, or a code WeChat refuses binds no openid', async () => {
    const m = await quickMember(s);
    const { order } = await orderInWechat(m);
    const first = await get(`${s.url}${WECHAT_JSAPI_PATH}/${order.order_no}`);
    const state = new URL(first.headers.get('location')!).searchParams.get('state')!;
    expect(state.startsWith(order.order_no)).toBe(true);
    const oauth = (q: string) => get(`${s.url}${WECHAT_OAUTH_PATH}?${q}`);
    const refused = async (q: string) => {
      const r = await oauth(q);
      expect(r.status, q).toBe(400);
      return (await r.json()) as { code: number; msg: string };
    };
    // Another order's number under this state's signature, a made-up state, an expired one.
    const other = (await orderInWechat(m)).order.order_no;
    expect(await refused(`code=abc&state=${state.replace(order.order_no, other)}`)).toMatchObject({
      code: ErrorCode.VALIDATION,
      msg: expect.stringContaining('state'),
    });
    await refused(`code=abc&state=${order.order_no}Z9999999999Z${'0'.repeat(32)}`);
    await refused(`code=abc&state=${encodeURIComponent('<script>')}`);
    await refused(`code=abc&state=${'a'.repeat(300)}`);
    const past = await s.services.finance.wechatJsapi!.oauthReturn('abc', state, Date.now() + 3_600_000);
    expect(past).toBeUndefined();
    // A code WeChat does not know: the exchange is refused, nothing is kept, and the payer is told.
    const bad = await oauth(`code=not-a-code&state=${state}`);
    expect(bad.status).toBe(200);
    expect(((await bad.json()) as { code: number }).code).toBe(ErrorCode.PAYMENT_UNAVAILABLE);
    // No code (the payer left the OAuth page): back to the app.
    const none = await oauth(`state=${state}`);
    expect(none.status).toBe(303);
    expect(await s.deps.db.kysely.selectFrom('wechat_openids').selectAll().where('user_id', '=', m.id).execute()).toEqual([]);
    // An unknown order has no page.
    expect((await get(`${s.url}${WECHAT_JSAPI_PATH}/R-nobody`)).status).toBe(404);
  });

  it('outside WeChat the same provider still pays by H5', async () => {
    const m = await quickMember(s);
    const pkg = (await s.api.call(api.rechargeCategory, undefined, { token: m.token })).data.list[0]!;
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari/604.1';
    const order = await s.api.call(
      api.rechargeOrder,
      { request_id: rid(), package_id: pkg.id, provider: 'wechat' },
      { token: m.token, headers: { 'User-Agent': phone } },
    );
    expect(order.code, order.msg).toBe(200);
    expect(order.data.pay_url).toContain('/h5pay/checkmweb?prepay_id=');
    expect(wx.trades.get(order.data.order_no)).toMatchObject({ trade_type: 'MWEB' });
  });
});
