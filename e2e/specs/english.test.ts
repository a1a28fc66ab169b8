import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@app/testkit';
import { call, registerMember } from '../lib/api.js';
import { launch, masksGone, settled, shot } from '../lib/browser.js';
import { pageAs, type Member } from '../lib/member.js';
import { expectToast, open, waitForRoute } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * Issue 21 in the browser: a browser whose language is English starts the app in English, and the
 * demo account's user centre, the live list, a room's gift panel, the wallet records, the recharge
 * page and the messages show no Han character but in users' own words (nicknames, room titles,
 * signatures); the server's refusals are read in English too. The same walk in Chinese is saved
 * too; every screen at 375×812.
 */

const DEMO = { mobile: '13800000001', password: 'demo1234' };
let server: RunningServer;
let browser: Browser;
let demo: Member;
/** Users' own words on these screens: nicknames, signatures, room titles (shown as written). */
const userWords: string[] = [];

const HAN = /\p{Script=Han}/u;

/** Visible texts (and placeholders, labels, titles) with a Han character that are not users' own words. */
async function foreignTexts(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const han = /\p{Script=Han}/u;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const s = n.textContent?.trim() ?? '';
      const el = n.parentElement;
      if (!s || !el || !han.test(s) || el.closest('script,style')) continue;
      if (el.getClientRects().length === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      out.push(s);
    }
    for (const el of document.querySelectorAll('[placeholder],[aria-label],[title],img[alt]')) {
      for (const a of ['placeholder', 'aria-label', 'title', 'alt']) {
        const v = el.getAttribute(a);
        if (v && han.test(v)) out.push(v);
      }
    }
    return out;
  });
  const sorted = [...userWords].sort((a, b) => b.length - a.length);
  return texts.filter((s) => HAN.test(sorted.reduce((rest, w) => rest.split(w).join(''), s)));
}

async function assertEnglish(page: Page, screen: string): Promise<void> {
  const left = await foreignTexts(page);
  assert.deepEqual(left, [], `${screen}: Han characters outside users' words`);
}

before(async () => {
  server = await startServer({ DEMO_PUBLISHER: 'on', DEMO_GIFTS: 'on' });
  browser = await launch();
  const session = await call(server.url, 'login', { account: DEMO.mobile, password: DEMO.password, remember: false });
  demo = { mobile: DEMO.mobile, password: DEMO.password, ...session };
  userWords.push(session.user.nickname, session.user.signature);
  // The demo gifts of a fresh start: rankings and the demo wallet fill at once.
  const rooms = await eventually(
    async () => {
      const r = await call(server.url, 'anchorList', { page: 1, size: 20 });
      return r.list.length > 0 && r.list;
    },
    { what: 'the demo rooms live', timeout: 60_000, interval: 500 },
  );
  for (const r of rooms) userWords.push(r.title, r.anchor.nickname);
  for (const type of ['wealth', 'charm'] as const) {
    const rank = await call(server.url, 'rankFetch', { type, period: 'all', size: 100 });
    for (const e of rank.list) userWords.push(e.user.nickname);
  }
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The walk of the issue, in one language; `check` runs on every screen once it has settled. */
async function walk(locale: string, prefix: string, check: (page: Page, screen: string) => Promise<void>): Promise<void> {
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

describe('English from the first start', () => {
  it('follows an English browser and shows no Chinese but users’ own words', async () => {
    await walk('en-US', 'i18n-en', async (page, screen) => {
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en', `${screen}: the app language`);
      await assertEnglish(page, screen);
    });
  });

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

  it('the server’s refusals read in English too', async () => {
    const member = await registerMember(server.url);
    const ctx = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'en-US' });
    const page = await ctx.newPage();
    try {
      await open(page, server.url, '/pages/login/index');
      await page.locator('input[name=account]').fill(member.mobile);
      await page.locator('input[name=password]').fill('wrong999');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      // The seed's code[message] toast, its message from the server (with the tries left) in English.
      await expectToast(page, /^10201\[Wrong account or password, \d tries left\]$/);
      await shot(page, 'i18n-en-server-error');
    } finally {
      await ctx.close();
    }
  });

  it('the same walk in Chinese', async () => {
    await walk('zh-CN', 'i18n-zh', async (page) => {
      await waitForRoute(page, await page.evaluate(() => location.hash.replace(/^#/, '').split('?')[0] ?? ''));
    });
  });
});
