import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ErrorCode } from '@app/contract';
import { eventually } from '@app/testkit';
import { ApiFailure, call } from '../lib/api.js';
import { launch, settled, shot, shotSettled } from '../lib/browser.js';
import { FAKE_MEDIA_FLAGS, firstFrame } from '../lib/media.js';
import { operatorOf, pageAs, type Member } from '../lib/member.js';
import { open } from '../lib/page.js';
import { assertBarFits, openMore } from '../lib/roomBar.js';
import { roomKit, type RoomEnv } from '../lib/roomKit.js';
import { startServer } from '../lib/server.js';

/*
 * Clips (剪辑) in the browser: an anchor is live from the browser (the egress writes the room's
 * HLS); a viewer taps ✂ (behind the bar's ⋯), picks 15 s and a title, sees the progress and then the clip with 查看 /
 * 分享; 查看 opens it in the video player, which decodes its frames, credits the anchor and links
 * back to the live; the feed's grid shows its clip badge. The anchor turns clips off from the same
 * sheet: the viewer's sheet says so and a new clip is refused. Screens at 375×812.
 */

let env: RoomEnv;
let browser: Browser;
const kit = roomKit(() => env);
let a: { anchor: Member; roomId: number; page: Page };

before(async () => {
  const [server, b] = await Promise.all([startServer({ ROOM_GRACE_MS: '600000', LIVE_EGRESS: 'on' }), launch(FAKE_MEDIA_FLAGS)]);
  browser = b;
  env = { server, browser, operator: await operatorOf(server) };
  a = await kit.liveAnchor('阿狸', '今晚的高光时刻');
  // Something to clip: the egress's first seconds in storage.
  await eventually(
    async () => {
      const { hls_url } = await call(server.url, 'roomMedia', { room_id: a.roomId, kind: 'play' }, a.anchor.token);
      if (!hls_url) return undefined;
      const playlist = await fetch(new URL(hls_url, server.url)).then((r) => (r.ok ? r.text() : ''));
      return (playlist.match(/#EXTINF/g)?.length ?? 0) >= 4 ? true : undefined;
    },
    { what: "the room's HLS playlist holding four segments", timeout: 30_000 },
  );
});
after(async () => {
  await kit.closeAll();
  await browser?.close();
  await env?.server.stop();
});

describe('clips of a live', () => {
  let viewer: Member;
  let page: Page;
  let clipVideo = 0;

  it('a viewer clips the live from ✂: the length and a title, the progress, then the clip to view or share', async () => {
    viewer = await kit.member('小葵');
    page = await kit.pageAs(viewer);
    await kit.enterRoom(page, a.roomId);
    await openMore(page);
    await shot(page, 'clip-room-button');
    await page.getByTestId('clip-button').click();
    const sheet = page.locator('.clip-sheet');
    await settled(sheet);
    await sheet.getByTestId('clip-len-15').click();
    assert.equal(await sheet.getByTestId('clip-len-15').getAttribute('aria-checked'), 'true');
    await sheet.getByTestId('clip-title').locator('input').fill('阿狸的高光');
    await shot(page, 'clip-sheet');

    // The call is held until the progress is on screen, so the picture shows it.
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/client_live/clip/create', async (route) => {
      await held;
      await route.continue();
    });
    await sheet.getByTestId('clip-go').click();
    await sheet.getByTestId('clip-progress').waitFor();
    await sheet.locator('.clip-progress .adm-progress-bar-fill').waitFor();
    await shot(page, 'clip-progress');
    release();
    const done = sheet.getByTestId('clip-done');
    await done.waitFor({ timeout: 20_000 });
    await page.unroute('**/api/client_live/clip/create');
    await settled(done);
    await page.locator('.clip-done__poster img').evaluate((img: HTMLImageElement) => img.decode());
    await shot(page, 'clip-done');
    const videoId = Number(await done.getAttribute('data-video-id'));
    assert.ok(videoId > 0);
    clipVideo = videoId;

    // 查看: the clip in the video player, playing, crediting the anchor with the way back to the live.
    await done.getByTestId('clip-view').click();
    const slide = page.locator(`[data-testid=video-slide][data-video-id="${videoId}"]`);
    await slide.waitFor();
    await page.waitForFunction(
      (id) => {
        const v = document.querySelector<HTMLVideoElement>(`[data-testid=video-slide][data-video-id="${id}"] video`);
        return !!v && v.currentTime > 0.5 && v.getVideoPlaybackQuality().totalVideoFrames > 0;
      },
      videoId,
      { timeout: 20_000 },
    );
    const link = slide.getByTestId('video-clip-link');
    assert.match((await link.textContent()) ?? '', /剪辑自 @阿狸/);
    assert.equal(await link.getAttribute('data-live'), 'true');
    await shot(page, 'clip-player');
    await link.click();
    await page.getByTestId('live-stage').waitFor();

    // The feed's grid: the clip's card carries its badge and the anchor.
    await open(page, env.server.url, '/pages/index/index');
    const card = page.locator(`[data-testid=video-card][data-video-id="${videoId}"]`);
    await card.getByTestId('video-clip-badge').waitFor({ timeout: 15_000 });
    assert.match((await card.textContent()) ?? '', /阿狸的高光.*剪辑自 @阿狸/);
    await card
      .locator('img')
      .first()
      .evaluate((img: HTMLImageElement) => img.decode());
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, 'clip-feed-card');
  });

  it('the anchor turns clips off from ✂: the viewer is told, and a new clip is refused', async () => {
    const host = a.page;
    // The anchor's bar: the queue, the lucky bag and ⋯ beside a wide input, no gift.
    const bar = await assertBarFits(host, 'the anchor');
    assert.deepEqual(bar.buttons, ['queue-button', 'luckybag-button', 'more-button']);
    await shot(host, 'room-bar-anchor');
    await openMore(host);
    await host.getByTestId('clip-button').click();
    const sheet = host.locator('.clip-sheet');
    await settled(sheet);
    const allow = sheet.getByTestId('clip-allow');
    assert.equal(await allow.locator('[role=switch]').getAttribute('aria-checked'), 'true');
    await allow.locator('[role=switch]').click();
    await allow.locator('[role=switch][aria-checked=false]').waitFor();
    await shot(host, 'clip-anchor-off');

    // The room's settings event reaches the viewer: ✂ dims and its sheet says why.
    await kit.enterRoom(page, a.roomId);
    await firstFrame(page, 'anchor', 20_000);
    await assertBarFits(page, 'a viewer of a live with clips off');
    await openMore(page);
    await page.locator('[data-testid=clip-button].room-more__tile--off').waitFor({ timeout: 10_000 });
    assert.match((await page.getByTestId('clip-button').textContent()) ?? '', /剪辑已关闭/);
    await shot(page, 'clip-more-off');
    await page.getByTestId('clip-button').click();
    await settled(page.locator('.clip-sheet'));
    await page.getByTestId('clip-off').waitFor();
    assert.equal(await page.getByTestId('clip-go').count(), 0);
    await shot(page, 'clip-viewer-off');
    // The same in English.
    const en = await pageAs(browser, await kit.member('Lily'), [], 'en');
    kit.contexts.push(en.ctx);
    await kit.enterRoom(en.page, a.roomId);
    await firstFrame(en.page, 'anchor', 20_000);
    await assertBarFits(en.page, 'an English viewer of a live with clips off');
    await openMore(en.page);
    await en.page.getByTestId('clip-button').click();
    await settled(en.page.locator('.clip-sheet'));
    assert.match((await en.page.getByTestId('clip-off').textContent()) ?? '', /Clips are off/);
    await shot(en.page, 'clip-viewer-off-en');
    await assert.rejects(
      call(env.server.url, 'clipCreate', { request_id: randomUUID().replace(/-/g, ''), room_id: a.roomId, seconds: 15 }, viewer.token),
      (e: unknown) => e instanceof ApiFailure && e.code === ErrorCode.CLIP_OFF,
    );
  });

  it("an operator finds the clip in the console's videos, marked with its anchor, and deletes it", async () => {
    const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    kit.contexts.push(desk);
    await desk.addInitScript(
      (st) => localStorage.setItem('liveapp.session', st),
      JSON.stringify({ state: { token: env.operator.token, userInfo: env.operator.user }, version: 1 }),
    );
    const op = await desk.newPage();
    await open(op, env.server.url, '/admin/content');
    await op.getByTestId('admin-console').waitFor();
    await op.getByRole('tab', { name: '视频' }).click();
    const row = op.getByTestId('content-video-row').filter({ hasText: '阿狸的高光' });
    await row.getByTestId('admin-clip-tag').filter({ hasText: '剪辑自 @阿狸' }).waitFor();
    // Its poster is its cover: the row shows the picture.
    await op.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid=content-video-row] img.adm-thumb');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    await shotSettled(op, 'clip-admin-videos');
    await row.getByRole('button', { name: '删除' }).click();
    await op.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    // A deleted video stays in the console's list, hidden everywhere else.
    await row.getByText('已隐藏').waitFor();
    const { list } = await call(env.server.url, 'videoList', { size: 50 });
    assert.equal(
      list.some((v) => v.id === clipVideo),
      false,
      'the clip left the feed',
    );
  });
});
