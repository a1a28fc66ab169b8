import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { ApiFailure, call, registerMember } from '../lib/api.js';
import { shot, shotSettled } from '../lib/browser.js';
import { approvedAnchor, topUp } from '../lib/member.js';
import { open } from '../lib/page.js';
import { consoleKit, startConsoleEnv, type Member } from '../lib/console.js';
import type { RunningServer } from '../lib/server.js';

/*
 * The operator console's money and catalog in the browser (desktop, 1280×800): an operator rejects
 * a withdrawal and the user's balance is restored, reads the user's ledger and bans them from
 * posting; refunds a recharge through the ledger and the reconciliation finds nothing amiss; uploads
 * a gift's icon, which a viewer's gift panel then shows. The rest of the console: admin.test.ts.
 */

let server: RunningServer;
let browser: Browser;
let op: Member;

const { refused, contextAs, consoleAt, confirmDialog, pendingWithdrawal } = consoleKit(() => ({ server, browser, op }));

before(async () => {
  ({ server, browser, op } = await startConsoleEnv());
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the console's money and catalog", () => {
  it('rejects a withdrawal with a reason, and the user’s balance is restored', async () => {
    const earner = await registerMember(server.url);
    await call(server.url, 'updateUserInfo', { nickname: `提现用户${earner.user.id}` }, earner.token);
    const w = await pendingWithdrawal(earner, '王五');
    const frozen = await call(server.url, 'financeWallet', undefined, earner.token);
    assert.deepEqual([frozen.gift_earnings, frozen.frozen], [50 * 10000, 150 * 10000]);

    const { ctx, page } = await contextAs(op, true);
    await consoleAt(page, 'withdrawals');
    const row = page.getByTestId('withdrawals-row').filter({ hasText: w.order_no });
    await row.waitFor();
    await shotSettled(page, 'admin-withdrawals');
    await row.getByRole('button', { name: '驳回' }).click();
    await confirmDialog(page, { reason: '收款账号与实名不一致' }, '驳回', 'admin-withdraw-reject');
    await row.waitFor({ state: 'detached' });
    const restored = await call(server.url, 'financeWallet', undefined, earner.token);
    assert.deepEqual([restored.gift_earnings, restored.frozen], [200 * 10000, 0]);
    const mine = await call(server.url, 'withdrawFetch', { page: 1, size: 5 }, earner.token);
    assert.equal(mine.list[0]!.status, 'rejected');
    assert.equal(mine.list[0]!.reason, '收款账号与实名不一致');

    // The user's ledger in the console shows the freeze and its refund.
    await consoleAt(page, 'users');
    await page.getByTestId('user-search').locator('input').fill(String(earner.user.id));
    await page.getByRole('button', { name: '搜索' }).click();
    const userRow = page.getByTestId('users-row').filter({ hasText: `提现用户${earner.user.id}` });
    await userRow.getByRole('button', { name: '账户流水' }).click();
    await page.getByTestId('ledger-earnings').getByText('200.00').waitFor();
    await page.getByTestId('ledger-panel').getByText('提现退回').first().waitFor();
    await shotSettled(page, 'admin-users-ledger');

    // Banned from posting for a day, from the same row: the ban shows on it and really bites.
    await userRow.getByRole('button', { name: '封禁' }).click();
    await page.getByRole('dialog').locator('[name=scope]').selectOption('post');
    await confirmDialog(page, { reason: '发布引流广告' }, '封禁', 'admin-users-ban');
    await userRow.getByText(/禁止发帖/).waitFor();
    const cate = (await call(server.url, 'forumCate')).list[0]!.id;
    await assert.rejects(
      call(server.url, 'forumCreate', { content: '还想发帖', cate_id: cate }, earner.token),
      (e: unknown) => e instanceof ApiFailure && e.code === 11101,
    );
    await ctx.close();
  });

  it('refunds a recharge from the orders: the coins go back through the ledger, and the reconciliation finds nothing amiss', async () => {
    const { ctx, page } = await contextAs(op, true);
    const payer = await registerMember(server.url);
    await topUp(server.url, payer);
    const [paid] = (await call(server.url, 'rechargeFetch', { page: 1, size: 1 }, payer.token)).list;
    await consoleAt(page, 'recharges');
    await shotSettled(page, 'admin-recharges');
    const row = page.getByTestId('recharges-row').filter({ hasText: paid!.order_no });
    await row.getByRole('button', { name: '退款' }).click();
    await confirmDialog(page, { reason: '用户申请退款' }, '退款', 'admin-recharge-refund');
    await row.getByText('已退款').waitFor();
    assert.equal((await call(server.url, 'financeWallet', undefined, payer.token)).coin, 0);
    await consoleAt(page, 'reconcile');
    await page.getByText('没有发现不一致').waitFor();
    await shotSettled(page, 'admin-reconcile');
    await ctx.close();
  });

  it("uploads a gift's icon from the operator's computer: the table and a viewer's gift panel show it", async () => {
    const { ctx, page } = await contextAs(op, true);
    await consoleAt(page, 'config');
    await shotSettled(page, 'admin-config');
    await consoleAt(page, 'catalog');
    await page.getByTestId('gifts-row').first().waitFor();
    await shotSettled(page, 'admin-catalog');
    // A gift's icon uploaded from the operator's computer: the field fills in the (guarded) upload,
    // the preview and the table decode it, and the app's config serves it.
    const rose = page.getByTestId('gifts-row').filter({ hasText: '玫瑰' });
    await rose.getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog');
    const png = await sharp({ create: { width: 96, height: 96, channels: 4, background: { r: 255, g: 64, b: 128, alpha: 1 } } })
      .png()
      .toBuffer();
    await dialog.getByTestId('upload-icon').setInputFiles({ name: 'rose.png', mimeType: 'image/png', buffer: png });
    await page.waitForFunction(() => /^\/uploads\/image\//.test((document.querySelector('input[name=icon]') as HTMLInputElement | null)?.value ?? ''));
    const decoded = (sel: string) =>
      page.waitForFunction((s) => [...document.querySelectorAll<HTMLImageElement>(s)].some((i) => i.src.startsWith('blob:') && i.naturalWidth === 96), sel);
    await decoded('.adm-image-field img.adm-thumb');
    await shotSettled(page, 'admin-gift-icon-upload');
    const icon = await dialog.locator('input[name=icon]').inputValue();
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await decoded('[data-testid=gifts-row] img.adm-thumb');
    const gifts = (await call(server.url, 'commonConfig')).gift;
    const uploaded = gifts.find((g) => g.name === '玫瑰')!;
    assert.equal(uploaded.icon, icon);
    // A viewer's gift panel shows the new icon, decoded.
    const host = await approvedAnchor(server, op);
    const { list: cats } = await call(server.url, 'roomCategories');
    const room = await call(server.url, 'roomOpen', { title: '新图标', category_id: cats[0]!.id, kind: 'live' }, host.token);
    const viewer = await contextAs(await registerMember(server.url), false);
    await open(viewer.page, server.url, `/pages/room/index?id=${room.id}`);
    await viewer.page.getByTestId('gift-button').click();
    await viewer.page.waitForFunction((id) => {
      const img = document.querySelector<HTMLImageElement>(`[data-testid=gift-panel] [data-testid="gift-${id}"] img`);
      return !!img && img.src.startsWith('blob:') && img.naturalWidth === 96;
    }, uploaded.gift_id);
    await shot(viewer.page, 'room-gift-panel-uploaded-icon');
    await viewer.ctx.close();
    await page.getByTestId('withdraw-min').scrollIntoViewIfNeeded();
    await shotSettled(page, 'admin-withdraw-rules');
    await consoleAt(page, 'community');
    await page.getByTestId('banners-row').first().waitFor();
    await shotSettled(page, 'admin-community');
    await ctx.close();
    assert.deepEqual(refused.flat(), [], 'no console page of this file raised a Content-Security-Policy violation');
  });
});
