import type { BrowserContext, Page } from 'playwright-core';
import { call } from './api.js';
import { shot } from './browser.js';
import type { Member } from './member.js';
import { open } from './page.js';

/**
 * Opens the recharge page as `m`, waits until the first pay method is chosen, and picks the second
 * package (the first when there is one): answers the methods offered, in the page's order, and the package.
 */
export async function openRecharge(page: Page, base: string, m: Member) {
  await open(page, base, '/pages/user/recharge');
  await page.locator('[data-testid^="pay-"][role="radio"][aria-checked="true"]').first().waitFor();
  const methods = await page.locator('[data-testid^="pay-"][role="radio"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  const chosen = await page.locator('[data-testid^="pay-"][role="radio"][aria-checked="true"]').getAttribute('data-testid');
  const { list } = await call(base, 'rechargeCategory', undefined, m.token);
  const pkg = list[1] ?? list[0]!;
  await page.getByTestId(`pkg-${pkg.id}`).click();
  return { methods, chosen, pkg };
}

/**
 * Pays in the provider's checkout popup: taps 立即充值, checks the checkout's URL, shoots it at
 * 375×812, taps its pay button, waits until the popup is back at the app's recharge page, which
 * closes it by itself, and the recharge page says the order is paid.
 */
export async function payInPopup(ctx: BrowserContext, page: Page, base: string, o: { payButton: string; shotName: string; check: (url: string) => void }) {
  const popup = ctx.waitForEvent('page');
  await page.getByRole('button', { name: '立即充值' }).click();
  const checkout = await popup;
  await checkout.getByRole('button', { name: o.payButton }).waitFor();
  o.check(checkout.url());
  await checkout.setViewportSize({ width: 375, height: 812 });
  await shot(checkout, o.shotName);
  await checkout.getByRole('button', { name: o.payButton }).click();
  const closed = checkout.waitForEvent('close', { timeout: 15_000 });
  await checkout.waitForURL((u) => u.href.startsWith(`${base}/#/pages/user/recharge?checkout=return`), { timeout: 15_000, waitUntil: 'commit' });
  await closed;
  await page.locator('[data-testid="pay-wait"][data-status="paid"]').waitFor({ timeout: 15_000 });
}

/** Closes the paid sheet (完成) and waits until the balance shows `coins` (money units). */
export async function balanceShows(page: Page, coins: number) {
  await page.getByRole('button', { name: '完成' }).click();
  await page
    .getByTestId('recharge-balance')
    .getByText((coins / 10000).toFixed(2))
    .waitFor();
}
