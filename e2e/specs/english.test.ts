import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { call, registerMember } from '../lib/api.js';
import { launch, shot } from '../lib/browser.js';
import type { Member } from '../lib/member.js';
import { expectToast, open } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';
import { demoMember, walk } from './i18nFixtures.js';

/*
 * Issue 21 in the browser: a browser whose language is English starts the app in English, and the
 * demo account's user centre, the live list, a room's gift panel, the wallet records, the recharge
 * page and the messages show no Han character but in users' own words (nicknames, room titles,
 * signatures); the server's refusals are read in English too; every screen at 375×812. The
 * operator's English names and the same walk in Chinese: englishCatalog.test.ts.
 */

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
  const started = await demoMember(server);
  demo = started.demo;
  userWords.push(demo.user.nickname, demo.user.signature);
  // The demo gifts of a fresh start: rankings and the demo wallet fill at once.
  for (const r of started.rooms) userWords.push(r.title, r.anchor.nickname);
  for (const type of ['wealth', 'charm'] as const) {
    const rank = await call(server.url, 'rankFetch', { type, period: 'all', size: 100 });
    for (const e of rank.list) userWords.push(e.user.nickname);
  }
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('English from the first start', () => {
  it('follows an English browser and shows no Chinese but users’ own words', async () => {
    await walk({ browser, server, demo }, 'en-US', 'i18n-en', async (page, screen) => {
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en', `${screen}: the app language`);
      await assertEnglish(page, screen);
    });
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
});
