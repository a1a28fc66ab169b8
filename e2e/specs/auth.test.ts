import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { freshMobile } from '@app/testkit';
import { call, registerMember } from '../lib/api.js';
import { launch, phone, shot, shotSettled } from '../lib/browser.js';
import { expectToast, open, routeOf, storedToken, trackUniqueCode, waitForRoute } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';

let server: RunningServer;
let browser: Browser;

before(async () => {
  [server, browser] = await Promise.all([startServer(), launch()]);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('sign-up and login', () => {
  it('a new user registers with the image captcha and an SMS code, then sees the tab bar', async () => {
    const ctx = await phone(browser);
    const page = await ctx.newPage();
    const uniqueCode = trackUniqueCode(page);
    const mobile = freshMobile();

    await open(page, server.url, '/pages/login/register');
    await page.getByTestId('captcha-image').locator('img').waitFor();
    await shot(page, 'register');
    await page.locator('input[name=mobile]').fill(mobile);
    const { answer } = await call(server.url, 'devCaptchaAnswer', { unique_code: uniqueCode() });
    await page.locator('input[name=captcha]').fill(answer);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/\d+s后重新获取/).waitFor();
    const { code } = await call(server.url, 'devLastSms', { mobile });
    await page.locator('input[name=code]').fill(code);
    await page.locator('input[name=password]').fill('abc12345');
    await page.locator('input[name=confirm]').fill('abc12345');
    await page.getByTestId('agreement').click();
    await page.getByRole('button', { name: '注册', exact: true }).click();

    await page.getByTestId('tabbar').waitFor();
    const labels = await page.getByTestId('tabbar').locator('[data-testid^=tab-]').allInnerTexts();
    assert.deepEqual(labels, ['首页', '直播', '游戏', '社区', '消息', '我的']);
    const token = await storedToken(page);
    const me = await call(server.url, 'userInfo', undefined, token);
    assert.equal(me.account.length > 0, true);
    assert.equal(me.is_guest, false);
    await ctx.close();
  });

  it('logs in with the password, keeps the session over a reload, and a revoked token relaunches at login', async () => {
    const member = await registerMember(server.url);
    const ctx = await phone(browser);
    const page = await ctx.newPage();
    await open(page, server.url, '/pages/user/index');
    await waitForRoute(page, '/pages/login/index');
    await shot(page, 'login');
    await page.locator('input[name=account]').fill(member.mobile);
    await page.locator('input[name=password]').fill(member.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    // Back to the page the guard stopped, now logged in.
    await waitForRoute(page, '/pages/user/index');
    await page.getByText(`ID: ${member.user.id}`).waitFor();
    await shotSettled(page, 'user-centre');

    await page.reload();
    await page.getByText(`ID: ${member.user.id}`).waitFor();
    assert.equal(await routeOf(page), '/pages/user/index');

    // Revoke the token from elsewhere (as a logout on another device would), then use the app.
    const token = await storedToken(page);
    await call(server.url, 'logout', {}, token);
    await open(page, server.url, '/pages/user/info');
    await waitForRoute(page, '/pages/login/index');
    assert.equal(await storedToken(page), '');
    await ctx.close();
  });

  it('refuses a wrong password with the server message', async () => {
    const member = await registerMember(server.url);
    const ctx = await phone(browser);
    const page = await ctx.newPage();
    await open(page, server.url, '/pages/login/index');
    await page.locator('input[name=account]').fill(member.mobile);
    await page.locator('input[name=password]').fill('wrong999');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    // The toast reads code[message] (seed §8); the server adds how many tries are left.
    await expectToast(page, /^10201\[账号或密码错误/);
    await shot(page, 'login-wrong-password');
    assert.equal(await routeOf(page), '/pages/login/index');
    await ctx.close();
  });
});
