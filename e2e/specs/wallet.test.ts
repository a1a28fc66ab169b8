import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eventually, StripeStandIn } from '@app/testkit';
import { type ApiFailure, call, registerMember } from '../lib/api.js';
import { launch, settled, shot, shotSettled } from '../lib/browser.js';
import { approvedAnchor, operatorOf, pageAs as phonePageAs, topUp as payTopUp } from '../lib/member.js';
import { FAKE_MEDIA_FLAGS } from '../lib/media.js';
import { open, waitForRoute } from '../lib/page.js';
import { balanceShows, openRecharge, payInPopup } from '../lib/recharge.js';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * Issue 4 in the browser: recharge through the sandbox checkout and through Stripe's (a stand-in of
 * its API and hosted page on 127.0.0.1, which signs the webhook it sends), wallet and recharge records,
 * check-in once a day, a gift moving coins to an anchor's earnings, rankings listing both,
 * earnings collected / exchanged / withdrawn, and the gift panel in a live room (combo, the
 * animation on the viewer's and the anchor's screens, recharge offered when coins run out).
 * Screens are saved at 375×812.
 */

let server: RunningServer;
let browser: Browser;
const stripe = new StripeStandIn();
type Member = Awaited<ReturnType<typeof registerMember>>;
let viewer: Member;
let anchor: Member;
let operator: Member;

const rid = () => randomUUID().replace(/-/g, '');
const coinsOf = async (m: Member) => (await call(server.url, 'financeWallet', undefined, m.token)).coin;

/**
 * Records every gift effect and banner a page ever shows (`window.__giftFx`), so a test can check
 * an animation played even when a busy machine let it finish before the check.
 * Plain JS on purpose: tsx helpers do not exist in the page.
 */
const GIFT_FX_PROBE_JS = `(() => {
  window.__giftFx = [];
  new MutationObserver((muts) => {
    for (const m of muts) for (const n of m.addedNodes) {
      if (!(n instanceof Element)) continue;
      for (const el of [n, ...n.querySelectorAll('[data-testid=gift-fullscreen],[data-testid=gift-banner]')]) {
        const id = el.getAttribute('data-testid');
        if (id === 'gift-fullscreen') window.__giftFx.push('big:' + el.getAttribute('data-gift'));
        if (id === 'gift-banner') window.__giftFx.push('banner:' + el.textContent);
      }
    }
  }).observe(document, { childList: true, subtree: true });
})();`;

const giftFxSeen = (page: Page, what: string) =>
  page.waitForFunction((w) => ((window as unknown as { __giftFx?: string[] }).__giftFx ?? []).some((x) => x.startsWith(w)), what, { timeout: 10_000 });

const topUp = (m: Member, packageId: number) => payTopUp(server.url, m, packageId);

/** A phone page already logged in as `m`, recording the gift effects it shows. */
function pageAs(m: Member): Promise<{ ctx: BrowserContext; page: Page }> {
  return phonePageAs(browser, m, [GIFT_FX_PROBE_JS]);
}

