import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { call, registerMember } from '../lib/api.js';
import { launch, phone, shot, shotSettled } from '../lib/browser.js';
import { operatorOf, pageAs } from '../lib/member.js';
import { open, routeOf, storedToken, waitForRoute, watchCsp } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';

let server: RunningServer;
let browser: Browser;
let operatorToken: string;

/** The seed §2 whitelist: these open without login. */
const WHITELISTED = [
  '/pages/update/index',
  '/pages/index/index',
  '/pages/login/index',
  '/pages/login/forget',
  '/pages/login/register',
  '/pages/room/index',
  '/pages/room/newroom',
  '/pages/rank/index',
  '/pages/live/index',
  '/pages/index/video',
  '/pages/index/uploadVd',
  '/pages/forum/index',
  '/pages/forum/details',
  '/pages/index/notice',
  '/pages/game/index',
];

/** Every other §2 page needs a session. */
const PROTECTED = [
  '/pages/chats/index',
  '/pages/user/index',
  '/pages/user/info',
  '/pages/user/modify',
  '/pages/user/attention',
  '/pages/user/fans',
  '/pages/user/walletRecord',
  '/pages/user/rechargeRecord',
  '/pages/user/create',
  '/pages/user/join',
  '/pages/user/recharge',
  '/pages/user/exchangeRecord',
  '/pages/user/shouyi',
  '/pages/forum/publish',
  '/pages/forum/tagDetails',
  '/pages/forum/tagList',
  '/pages/forum/activeList',
  '/pages/forum/activeDetails',
  '/pages/forum/search',
  '/pages/forum/myBbs',
  '/pages/game/game',
  '/pages/chats/chat',
  '/pages/chats/video/video',
  '/pages/chats/findFriend',
  '/pages/chats/setting',
];

/** The app's own pages beyond §2 (the replay player, which needs a replay, is opened in liveHls.test.ts). */
const MEMBER_EXTRA = ['/pages/user/withdraw', '/pages/user/vip', '/pages/user/replays', '/pages/system/chooseLocation', '/pages/system/openLocation'];

