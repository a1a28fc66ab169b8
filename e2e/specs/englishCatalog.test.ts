import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { call, registerMember } from '../lib/api.js';
import { launch, shot } from '../lib/browser.js';
import { pageAs, type Member } from '../lib/member.js';
import { open, waitForRoute } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';
import { demoMember, walk } from './i18nFixtures.js';

/*
 * Server-owned names in two languages: an operator changes a gift's English name in the console and
 * English readers see it in the gift panel; and the walk of english.test.ts in Chinese, its screens
 * saved at 375×812.
 */

let server: RunningServer;
let browser: Browser;
let demo: Member;

before(async () => {
  server = await startServer({ DEMO_PUBLISHER: 'on', DEMO_GIFTS: 'on' });
  browser = await launch();
  demo = (await demoMember(server)).demo;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('names the operator gives, and the app in Chinese', () => {
  it('an operator changes a gift’s English in the console, and English readers see it', async () => {
    const op = await registerMember(server.url);
    await server.admin('operator', 'add', op.mobile);
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    await ctx.addInitScript(
      (st) => localStorage.getItem('liveapp.session') || localStorage.setItem('liveapp.session', st),
      JSON.stringify({ state: { token: op.token, userInfo: op.user }, version: 1 }),
    );
    const page = await ctx.newPage();
    try {
      await open(page, server.url, '/admin/catalog');
      const row = page.getByTestId('names').locator('tr', { hasText: '玫瑰' });
      await row.getByText('Rose').waitFor();
      await page.getByTestId('names').scrollIntoViewIfNeeded();
      await shot(page, 'i18n-console-names');
      await row.getByRole('button').click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('[name=en]').fill('Red rose');
      await dialog.getByRole('button', { name: '保存' }).click();
      await row.getByText('Red rose').waitFor();
    } finally {
      await ctx.close();
    }
    const { ctx: reader, page: phone } = await pageAs(browser, demo, [], 'en-US');
    try {
      const room = (await call(server.url, 'anchorList', { page: 1, size: 1 })).list[0]!;
      await open(phone, server.url, `/pages/room/index?id=${room.id}`);
      await phone.locator('[data-testid=gift-button]').click({ timeout: 20_000 });
      await phone.locator('.gift-cell__name', { hasText: 'Red rose' }).waitFor();
    } finally {
      await reader.close();
    }
  });

  it('the same walk in Chinese', async () => {
    await walk({ browser, server, demo }, 'zh-CN', 'i18n-zh', async (page) => {
      await waitForRoute(page, await page.evaluate(() => location.hash.replace(/^#/, '').split('?')[0] ?? ''));
    });
  });
});
