import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { ApiFailure, call, registerMember } from '../lib/api.js';
import { shot, shotSettled } from '../lib/browser.js';
import { open } from '../lib/page.js';
import { consoleKit, rid, startConsoleEnv, type Member } from '../lib/console.js';
import type { RunningServer } from '../lib/server.js';

/*
 * Issue 9 in the browser: the operator console at /#/admin (desktop, 1280×800). An operator
 * approves an anchor application and that user can then go live; hides a reported post and it
 * leaves the feed; every section opens under the CSP. The server requires the second factor as
 * production does. The money and the catalog: adminMoney.test.ts; the roles: adminRoles.test.ts.
 */

let server: RunningServer;
let browser: Browser;
let op: Member;

/** Every section of the console's side bar. */
const SECTIONS = [
  'dashboard',
  'anchors',
  'rooms',
  'patrol',
  'withdrawals',
  'recharges',
  'reconcile',
  'users',
  'content',
  'catalog',
  'community',
  'config',
  'webhooks',
  'operators',
  'audit',
];
const VALID_ID_CARD = '110101199003074258';

const { refused, contextAs, consoleAt } = consoleKit(() => ({ server, browser, op }));

before(async () => {
  ({ server, browser, op } = await startConsoleEnv());
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('operator console', () => {
  it('refuses a member politely (phone) and shows the dashboard to an operator (desktop)', async () => {
    const member = await registerMember(server.url);
    const phoneCtx = await contextAs(member, false);
    await open(phoneCtx.page, server.url, '/admin');
    await phoneCtx.page.getByTestId('admin-denied').waitFor();
    await shot(phoneCtx.page, 'admin-denied');
    // The console's chunk never loaded for a member.
    const loaded = await phoneCtx.page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    assert.equal(
      loaded.some((n) => /Admin-Console/.test(n)),
      false,
    );
    await phoneCtx.ctx.close();

    const { ctx, page } = await contextAs(op, true);
    // An operator finds the console in the user centre.
    await open(page, server.url, '/pages/user/index');
    await page.getByText('运营后台').click();
    await page.getByTestId('admin-console').waitFor();
    await page.getByTestId('chart-recharge').waitFor();
    await page.getByTestId('dash-members').getByText(/\d+/).waitFor();
    await shotSettled(page, 'admin-dashboard');
    // English is complete, and a narrow window folds the side bar over the content.
    await page.evaluate(() => localStorage.setItem('liveapp.lang', 'en'));
    await page.reload();
    await page.getByText('Users online').waitFor();
    await shotSettled(page, 'admin-dashboard-en');
    await page.setViewportSize({ width: 820, height: 1000 });
    await shotSettled(page, 'admin-narrow');
    await ctx.close();
  });

  it('approves an anchor application, and that user can then go live', async () => {
    const applicant = await registerMember(server.url);
    const nickname = `主播申请${applicant.user.id}`;
    await call(server.url, 'updateUserInfo', { nickname }, applicant.token);
    await call(
      server.url,
      'anchorApply',
      { real_name: '李四', id_card: VALID_ID_CARD, mobile: applicant.mobile, introduction: '唱歌跳舞，每晚八点见' },
      applicant.token,
    );
    const category = (await call(server.url, 'roomCategories')).list[0]!.id;
    await assert.rejects(
      call(server.url, 'roomOpen', { title: '我的直播间', category_id: category }, applicant.token),
      (e: unknown) => e instanceof ApiFailure,
    );

    const { ctx, page } = await contextAs(op, true);
    await consoleAt(page, 'anchors');
    const row = page.getByTestId('anchor-apps-row').filter({ hasText: nickname });
    await row.waitFor();
    await shotSettled(page, 'admin-anchors');
    await row.getByRole('button', { name: '通过' }).click();
    await row.waitFor({ state: 'detached' });
    assert.equal((await call(server.url, 'anchorApplyStatus', undefined, applicant.token)).status, 'approved');
    const room = await call(server.url, 'roomOpen', { title: '我的直播间', category_id: category }, applicant.token);
    assert.equal(room.status, 'open');

    // The live shows in the console's room list.
    await consoleAt(page, 'rooms');
    await page.getByTestId('live-rooms-row').filter({ hasText: '我的直播间' }).waitFor();
    await shotSettled(page, 'admin-rooms');
    await ctx.close();
  });

  it('hides a post, and it leaves the feed', async () => {
    const author = await registerMember(server.url);
    const text = `这条帖子会被运营隐藏 ${rid().slice(0, 6)}`;
    const cate = (await call(server.url, 'forumCate')).list[0]!.id;
    const post = await call(server.url, 'forumCreate', { content: text, cate_id: cate }, author.token);
    await call(server.url, 'forumCreateComment', { post_id: post.id, content: '评论区里的一句难听话' }, author.token);
    const reader = await registerMember(server.url);

    // A member reports it from the post's menu, and the comment from its line.
    const phoneCtx = await contextAs(reader, false);
    const feed = phoneCtx.page;
    await open(feed, server.url, `/pages/forum/details?id=${post.id}`);
    await feed.getByTestId('post-menu').click();
    await feed.locator('.adm-action-sheet').getByText('举报', { exact: true }).click();
    await feed.getByText('垃圾广告').waitFor();
    await shot(feed, 'forum-report-sheet');
    await feed.getByText('垃圾广告').click();
    await feed.getByText('举报成功，我们会尽快处理').waitFor();
    await feed.getByText('垃圾广告').waitFor({ state: 'hidden' });
    await feed.getByTestId('comment-report').click();
    await feed.getByText('人身攻击').filter({ visible: true }).click();
    await feed.getByText('举报成功，我们会尽快处理').last().waitFor();
    await open(feed, server.url, '/pages/forum/index');
    await feed.locator(`[data-testid=post-card][data-post-id="${post.id}"]`).waitFor();

    const { ctx, page } = await contextAs(op, true);
    await consoleAt(page, 'content');
    const report = page.getByTestId('reports-row').filter({ hasText: text });
    await report.waitFor();
    await page.getByTestId('reports-row').filter({ hasText: '评论区里的一句难听话' }).getByText('人身攻击').waitFor();
    await shotSettled(page, 'admin-content-reports');
    await report.getByRole('button', { name: '隐藏' }).click();
    await report.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: '帖子' }).click();
    await page.getByTestId('content-post-row').filter({ hasText: text }).getByText('已隐藏').waitFor();
    await shotSettled(page, 'admin-content-posts');

    await feed.reload();
    await feed.locator('[data-testid=post-card]').first().waitFor();
    assert.equal(await feed.locator(`[data-testid=post-card][data-post-id="${post.id}"]`).count(), 0);
    await assert.rejects(call(server.url, 'forumInfo', { id: post.id }, reader.token), (e: unknown) => e instanceof ApiFailure);
    await phoneCtx.ctx.close();

    // Every action above is in the audit log.
    await consoleAt(page, 'audit');
    await page
      .getByTestId('audit-row')
      .filter({ hasText: `post:${post.id}` })
      .getByText('隐藏/恢复内容')
      .waitFor();
    await shotSettled(page, 'admin-audit');
    await ctx.close();
  });

  it('opens every section under the CSP with no violation (nor did any console page above), and no other site can frame the console', async () => {
    const { ctx, page } = await contextAs(op, true);
    for (const section of SECTIONS) await consoleAt(page, section);
    assert.deepEqual(refused.flat(), [], 'no console page raised a Content-Security-Policy violation');

    // A page of another origin (another port of this host) that frames the console gets nothing.
    const framer = createServer((_req, res) => res.end(`<!doctype html><iframe src="${server.url}/#/admin/dashboard"></iframe>`));
    await new Promise<void>((ok) => framer.listen(0, '127.0.0.1', ok));
    try {
      const other = await ctx.newPage();
      const blocked = other.waitForEvent('console', (m) => /frame-ancestors|X-Frame-Options/.test(m.text()));
      await other.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
      await blocked;
      assert.equal(await other.frames()[1]!.locator('[data-testid=admin-console]').count(), 0, 'the framed console never rendered');
    } finally {
      framer.close();
    }
    await ctx.close();
  });
});
