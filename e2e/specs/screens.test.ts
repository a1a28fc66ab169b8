import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { type ApiFailure, call, registerMember } from '../lib/api.js';
import { launch, phone, shot, shotSettled } from '../lib/browser.js';
import { approvedAnchor, operatorOf, pageAs } from '../lib/member.js';
import { imagesShown, open, trackUniqueCode, waitForRoute } from '../lib/page.js';
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

async function login(page: Page, mobile: string, password: string) {
  await open(page, server.url, '/pages/login/index');
  await page.locator('input[name=account]').fill(mobile);
  await page.locator('input[name=password]').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.getByTestId('tabbar').waitFor();
}

describe('screens of the foundation', () => {
  it('launch shows the splash, then continues to the home tab, whose 正在直播 strip opens a room', async () => {
    const anchor = await approvedAnchor(server, await operatorOf(server));
    const { list: cats } = await call(server.url, 'roomCategories');
    const room = await call(server.url, 'roomOpen', { title: '午后闲聊', category_id: cats[0]!.id, kind: 'live' }, anchor.token);
    const ctx = await phone(browser);
    const page = await ctx.newPage();
    await open(page, server.url, '/');
    await page.getByTestId('launch').getByText('星光直播').waitFor();
    await shot(page, 'launch');
    await waitForRoute(page, '/pages/index/index');
    await page.getByTestId('tabbar').waitFor();
    await page.getByText('首页').first().waitFor();
    // The 正在直播 strip shows the open room as a card of its full size (a card's button once
    // shrank to nothing, leaving the heading over an empty strip), and the card opens the room.
    const card = page.getByTestId('home-live').locator(`[data-testid=room-card][data-room-id="${room.id}"]`);
    await card.waitFor();
    const box = (await card.boundingBox())!;
    assert.ok(box.width >= 120 && box.height >= 160, `a live card of ${box.width}×${box.height}`);
    await imagesShown(page);
    await shot(page, 'home');
    await card.click();
    await waitForRoute(page, '/pages/room/index');
    assert.ok(page.url().includes(`id=${room.id}`));
    await ctx.close();
  });

  it('forget password: verify the phone, set a new password, log in with it', async () => {
    // The seeded demo member: no SMS went to it yet, so the 60 s resend window is open.
    const demo = { mobile: '13800000001', password: 'demo1234' };
    const member = { ...demo, ...(await call(server.url, 'login', { account: demo.mobile, password: demo.password })) };
    const ctx = await phone(browser);
    const page = await ctx.newPage();
    const uniqueCode = trackUniqueCode(page);
    await open(page, server.url, '/pages/login/forget');
    await page.getByTestId('captcha-image').locator('img').waitFor();
    await shot(page, 'forget');
    await page.locator('input[name=mobile]').fill(member.mobile);
    const { answer } = await call(server.url, 'devCaptchaAnswer', { unique_code: uniqueCode() });
    await page.locator('input[name=captcha]').fill(answer);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/\d+s后重新获取/).waitFor();
    const { code } = await call(server.url, 'devLastSms', { mobile: member.mobile });
    await page.locator('input[name=code]').fill(code);
    await page.getByRole('button', { name: '下一步' }).click();
    await page.locator('input[name=password]').fill('newpass123');
    await page.locator('input[name=confirm]').fill('newpass123');
    await shot(page, 'forget-step2');
    await page.getByRole('button', { name: '重置密码' }).click();
    await waitForRoute(page, '/pages/login/index');

    // The old password and the old session are gone; the new password works.
    await assert.rejects(call(server.url, 'userInfo', undefined, member.token), (e: ApiFailure) => e.status === 401);
    await assert.rejects(call(server.url, 'login', { account: member.mobile, password: member.password }), (e: ApiFailure) => e.code === 10201);
    await login(page, member.mobile, 'newpass123');
    await ctx.close();
  });

  it('announcements: the list and a detail', async () => {
    const ctx = await phone(browser);
    const page = await ctx.newPage();
    await open(page, server.url, '/pages/index/notice');
    const list = page.getByTestId('notice-list');
    await list.waitFor();
    const first = await call(server.url, 'bulletin', { page: 1, size: 20 });
    assert.ok(first.list.length >= 1, 'the demo seed has announcements');
    await list.getByText(first.list[0]!.title).waitFor();
    await shot(page, 'notice-list');
    await list.getByText(first.list[0]!.title).click();
    await page.getByTestId('notice-detail').getByText(first.list[0]!.title).waitFor();
    await shot(page, 'notice-detail');
    await ctx.close();
  });

  it('edit info: nickname, signature and an uploaded avatar are saved and shown', async () => {
    // Logged in by its stored session: the login form has its own tests (auth, forget password).
    const member = await registerMember(server.url);
    const { ctx, page } = await pageAs(browser, member);
    await open(page, server.url, '/pages/user/modify');
    await page.locator('input[name=nickname]').waitFor();
    await shotSettled(page, 'modify');

    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ff3d7f' } })
      .png()
      .toBuffer();
    await page.locator('input[name=avatar]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByText('头像已上传').waitFor();
    await page.locator('input[name=nickname]').fill('星光小主播');
    await page.locator('textarea[name=signature]').fill('每晚八点不见不散');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('保存成功').waitFor();

    const me = await call(server.url, 'userInfo', undefined, member.token);
    assert.equal(me.nickname, '星光小主播');
    assert.equal(me.signature, '每晚八点不见不散');
    assert.match(me.avatar, /^\/uploads\//);

    await open(page, server.url, '/pages/user/info');
    await page.getByText('星光小主播').first().waitFor();
    // The guarded avatar is decoded in the page into a blob URL.
    await page.waitForFunction(() => [...document.images].some((i) => i.src.startsWith('blob:') && i.naturalWidth > 0));
    await shotSettled(page, 'info');
    await ctx.close();
  });

  it('the update page compares 1.8.1 with the configured version', async () => {
    const ctx = await phone(browser);
    const page = await ctx.newPage();
    await open(page, server.url, '/pages/update/index');
    await page.getByText('v1.8.1').first().waitFor();
    await shot(page, 'update');
    await ctx.close();
  });

  it('the installed shell launches offline and says it is offline', async () => {
    const ctx = await phone(browser);
    const page = await ctx.newPage();
    await open(page, server.url, '/pages/index/notice');
    await page.getByTestId('notice-list').waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload(); // now controlled by the service worker
    await page.getByTestId('notice-list').waitFor();
    await ctx.setOffline(true);
    await page.reload();
    await page.getByText('网络已断开').first().waitFor();
    await shot(page, 'offline');
    await ctx.close();
  });
});
