import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { call, registerMember } from '../lib/api.js';
import { launch, shot } from '../lib/browser.js';
import { pageAs as phonePageAs } from '../lib/member.js';
import { imagesShown, open, waitForRoute } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';

let server: RunningServer;
let browser: Browser;
type Member = Awaited<ReturnType<typeof registerMember>>;
let alice: Member;
let bob: Member;

/** A phone page already logged in as `m` (the session the app persists, seed §3). */
async function pageAs(m: Member): Promise<{ ctx: BrowserContext; page: Page }> {
  const { ctx, page } = await phonePageAs(browser, m);
  // Nothing a post says may ever run: any dialog fails the test.
  page.on('dialog', (d) => {
    void d.dismiss();
    throw new Error(`unexpected dialog: ${d.message()}`);
  });
  return { ctx, page };
}

const png = (r: number, g: number, b: number) =>
  sharp({ create: { width: 480, height: 480, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** Uploads a picture as `token`'s user (resource/upload/file): a post's images are the author's own uploads. */
async function uploadImage(token: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'post.png');
  const res = await fetch(`${server.url}/api/client_live/resource/upload/file`, {
    method: 'POST',
    body: form,
    headers: { Authorization: token, Constraint: 'liveapp-h5' },
  });
  const json = (await res.json()) as { code: number; data: { url: string } };
  assert.equal(json.code, 200);
  return json.data.url;
}

/** Waits until the page's requests are done and its images decoded, then saves the screenshot. */
async function settle(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await imagesShown(page);
  await shot(page, name);
}

before(async () => {
  [server, browser] = await Promise.all([startServer(), launch()]);
  [alice, bob] = await Promise.all([registerMember(server.url), registerMember(server.url)]);
  await call(server.url, 'updateUserInfo', { nickname: '发帖的小林' }, alice.token);
  await call(server.url, 'updateUserInfo', { nickname: '路过的阿宁' }, bob.token);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('forum', () => {
  it('shows the community tab: banner, topics, activities and the demo feed', async () => {
    const { ctx, page } = await pageAs(alice);
    await open(page, server.url, '/pages/forum/index');
    await page.getByTestId('forum-banner').waitFor();
    await page.getByTestId('post-card').first().waitFor();
    assert.ok((await page.getByTestId('post-card').count()) >= 5);
    await settle(page, 'forum-index');
    await page.getByTestId('feed-hot').click();
    await page.getByTestId('post-card').first().waitFor();
    await ctx.close();
  });

  it('publishes a post with two images and a topic; the draft survives a reload; text is never HTML', async () => {
    const { ctx, page } = await pageAs(alice);
    await open(page, server.url, '/pages/forum/publish');
    const text = '周末去看了海 <img src=x onerror=alert(1)> 风很大，心情很好';
    await page.locator('.fpublish__text textarea:not([aria-hidden])').fill(text);
    await page.getByTestId('topic-picker').getByRole('button').first().click();
    await page.getByTestId('image-input').setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: await png(255, 150, 180) },
      { name: 'b.png', mimeType: 'image/png', buffer: await png(120, 160, 255) },
    ]);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=picked-image]').length === 2);
    await page.reload();
    await page.locator('.fpublish__text textarea:not([aria-hidden])').waitFor();
    assert.equal(await page.locator('.fpublish__text textarea:not([aria-hidden])').inputValue(), text);
    // The topic chips come from the API after the draft is read: wait for them before counting.
    await page.locator('.fchip--topic.fchip--on').first().waitFor();
    assert.equal(await page.getByTestId('picked-image').count(), 2);
    assert.equal(await page.locator('.fchip--topic.fchip--on').count(), 1);
    await settle(page, 'forum-publish');
    await page.getByTestId('publish-submit').click();
    await waitForRoute(page, '/pages/forum/details');
    await page.getByTestId('post-detail').waitFor();
    assert.equal(await page.getByTestId('post-body').innerText(), text);
    assert.equal(await page.locator('.fpost img[src="x"]').count(), 0);
    assert.equal(await page.getByTestId('post-detail').getByTestId('image-grid').locator('button').count(), 2);
    // Publishing cleared the draft.
    const draft = await page.evaluate(() => JSON.parse(localStorage.getItem('liveapp.session') ?? '{}').state?.postDraft ?? null);
    assert.equal(draft, null);
    await open(page, server.url, '/pages/forum/index');
    await page.getByTestId('post-card').first().waitFor();
    assert.equal(await page.getByTestId('post-card').first().getByTestId('post-text').innerText(), text);
    await ctx.close();
  });

  it('another member likes and comments; the author sees the count, the comment, the badge and the inbox entry', async () => {
    // The author is on the community tab, connected to the hall.
    const author = await pageAs(alice);
    await open(author.page, server.url, '/pages/forum/index');
    await author.page.getByTestId('post-card').first().waitFor();
    await author.page.waitForLoadState('networkidle');
    const { ctx, page } = await pageAs(bob);
    await open(page, server.url, '/pages/forum/index');
    const card = page.getByTestId('post-card').first();
    await card.getByText('发帖的小林').waitFor();
    await card.getByTestId('post-text').click();
    await waitForRoute(page, '/pages/forum/details');
    await page.getByTestId('comment-bar').getByTestId('like-post').click();
    await page.getByTestId('comment-bar').getByTestId('like-post-count').getByText('1').waitFor();
    // A comment draft is remembered per post until it is sent.
    await page.getByTestId('comment-open').click();
    await page.locator('.fcomposer textarea:not([aria-hidden])').fill('拍得真好，是哪里的海？');
    await page.mouse.click(180, 80);
    await page.getByTestId('comment-open').getByText('拍得真好').waitFor();
    await page.reload();
    await page.getByTestId('comment-open').getByText('拍得真好').waitFor();
    await page.getByTestId('comment-open').click();
    await page.getByTestId('comment-send').click();
    await page.getByTestId('comment').getByText('拍得真好，是哪里的海？').waitFor();
    await page.getByTestId('comment-count').getByText('1').waitFor();
    // The comment reaches the author's unread badge as it happens.
    await author.page.locator('[data-testid=tab-chats][data-badge="1"]').waitFor();
    await author.page.getByTestId('my-posts-entry').locator('xpath=..').locator('.adm-badge-dot').waitFor();
    const url = page.url().split('#')[1]!;
    await ctx.close();
    await open(author.page, server.url, url);
    await author.page.getByTestId('comment').getByText('拍得真好，是哪里的海？').waitFor();
    assert.equal(await author.page.getByTestId('comment-bar').getByTestId('like-post-count').innerText(), '1');
    // Reply to the comment: threaded under it.
    await author.page.getByTestId('comment').getByText('回复').first().click();
    await author.page.locator('.fcomposer textarea:not([aria-hidden])').fill('在舟山，下次一起去！');
    await author.page.getByTestId('comment-send').click();
    await author.page.getByTestId('reply').getByText('在舟山，下次一起去！').waitFor();
    await settle(author.page, 'forum-details');
    const inbox = await call(server.url, 'forumCommentInbox', { page: 1, size: 10 }, alice.token);
    assert.equal(inbox.unread, 1);
    assert.equal(inbox.list[0]!.content, '拍得真好，是哪里的海？');
    await author.ctx.close();
  });

  it('topics, activities, search and my posts', async () => {
    const { ctx, page } = await pageAs(alice);
    await open(page, server.url, '/pages/forum/index');
    await page.getByTestId('more-topics').click();
    await waitForRoute(page, '/pages/forum/tagList');
    await page.getByTestId('tag-list').waitFor();
    await settle(page, 'forum-tag-list');
    await page.locator('.ftag-row').first().click();
    await waitForRoute(page, '/pages/forum/tagDetails');
    await page.getByTestId('tag-hero').waitFor();
    await page.getByTestId('post-card').first().waitFor();
    await settle(page, 'forum-tag-details');

    await open(page, server.url, '/pages/forum/activeList');
    await page.getByTestId('activity-list').waitFor();
    await settle(page, 'forum-activity-list');
    await page.locator('.fact-item').first().click();
    await waitForRoute(page, '/pages/forum/activeDetails');
    await page.getByTestId('activity-hero').waitFor();
    await settle(page, 'forum-activity-details');

    await open(page, server.url, '/pages/forum/search');
    await page.getByTestId('hot-searches').waitFor();
    await page.locator('.fsearch__bar input').fill('晚霞');
    await page.locator('.fsearch__bar input').press('Enter');
    await page.getByTestId('search-results').getByTestId('post-card').first().waitFor();
    await page.goBack();
    await page.getByTestId('recent-searches').getByText('晚霞').waitFor();
    await settle(page, 'forum-search');
    await page.getByTestId('recent-searches').getByText('晚霞').click();
    await page.getByTestId('search-results').waitFor();
    await settle(page, 'forum-search-results');

    await open(page, server.url, '/pages/forum/myBbs');
    await page.getByTestId('post-card').first().waitFor();
    assert.equal(await page.getByTestId('post-card').count(), 1);
    await settle(page, 'forum-my-posts');
    await page.getByRole('tab', { name: /评论和回复/ }).click();
    await page.getByTestId('inbox').getByText('拍得真好，是哪里的海？').waitFor();
    await settle(page, 'forum-inbox');
    assert.equal((await call(server.url, 'forumCommentInbox', { page: 1, size: 10 }, alice.token)).unread, 0);
    await open(page, server.url, '/pages/forum/index');
    await page.getByTestId('tab-chats').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid=tab-chats]')?.getAttribute('data-badge') !== '1');
    await open(page, server.url, '/pages/forum/myBbs');
    await page.getByTestId('post-card').first().waitFor();
    await page.getByTestId('post-delete').click();
    await page.locator('.adm-dialog-button').filter({ hasText: '删除' }).click();
    await page.getByText('你还没有发过帖子').waitFor();
    await ctx.close();
  });

  it('a post carries a place: chosen from the city list or the browser position, shown on the open-location page', async () => {
    const { ctx, page } = await pageAs(bob);
    await ctx.grantPermissions(['geolocation']);
    await ctx.setGeolocation({ latitude: 30.26, longitude: 120.16 });
    await open(page, server.url, '/pages/forum/publish');
    await page.locator('.fpublish__text textarea:not([aria-hidden])').fill('定位测试：今天在海边');
    await page.getByTestId('publish-location').click();
    await waitForRoute(page, '/pages/system/chooseLocation');
    await page.getByTestId('use-position').click();
    await waitForRoute(page, '/pages/forum/publish');
    await page.getByTestId('publish-location').getByText('杭州附近').waitFor();
    await page.getByTestId('publish-location').click();
    await page.locator('[data-testid=city-search] input').fill('舟山');
    await settle(page, 'location-choose');
    await page.getByTestId('city-list').getByText('舟山').click();
    await page.getByTestId('publish-location').getByText('舟山').waitFor();
    await page.getByTestId('publish-submit').click();
    await waitForRoute(page, '/pages/forum/details');
    await page.locator('.fpost .fplace').getByText('舟山').click();
    await waitForRoute(page, '/pages/system/openLocation');
    await page.getByTestId('place-card').getByText('舟山').waitFor();
    assert.equal(await page.getByTestId('place-coords').innerText(), '29.9853°N, 122.2072°E');
    assert.match((await page.getByTestId('place-open').getAttribute('href')) ?? '', /^geo:29\.9853,122\.2072\?q=/);
    await page
      .locator('.adm-toast-main')
      .waitFor({ state: 'hidden', timeout: 5000 })
      .catch(() => undefined);
    await settle(page, 'location-open');
    await ctx.close();
  });

  it('collapses a long post past 400 px with an expand button; the image viewer opens full screen', async () => {
    const cates = await call(server.url, 'forumCate');
    const long = Array.from({ length: 40 }, (_, i) => `第${i + 1}段：今天记录一点生活里的小事，慢慢写，慢慢看。`).join('\n');
    const post = await call(
      server.url,
      'forumCreate',
      { content: long, cate_id: cates.list[0]!.id, images: [await uploadImage(bob.token, await png(40, 120, 200))] },
      bob.token,
    );
    const { ctx, page } = await pageAs(alice);
    await open(page, server.url, `/pages/forum/details?id=${post.id}`);
    await page.getByTestId('post-expand').waitFor();
    const collapsed = await page.getByTestId('post-body').evaluate((el) => el.getBoundingClientRect().height);
    assert.ok(collapsed <= 401, `collapsed height ${collapsed}`);
    await page.getByTestId('post-expand').click();
    const open2 = await page.getByTestId('post-body').evaluate((el) => el.getBoundingClientRect().height);
    assert.ok(open2 > 800, `expanded height ${open2}`);
    await page.getByTestId('post-detail').getByTestId('image-grid').locator('button').first().click();
    await page.locator('.adm-image-viewer-content').waitFor();
    await ctx.close();
  });
});
