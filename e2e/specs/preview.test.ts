import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, registerMember } from '../lib/api.js';
import { launch, settled, shotSettled } from '../lib/browser.js';
import { approvedAnchor, operatorOf, pageAs, type Member } from '../lib/member.js';
import { expectToast, open } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * Live previews (直播预告) in the browser: an anchor schedules a live from the form (its field
 * errors, the wheel picker), followers see it atop 关注 and tap 提醒我, and once the server's clock
 * is moved to five minutes before (the development clock call) they find the reminder in their
 * messages. The rules are in apps/server/test/livePreview.test.ts. zh-CN and English, 375×812.
 */

let server: RunningServer;
let browser: Browser;
let star: Member;
const contexts: BrowserContext[] = [];
const TITLE = '周五晚上唱歌';

async function named(nickname: string): Promise<Member> {
  const m = await registerMember(server.url);
  await call(server.url, 'updateUserInfo', { nickname }, m.token);
  return m;
}
/** A phone in China time, as the app's times are shown. */
async function phoneOf(m: Member, locale: 'zh-CN' | 'en'): Promise<Page> {
  const { ctx, page } = await pageAs(browser, m, [], locale, { timezoneId: 'Asia/Shanghai' });
  contexts.push(ctx);
  page.on('pageerror', (e) => console.error(`[page ${m.user.id}]`, e.message));
  return page;
}

before(async () => {
  [server, browser] = await Promise.all([startServer({ PREVIEW_SWEEP_MS: '300' }), launch()]);
  const op = await operatorOf(server);
  star = await approvedAnchor(server, op, await named('小鹿酱'));
});
after(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.stop();
});

describe('live previews', () => {
  it('an anchor schedules a live: each field names its error, the wheel picks the time, the list shows it', async () => {
    const page = await phoneOf(star, 'zh-CN');
    await open(page, server.url, '/pages/user/previews');
    await page.getByTestId('preview-new').click();
    await page.getByTestId('preview-submit').click();
    assert.equal(await page.getByTestId('preview-error-title').textContent(), '请输入直播标题');
    await page.locator('input[name=title]').fill(TITLE);
    await page.getByTestId('preview-submit').click();
    assert.equal(await page.getByTestId('preview-error-starts_at').textContent(), '请选择开播时间');
    await shotSettled(page, 'preview-form-error-zh');

    await page.getByTestId('preview-time').click();
    await settled(page.locator('.adm-picker'));
    await shotSettled(page, 'preview-picker-zh');
    await page.locator('.adm-picker-header-button').filter({ hasText: '确定' }).click();
    await page.getByTestId('preview-submit').click();
    await expectToast(page, '预告已发布');
    await page.getByTestId('my-previews').getByText(TITLE).waitFor();
    await shotSettled(page, 'preview-mine-zh');

    // The same screens in English: the app's language switched on this phone.
    await page.evaluate(() => localStorage.setItem('liveapp.lang', 'en'));
    await page.reload();
    await page.getByTestId('my-previews').getByText('0 waiting').waitFor();
    await shotSettled(page, 'preview-mine-en');
    await page.getByTestId('preview-new').click();
    await page.getByTestId('preview-submit').click();
    assert.equal(await page.getByTestId('preview-error-title').textContent(), 'Enter a title');
    await shotSettled(page, 'preview-form-error-en');
  });

  it('followers see it atop 关注, tap 提醒我, and get the reminder five minutes before', async () => {
    const [fan, reader] = await Promise.all([named('阿泽'), named('Mia')]);
    for (const m of [fan, reader]) await call(server.url, 'followAdd', { user_id: star.user.id }, m.token);
    const [preview] = (await call(server.url, 'previewOfAnchor', { anchor_id: star.user.id })).list;
    assert.ok(preview);

    const pages = await Promise.all([phoneOf(fan, 'zh-CN'), phoneOf(reader, 'en')]);
    const langs = ['zh-CN', 'en'] as const;
    // The two phones side by side: each taps 提醒我 in its language.
    await Promise.all(
      pages.map(async (page, i) => {
        await open(page, server.url, '/pages/live/index?c=follow');
        const button = page.getByTestId(`preview-remind-${preview.id}`);
        await button.waitFor();
        await shotSettled(page, `preview-following-${langs[i]}`);
        await button.click();
        await page.locator(`[data-testid=preview-remind-${preview.id}][aria-pressed=true]`).waitFor();
        await page.locator('.adm-toast-main').waitFor({ state: 'hidden' });
        await shotSettled(page, `preview-reminded-${langs[i]}`);
      }),
    );
    const counted = (await call(server.url, 'previewOfAnchor', { anchor_id: star.user.id }, star.token)).list[0];
    assert.equal(counted?.reminders, 2);

    // The server's clock to four minutes before the live: the worker's sweep sends the reminders.
    await call(server.url, 'devClockAdvance', { advance_ms: Math.max(0, Date.parse(preview.starts_at) - 4 * 60_000 - Date.now()) });
    await Promise.all(
      pages.map(async (page, i) => {
        await open(page, server.url, '/pages/chats/index');
        await page.getByTestId('system-entry').waitFor();
        const title = langs[i] === 'en' ? '小鹿酱 goes live soon' : '「小鹿酱」的直播快开始了';
        // The messages list reads the notices when it opens: reopen until the sweep has run.
        for (let n = 0; !(await page.getByTestId('system-entry').getByText(title).isVisible()); n++) {
          assert.ok(n < 50, 'the reminder notice never arrived');
          await page.reload();
          await page.getByTestId('system-entry').waitFor();
        }
        await page.getByTestId('system-entry').click();
        await page.getByTestId('notice-messages').getByText(TITLE).first().waitFor();
        await shotSettled(page, `preview-reminder-${langs[i]}`);
      }),
    );
  });
});
