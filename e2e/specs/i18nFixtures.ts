import type { Browser, Page } from 'playwright-core';
import { eventually } from '@app/testkit';
import { call } from '../lib/api.js';
import { masksGone, settled, shot } from '../lib/browser.js';
import { pageAs, type Member } from '../lib/member.js';
import { open } from '../lib/page.js';
import type { RunningServer } from '../lib/server.js';

/** What the language suites share: the demo account's session on a fresh start, and the walk over its screens. */

export const DEMO = { mobile: '13800000001', password: 'demo1234' };

/** The demo account logged in, once the demo rooms are live (DEMO_PUBLISHER) and their demo gifts sent. */
export async function demoMember(server: RunningServer): Promise<{ demo: Member; rooms: Awaited<ReturnType<typeof liveRooms>> }> {
  const session = await call(server.url, 'login', { account: DEMO.mobile, password: DEMO.password, remember: false });
  return { demo: { mobile: DEMO.mobile, password: DEMO.password, ...session }, rooms: await liveRooms(server) };
}

async function liveRooms(server: RunningServer) {
  return eventually(
    async () => {
      const r = await call(server.url, 'anchorList', { page: 1, size: 20 });
      return r.list.length > 0 && r.list;
    },
    { what: 'the demo rooms live', timeout: 60_000, interval: 500 },
  );
}

/** The walk of the issue, in one language; `check` runs on every screen once it has settled. */
export async function walk(
  env: { browser: Browser; server: RunningServer; demo: Member },
  locale: string,
  prefix: string,
  check: (page: Page, screen: string) => Promise<void>,
): Promise<void> {
  const { browser, server, demo } = env;
  const { ctx, page } = await pageAs(browser, demo, [], locale);
  try {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await open(page, server.url, '/pages/user/index');
    await page
      .locator('[data-testid=user-head]')
      .waitFor({ timeout: 30_000 })
      .catch(async (e: unknown) => {
        await shot(page, `${prefix}-user-failed`);
        throw new Error(`${String(e)} ${errors.join(' | ')}`);
      });
    await page.locator('.user-head__nick').getByText(demo.user.nickname).waitFor();
    await shot(page, `${prefix}-user`);
    await check(page, 'user centre');

    await open(page, server.url, '/pages/live/index');
    await page.locator('.room-card, [data-testid=room-card]').first().waitFor({ timeout: 20_000 });
    await shot(page, `${prefix}-live`);
    await check(page, 'live list');

    const room = (await call(server.url, 'anchorList', { page: 1, size: 1 })).list[0]!;
    await open(page, server.url, `/pages/room/index?id=${room.id}`);
    await page.locator('[data-testid=gift-button]').click({ timeout: 20_000 });
    await page.locator('[data-testid=gift-panel]').waitFor();
    await settled(page.locator('.gift-panel'));
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.gift-cell__icon')].every((i) => i.getAttribute('src') && i.complete && i.naturalWidth > 0),
    );
    await shot(page, `${prefix}-gifts`);
    await check(page, 'gift panel');

    await open(page, server.url, '/pages/user/walletRecord');
    await page.locator('[data-testid=change-row][data-type=gift]').first().waitFor({ timeout: 20_000 });
    await shot(page, `${prefix}-wallet-records`);
    await check(page, 'wallet records');

    await open(page, server.url, '/pages/user/recharge');
    await page.locator('.pkg__tag').first().waitFor();
    await shot(page, `${prefix}-recharge`);
    await check(page, 'recharge');

    await open(page, server.url, '/pages/chats/index');
    await page.locator('[data-testid=system-entry]').click();
    await page.locator('.chat-row__title').first().waitFor();
    await masksGone(page).catch(() => undefined);
    await shot(page, `${prefix}-notices`);
    await check(page, 'messages');
  } finally {
    await ctx.close();
  }
}
