import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiFailure, call, registerMember } from '../lib/api.js';
import { launch, phone, shot } from '../lib/browser.js';
import { open, waitForRoute } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * Issue 4 in the browser: recharge through the sandbox checkout, wallet and recharge records,
 * check-in once a day, a gift moving coins to an anchor's earnings, rankings listing both,
 * earnings collected / exchanged / withdrawn. Screens are saved at 375×812.
 */

let server: RunningServer;
let browser: Browser;
type Member = Awaited<ReturnType<typeof registerMember>>;
let viewer: Member;
let anchor: Member;

const rid = () => randomUUID().replace(/-/g, '');
const coinsOf = async (m: Member) => (await call(server.url, 'financeWallet', undefined, m.token)).coin;

/** Pays a recharge order the way the sandbox checkout page would (its pre-signed "paid" callback). */
async function topUp(m: Member, packageId: number): Promise<void> {
  const o = await call(server.url, 'rechargeOrder', { request_id: rid(), package_id: packageId, provider: 'sandbox' }, m.token);
  const html = await fetch(`${server.url}${new URL(o.pay_url, server.url).pathname}`).then((r) => r.text());
  const paid = JSON.parse(/PAY = (\{.*?\}), CANCEL/.exec(html)![1]!) as Record<string, unknown>;
  await call(server.url, 'sandboxPayCallback', paid as never);
}

/** A phone page already logged in as `m` (the session the app persists, seed §3). */
async function pageAs(m: Member): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await phone(browser);
  const state = { state: { token: m.token, userInfo: m.user }, version: 1 };
  await ctx.addInitScript((s) => {
    if (!localStorage.getItem('liveapp.session')) localStorage.setItem('liveapp.session', s);
  }, JSON.stringify(state));
  return { ctx, page: await ctx.newPage() };
}