before(async () => {
  await stripe.start();
  const payments = {
    PAY_PROVIDERS: 'sandbox,stripe',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  };
  [server, browser] = await Promise.all([startServer(payments), launch(FAKE_MEDIA_FLAGS)]); // the live-room test has an anchor publishing a (fake) camera
  stripe.webhookUrl = `${server.url}/api/pay/stripe/webhook`;
  [viewer, anchor, operator] = await Promise.all([registerMember(server.url), registerMember(server.url), operatorOf(server)]);
  await call(server.url, 'updateUserInfo', { nickname: `观众${viewer.user.id}` }, viewer.token);
  await call(server.url, 'updateUserInfo', { nickname: `主播${anchor.user.id}` }, anchor.token);
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await stripe.stop();
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
    await page.getByTestId('pay-sandbox').click();
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
    // The 充值 tab gathers each payment with its package bonus, and nothing else.
    await page.getByRole('tab', { name: '充值' }).click();
    await page.locator('[data-testid="change-row"][data-type="recharge"]').first().waitFor();
    if (pkg.bonus > 0) await page.locator('[data-testid="change-row"][data-type="recharge_bonus"]').first().waitFor();
    assert.equal(await page.locator('[data-testid="change-row"]:not([data-type="recharge"]):not([data-type="recharge_bonus"])').count(), 0);
    await settled(page.locator('.adm-tabs-tab-line'));
    await shot(page, 'wallet-records-recharge-tab');

    await open(page, server.url, '/pages/user/rechargeRecord');
    await page.locator('[data-testid="recharge-row"][data-status="paid"]').first().waitFor();
    await shot(page, 'wallet-recharge-records');
    await ctx.close();
  });

  it("recharges through Stripe: its checkout page pays, Stripe's signed event credits the coins, the payer comes back", async () => {
    const { ctx, page } = await pageAs(viewer);
    const before = await coinsOf(viewer);
    // Chinese readers see the card method before the sandbox; it is chosen first.
    const { methods, chosen, pkg } = await openRecharge(page, server.url, viewer);
    assert.deepEqual(methods, ['pay-stripe', 'pay-sandbox']);
    assert.equal(chosen, 'pay-stripe');
    await shot(page, 'wallet-recharge-stripe');
    await payInPopup(ctx, page, server.url, {
      payButton: 'Pay',
      shotName: 'wallet-stripe-checkout',
      check: (url) => assert.ok(url.startsWith(`${stripe.url}/pay/cs_test_`), url),
    });
    await shot(page, 'wallet-recharge-stripe-paid');
    const expected = before + pkg.amount + pkg.bonus;
    assert.equal(await coinsOf(viewer), expected);
    await balanceShows(page, expected);
    await ctx.close();
  });

  it('check-in: the card pays once; a second tap, and a second POST, the same day pay nothing', async () => {
    const { ctx, page } = await pageAs(viewer);
    const before = await coinsOf(viewer);
    await open(page, server.url, '/pages/user/index');
    const card = page.getByTestId('checkin-card');
    await card.waitFor();
    assert.equal(await card.getAttribute('data-checked'), '0');
    // The viewer joined today: the days of this week before today were never theirs to miss.
    const week = await call(server.url, 'checkInInfo', undefined, viewer.token);
    const earlier = week.week.filter((d) => d.date < week.today).length;
    await card.locator('li[data-state]').first().waitFor();
    assert.equal(await card.locator('li[data-state="beforeJoin"]').count(), earlier);
    assert.equal(await card.locator('li[data-state="missed"]').count(), 0);
    assert.equal(await card.getByText('漏签').count(), 0);
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
    await page.evaluate(() => window.scrollTo(0, 0));
    await shotSettled(page, 'wallet-user-centre');
    await ctx.close();
  });

  it('a gift moves coins to the anchor: wallet records, earnings, rankings list both', async () => {
    const gifts = (await call(server.url, 'commonConfig')).gift;
    const rose = gifts.find((g) => g.price >= 10 * 10000) ?? gifts[0]!;
    const before = await coinsOf(viewer);
    const sent = await call(
      server.url,
      'giftSend',
      { request_id: rid(), room_id: 0, gift_id: rose.gift_id, count: 3, receiver_id: anchor.user.id },
      viewer.token,
    );
    assert.equal(sent.coin, before - rose.price * 3);

    // A few more members give each other gifts, so the lists have a podium and rows below it.
    const { list: pkgs } = await call(server.url, 'rechargeCategory', undefined, viewer.token);
    const extras = await Promise.all(
      ['小鹿', '星星', '阿杰', '木子', '团团'].map(async (name) => {
        const m = await registerMember(server.url);
        await call(server.url, 'updateUserInfo', { nickname: `${name}${m.user.id}` }, m.token);
        await topUp(m, pkgs[0]!.id);
        return m;
      }),
    );
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
    await a.page
      .getByText(/已领取/)
      .first()
      .waitFor();
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
    await shotSettled(page, 'wallet-exchange');
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
    await page
      .getByTestId('withdraw-quote')
      .getByText(/预计到账/)
      .waitFor();
    await shot(page, 'wallet-withdraw');
    await page.getByRole('button', { name: '申请提现' }).click();
    await page.getByRole('dialog').getByText('1391****5678').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: '申请提现' }).click();
    await page.locator('[data-testid="withdraw-row"][data-status="pending"]').first().waitFor();
    const pending = await call(server.url, 'financeWallet', undefined, anchor.token);
    assert.equal(pending.frozen, 100 * 10000);

    // An operator rejects it: the record says why and the money is back.
    const mine = await call(server.url, 'withdrawFetch', { page: 1, size: 1 }, anchor.token);
    await call(server.url, 'adminWithdrawReject', { request_id: rid(), id: mine.list[0]!.id, reason: '收款人信息不符' }, operator.token);
    await page.reload();
    await page.locator('[data-testid="withdraw-row"][data-status="rejected"]').getByText('收款人信息不符').waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByTestId('withdraw-records').scrollIntoViewIfNeeded();
    await shot(page, 'wallet-withdraw-records');
    assert.equal((await call(server.url, 'financeWallet', undefined, anchor.token)).frozen, 0);
    await ctx.close();
  });

  it('in a live room: the panel sends with a combo, viewer and anchor see the animation, earnings and rankings follow', async () => {
    const host = await approvedAnchor(server, operator);
    await call(server.url, 'updateUserInfo', { nickname: `主播${host.user.id}` }, host.token);
    const { list: cats } = await call(server.url, 'roomCategories');
    const room = await call(server.url, 'roomOpen', { title: '周末唱歌', category_id: cats[0]!.id, kind: 'live' }, host.token);
    const { list: pkgs } = await call(server.url, 'rechargeCategory', undefined, viewer.token);
    await topUp(viewer, pkgs[1]!.id);
    const gifts = (await call(server.url, 'commonConfig')).gift;
    const rose = gifts.find((g) => g.price === 10 * 10000) ?? gifts[1]!;
    const crown = [...gifts].sort((x, y) => y.price - x.price)[0]!;
    const coinBefore = await coinsOf(viewer);
    const pendingBefore = (await call(server.url, 'financeWallet', undefined, host.token)).gift_pending;

    const a = await pageAs(host);
    await open(a.page, server.url, `/pages/room/index?id=${room.id}`);
    await a.page.getByTestId('live-stage').waitFor();
    const v = await pageAs(viewer);
    await open(v.page, server.url, `/pages/room/index?id=${room.id}`);
    await v.page.getByTestId('live-stage').waitFor();

    await v.page.getByTestId('gift-button').click();
    const panel = v.page.getByTestId('gift-panel');
    await panel.locator(`[data-testid="gift-${rose.gift_id}"] img`).waitFor();
    await settled(panel);
    await shot(v.page, 'wallet-gift-panel');
    await panel.getByTestId(`gift-${rose.gift_id}`).click();
    await panel.getByTestId('gift-count').click();
    await panel.getByRole('option').filter({ hasText: '十全十美' }).click();
    await panel.getByTestId('gift-send').click();
    await panel.getByTestId('gift-combo').click();
    await panel.getByTestId('gift-combo').click();
    // A small gift is a banner (with its combo), never the full-screen animation. The viewer's own
    // screen shows it at once; the anchor's gets it through the room channel.
    await giftFxSeen(v.page, `banner:${`观众${viewer.user.id}`}`);
    await shot(v.page, 'wallet-gift-combo');
    await giftFxSeen(a.page, 'banner:').catch(() => {
      throw new Error("the anchor's page never got the gift: a committed gift/send must reach the room channel as `gift` {record}");
    });
    await shot(a.page, 'wallet-gift-anchor');
    await a.page.getByTestId('chat-line').filter({ hasText: rose.name }).first().waitFor();

    // Money: three sends of ten roses each left the viewer and reached the anchor's pending earnings.
    await eventually(async () => (await coinsOf(viewer)) === coinBefore - rose.price * 30, { what: 'the three sends to leave the wallet', interval: 100 });
    const hostWallet = await call(server.url, 'financeWallet', undefined, host.token);
    assert.ok(hostWallet.gift_pending > pendingBefore, 'the anchor earned from the gifts');
    const sent = await call(server.url, 'recordGift', { direction: 'sent', page: 1, size: 3 }, viewer.token);
    assert.deepEqual(
      sent.list.map((g) => [g.room_id, g.receiver.id, g.count]),
      Array(3).fill([room.id, host.user.id, 10]),
    );
    assert.deepEqual(sent.list.map((g) => g.combo).sort(), [1, 2, 3]);
    const charm = await call(server.url, 'rankFetch', { type: 'charm', period: 'day', size: 50 });
    assert.ok(
      charm.list.some((e) => e.user.id === host.user.id),
      'the anchor is on the charm list',
    );
    const wealth = await call(server.url, 'rankFetch', { type: 'wealth', period: 'day', size: 50 });
    assert.ok(
      wealth.list.some((e) => e.user.id === viewer.user.id),
      'the viewer is on the wealth list',
    );

    // Not enough coins for 1314 crowns: the panel offers recharge and takes the viewer there.
    await panel.getByTestId('gift-combo').waitFor({ state: 'detached' }); // the combo window closes
    await panel.getByTestId(`gift-${crown.gift_id}`).click();
    await panel.getByTestId('gift-count').click();
    await panel.getByRole('option').filter({ hasText: '一生一世' }).click();
    await panel.getByTestId('gift-send').click();
    await v.page.getByRole('dialog').getByText('金币余额不足').waitFor();
    await settled(v.page.getByRole('dialog'));
    await shot(v.page, 'wallet-gift-no-balance');
    await v.page.getByRole('dialog').getByRole('button', { name: '去充值' }).click();
    await waitForRoute(v.page, '/pages/user/recharge');
    assert.equal(await coinsOf(viewer), coinBefore - rose.price * 30, 'the refused send moved nothing');

    await v.ctx.close();
    await call(server.url, 'roomClose', { room_id: room.id }, host.token);
    await a.ctx.close();
  });
});