before(async () => {
  [server, browser] = await Promise.all([startServer(), launch()]);
  operatorToken = (await operatorOf(server)).token;
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Waits until the screen's chunk has loaded and rendered, and what it asked for has arrived. */
async function screenShown(page: Page): Promise<void> {
  await page
    .waitForFunction(() => (document.querySelector('#root') as HTMLElement | null)?.innerText.trim().length, null, { timeout: 10_000 })
    .catch(async (e: Error) => {
      throw new Error(`${await routeOf(page)} showed nothing: ${e.message}`);
    });
  await page.waitForLoadState('networkidle');
}

/** Logs a fresh member in through the login form and returns it. */
async function loginAsNewMember(page: Page) {
  const member = await registerMember(server.url);
  await open(page, server.url, '/pages/login/index');
  await page.locator('input[name=account]').fill(member.mobile);
  await page.locator('input[name=password]').fill(member.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.getByTestId('tabbar').waitFor();
  return member;
}

describe('the login guard', () => {
  it('sends every protected page to login and opens every whitelisted page, none of them refused anything by the CSP', async () => {
    const ctx = await phone(browser);
    const page = await ctx.newPage();
    const refused = await watchCsp(page);
    for (const path of PROTECTED) {
      await open(page, server.url, path);
      await waitForRoute(page, '/pages/login/index');
    }
    for (const path of WHITELISTED) {
      await open(page, server.url, path);
      // A redirect would have happened by the time the screen shows.
      await screenShown(page);
      assert.equal(await routeOf(page), path, `${path} should open without login`);
    }
    assert.deepEqual(refused, [], 'no screen raised a Content-Security-Policy violation');
    await ctx.close();
  });

  it('opens every page for a member, none of them refused anything by the CSP', async () => {
    const { ctx, page } = await pageAs(browser, await registerMember(server.url));
    const refused = await watchCsp(page);
    for (const path of [...PROTECTED, ...MEMBER_EXTRA]) {
      await open(page, server.url, path);
      await screenShown(page);
      assert.notEqual(await routeOf(page), '/pages/login/index', `${path} opens for a member`);
    }
    await shotSettled(page, 'shell-member-open-location');
    assert.deepEqual(refused, [], 'no screen raised a Content-Security-Policy violation');
    await ctx.close();
  });
});

describe('browsing as a guest', () => {
  it('opens the start tab with a guest session, keeps protected pages behind login, then logs in as a member', async () => {
    const ctx = await phone(browser);
    const page = await ctx.newPage();
    await open(page, server.url, '/pages/login/index');
    const browse = page.getByRole('button', { name: '先随便看看' });
    await browse.waitFor();
    await shot(page, 'login-browse-first');
    await browse.click();
    await waitForRoute(page, '/pages/index/index');
    const guestToken = await storedToken(page);
    assert.notEqual(guestToken, '', 'the guest session is stored');
    // The guest session is not a member: the user centre asks for a login, and the login form works.
    await page.getByTestId('tab-user').click();
    await waitForRoute(page, '/pages/login/index');
    const member = await registerMember(server.url);
    await page.locator('input[name=account]').fill(member.mobile);
    await page.locator('input[name=password]').fill(member.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await waitForRoute(page, '/pages/user/index');
    await page.getByText(`ID: ${member.user.id}`, { exact: false }).first().waitFor();
    assert.notEqual(await storedToken(page), guestToken, 'the member session replaced the guest one');
    await ctx.close();
  });
});

describe('the tab bar', () => {
  it('hides home and games when their config flags are off', async () => {
    const ctx = await phone(browser);
    const page = await ctx.newPage();
    await loginAsNewMember(page);
    const tabs = page.getByTestId('tabbar').locator('[data-testid^=tab-]');
    assert.deepEqual(await tabs.allInnerTexts(), ['首页', '直播', '游戏', '社区', '消息', '我的']);

    await call(server.url, 'adminSetFlags', { video_is_open: false, game_is_open: false }, operatorToken);
    try {
      await open(page, server.url, '/');
      await page.getByTestId('tabbar').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid^=tab-]').length === 4);
      assert.deepEqual(await tabs.allInnerTexts(), ['直播', '社区', '消息', '我的']);
      await shotSettled(page, 'tabs-video-game-off');
    } finally {
      await call(server.url, 'adminSetFlags', { video_is_open: true, game_is_open: true }, operatorToken);
    }
    await ctx.close();
  });

  it('raises the messages badge when a system notice arrives, without a reload', async () => {
    const ctx = await phone(browser);
    const page = await ctx.newPage();
    const member = await loginAsNewMember(page);
    await open(page, server.url, '/pages/live/index');
    const badge = page
      .locator('.adm-tab-bar-item')
      .filter({ has: page.getByTestId('tab-chats') })
      .locator('.adm-badge');
    const before = (await badge.count()) > 0 ? Number(await badge.innerText()) : 0;
    const navigations: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()));

    await call(server.url, 'adminSendNotice', { user_id: member.user.id, title: '系统维护通知', content: '今晚 2 点维护 30 分钟' }, operatorToken);
    await badge.filter({ hasText: String(before + 1) }).waitFor();
    assert.deepEqual(navigations, [], 'the badge rose without a reload');
    await shot(page, 'tabs-unread-badge');
    await ctx.close();
  });
});

describe('the theme over antd-mobile', () => {
  it("keeps its rules on antd-mobile's own elements once their stylesheets load after it: the nav bar's hairline, an empty list's button gap", async () => {
    const ctx = await phone(browser);
    const page = await ctx.newPage();
    await loginAsNewMember(page);
    // A fresh member has no chats: the empty state offers 找朋友 under its text.
    await open(page, server.url, '/pages/chats/index');
    const action = page.locator('.empty-state__action');
    await action.waitFor();
    const gap = await action.evaluate((b) => b.getBoundingClientRect().top - b.previousElementSibling!.getBoundingClientRect().bottom);
    assert.ok(gap >= 12, `the button sits ${gap}px under the text`);
    const hairline = await page.locator('.page-nav').evaluate((n) => getComputedStyle(n).borderBottomWidth);
    assert.equal(hairline, '1px');
    await ctx.close();
  });
});