before(async () => {
  server = await startServer();
  browser = await launch();
  [viewer, anchor] = await Promise.all([registerMember(server.url), registerMember(server.url)]);
  await call(server.url, 'updateUserInfo', { nickname: `观众${viewer.user.id}` }, viewer.token);
  await call(server.url, 'updateUserInfo', { nickname: `主播${anchor.user.id}` }, anchor.token);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('wallet in the browser', () => {
  it('recharges through the sandbox checkout: the balance, the wallet records and the recharge records show it', async () => {
    const { ctx, page } = await pageAs(viewer);
    const before = await coinsOf(viewer);
    await open(page, server.url, '/pages/user/recharge');
    await page.getByTestId('recharge-balance').waitFor();
    const pkgs = page.locator('[data-testid^="pkg-"]');
    await pkgs.first().waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, 'wallet-recharge');

    // The third package; its coins + bonus are what must arrive.
    const { list } = await call(server.url, 'rechargeCategory', undefined, viewer.token);
    const pkg = list[2] ?? list[0]!;
    await page.getByTestId(`pkg-${pkg.id}`).click();
    const popupP = ctx.waitForEvent('page');
    await page.getByRole('button', { name: '立即充值' }).click();
    const checkout = await popupP;
    await checkout.getByRole('button', { name: '确认支付' }).waitFor();
    await checkout.setViewportSize({ width: 375, height: 812 });
    await shot(checkout, 'wallet-sandbox-checkout');
    await checkout.getByRole('button', { name: '确认支付' }).click();
    await checkout.waitForEvent('close', { timeout: 10_000 }); // the sandbox page closes its popup once paid

    await page.locator('[data-testid="pay-wait"][data-status="paid"]').waitFor({ timeout: 15_000 });
    await shot(page, 'wallet-recharge-paid');
    await page.getByRole('button', { name: '完成' }).click();
    const expected = before + pkg.amount + pkg.bonus;
    assert.equal(await coinsOf(viewer), expected);
    const shown = (expected / 10000).toFixed(2);
    await page.getByTestId('recharge-balance').getByText(shown).waitFor();

    await open(page, server.url, '/pages/user/walletRecord');
    await page.locator('[data-testid="change-row"][data-type="recharge"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, 'wallet-records');
    await page.getByRole('tab', { name: '充值' }).click();
    await page.locator('[data-testid="change-row"][data-type="recharge"]').first().waitFor();
    assert.equal(await page.locator('[data-testid="change-row"]:not([data-type="recharge"])').count(), 0);

    await open(page, server.url, '/pages/user/rechargeRecord');
    await page.locator('[data-testid="recharge-row"][data-status="paid"]').first().waitFor();
    await shot(page, 'wallet-recharge-records');
    await ctx.close();
  });

  it('check-in: the card pays once; a second tap, and a second POST, the same day pay nothing', async () => {
    const { ctx, page } = await pageAs(viewer);
    const before = await coinsOf(viewer);
    await open(page, server.url, '/pages/user/index');
    const card = page.getByTestId('checkin-card');
    await card.waitFor();
    assert.equal(await card.getAttribute('data-checked'), '0');
    await card.getByRole('button', { name: '签到' }).click();
    await page.getByTestId('checkin-reward').waitFor();
    await shot(page, 'wallet-checkin-reward');
    const after1 = await coinsOf(viewer);
    assert.ok(after1 > before, 'the first check-in pays a reward');
    await page.getByRole('button', { name: '好的' }).click();
    await page.locator('[data-testid="checkin-card"][data-checked="1"]').waitFor();
    await card.getByRole('button', { name: '已签到' }).click();
    await page.getByText('今天已经签到过了').first().waitFor();
    await assert.rejects(call(server.url, 'checkIn', { request_id: rid() }, viewer.token), (e: ApiFailure) => e.code === 10406);
    assert.equal(await coinsOf(viewer), after1, 'a second check-in the same day pays nothing');
    await page.waitForTimeout(2600); // the toast leaves
    await shot(page, 'wallet-user-centre');
    await ctx.close();
  });

  it('a gift moves coins to the anchor: wallet records, earnings, rankings list both', async () => {
    const gifts = (await call(server.url, 'commonConfig')).gift;
    const rose = gifts.find((g) => g.price >= 10 * 10000) ?? gifts[0]!;
    const before = await coinsOf(viewer);
    const sent = await call(server.url, 'giftSend', { request_id: rid(), room_id: 0, gift_id: rose.gift_id, count: 3, receiver_id: anchor.user.id }, viewer.token);
    assert.equal(sent.coin, before - rose.price * 3);

    // A few more members give each other gifts, so the lists have a podium and rows below it.
    const { list: pkgs } = await call(server.url, 'rechargeCategory', undefined, viewer.token);
    const extras = await Promise.all(['小鹿', '星星', '阿杰', '木子', '团团'].map(async (name) => {
      const m = await registerMember(server.url);
      await call(server.url, 'updateUserInfo', { nickname: `${name}${m.user.id}` }, m.token);
      await topUp(m, pkgs[0]!.id);
      return m;
    }));
    const lollipop = gifts[0]!;
    for (const [i, m] of extras.entries()) {
      const to = extras[(i + 1) % extras.length]!;
      await call(server.url, 'giftSend', { request_id: rid(), room_id: 0, gift_id: lollipop.gift_id, count: 5 + i * 4, receiver_id: to.user.id }, m.token);
    }

    // The viewer's wallet records show the gift.
    const v = await pageAs(viewer);
    await open(v.page, server.url, '/pages/user/walletRecord');
    await v.page.getByRole('tab', { name: '礼物' }).click();
    await v.page.locator('[data-testid="change-row"][data-type="gift"]').first().waitFor();
    assert.match((await v.page.getByTestId('change-amount').first().textContent()) ?? '', /^−/);

    // Rankings: the viewer on the wealth list, the anchor on the charm list, with the viewer's own place pinned.
    await open(v.page, server.url, '/pages/rank/index');
    const podium = v.page.getByTestId('rank-podium');
    await podium.getByText(`观众${viewer.user.id}`).waitFor();
    await v.page.getByTestId('my-rank-no').getByText(/^\d+$/).waitFor();
    await v.page.waitForLoadState('networkidle');
    await shot(v.page, 'wallet-rank-wealth');
    await v.page.getByRole('tab', { name: '魅力榜' }).click();
    await podium.getByText(`主播${anchor.user.id}`).waitFor();
    await v.page.getByRole('tab', { name: '总榜' }).click();
    await podium.getByText(`主播${anchor.user.id}`).waitFor();
    await shot(v.page, 'wallet-rank-charm');
    await v.ctx.close();

    // The anchor's earnings: received gift, chart, collect.
    const a = await pageAs(anchor);
    await open(a.page, server.url, '/pages/user/shouyi');
    await a.page.getByTestId('gift-row').first().waitFor();
    await a.page.getByTestId('earn-chart').waitFor();
    await a.page.waitForLoadState('networkidle');
    await shot(a.page, 'wallet-shouyi');
    const pendingBefore = (await call(server.url, 'financeWallet', undefined, anchor.token)).gift_pending;
    assert.ok(pendingBefore > 0, 'the gift credited the anchor');
    await a.page.getByRole('button', { name: '领取' }).click();
    await a.page.getByText(/已领取/).first().waitFor();
    const w = await call(server.url, 'financeWallet', undefined, anchor.token);
    assert.equal(w.gift_pending, 0);
    assert.equal(w.gift_earnings, pendingBefore);
    await a.ctx.close();
  });

  it('earnings: exchange some into coins, withdraw the rest, with records and statuses', async () => {
    // Enough earnings for the minimum withdrawal: the viewer tops up and sends a big gift.
    const gifts = (await call(server.url, 'commonConfig')).gift;
    const big = [...gifts].sort((x, y) => y.price - x.price)[0]!;
    const { list } = await call(server.url, 'rechargeCategory', undefined, viewer.token);
    const top = [...list].sort((x, y) => y.amount - x.amount)[0]!;
    while ((await coinsOf(viewer)) < big.price) await topUp(viewer, top.id);
    await call(server.url, 'giftSend', { request_id: rid(), room_id: 0, gift_id: big.gift_id, count: 1, receiver_id: anchor.user.id }, viewer.token);
    await call(server.url, 'receiveGiftMoney', { request_id: rid() }, anchor.token);
    const start = await call(server.url, 'financeWallet', undefined, anchor.token);

    const { ctx, page } = await pageAs(anchor);
    await open(page, server.url, '/pages/user/exchangeRecord');
    await page.getByTestId('exchange-available').waitFor();
    await page.locator('input[name=amount]').fill('5');
    await page.getByRole('button', { name: '立即兑换' }).click();
    await page.getByTestId('exchange-row').first().waitFor();
    await page.waitForTimeout(2600);
    await shot(page, 'wallet-exchange');
    const afterEx = await call(server.url, 'financeWallet', undefined, anchor.token);
    assert.equal(afterEx.gift_earnings, start.gift_earnings - 5 * 10000);
    assert.ok(afterEx.coin > start.coin);

    await open(page, server.url, '/pages/user/withdraw');
    await page.getByTestId('withdrawable').waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByRole('radio', { name: '支付宝' }).click();
    await page.locator('input[name=account]').fill('13912345678');
    await page.locator('input[name=account_name]').fill('张三');
    await page.locator('input[name=amount]').fill('100');
    await page.getByTestId('withdraw-quote').getByText(/预计到账/).waitFor();
    await shot(page, 'wallet-withdraw');
    await page.getByRole('button', { name: '申请提现' }).click();
    await page.getByRole('dialog').getByText('1391****5678').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: '申请提现' }).click();
    await page.locator('[data-testid="withdraw-row"][data-status="pending"]').first().waitFor();
    const pending = await call(server.url, 'financeWallet', undefined, anchor.token);
    assert.equal(pending.frozen, 100 * 10000);

    // An operator rejects it: the record says why and the money is back.
    const mine = await call(server.url, 'withdrawFetch', { page: 1, size: 1 }, anchor.token);
    const opMobile = `137${String(Date.now() % 1e8).padStart(8, '0')}`;
    const op = await registerMember(server.url, opMobile);
    await server.admin('operator', 'add', op.mobile);
    const opSession = await call(server.url, 'login', { account: op.mobile, password: op.password });
    await call(server.url, 'adminWithdrawReject', { request_id: rid(), id: mine.list[0]!.id, reason: '收款人信息不符' }, opSession.token);
    await page.reload();
    await page.locator('[data-testid="withdraw-row"][data-status="rejected"]').getByText('收款人信息不符').waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByTestId('withdraw-records').scrollIntoViewIfNeeded();
    await shot(page, 'wallet-withdraw-records');
    assert.equal((await call(server.url, 'financeWallet', undefined, anchor.token)).frozen, 0);
    await ctx.close();
  });
});
