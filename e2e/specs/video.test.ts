import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { api, fullPath } from '@app/contract';
import { eventually } from '@app/testkit';
import { call, registerMember } from '../lib/api.js';
import { launch, shot } from '../lib/browser.js';
import { pageAs as phonePageAs, topUp, type Member } from '../lib/member.js';
import { imagesShown, open, waitForRoute, watchCsp } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * Issue 7 in the browser: a member uploads a video (progress, then "processing" in my uploads until
 * the transcode is ready) and plays it; another member watches the paid preview, which stops at
 * VIDEO_PREVIEW_S, buys it with coins and the full video plays on past the limit. The home page
 * shows the grid with its price badge. Screens at 375×812.
 */

const PREVIEW_S = 3;
const run = promisify(execFile);
const tmp = mkdtempSync(join(tmpdir(), 'e2e-video-'));
let server: RunningServer;
let browser: Browser;
let uploader: Member;
let viewer: Member;

/** A real clip: a moving test pattern with a tone, portrait, `seconds` long. */
async function makeClip(name: string, seconds: number, size: string): Promise<string> {
  const file = join(tmp, name);
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=30`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=523:sample_rate=44100',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}

/** Uploads a clip through the API (one chunk); answers the upload's id. */
async function uploadViaApi(m: Member, file: string): Promise<number> {
  const bytes = readFileSync(file);
  const ticket = await call(server.url, 'uploadSts', { size: bytes.length }, m.token);
  const fd = new FormData();
  fd.append('upload_id', ticket.upload_id);
  fd.append('offset', '0');
  fd.append('file', new Blob([bytes], { type: 'video/mp4' }), 'clip.mp4');
  const res = await fetch(`${server.url}${fullPath(api.uploadVideo)}`, { method: 'POST', body: fd, headers: { Authorization: m.token } });
  const answer = (await res.json()) as { code: number; data: { resource: { id: number } } };
  assert.equal(answer.code, 200);
  return answer.data.resource.id;
}

/** Uploads and publishes a clip through the API (for the home grid). */
async function publishViaApi(m: Member, file: string, title: string, priceCoins: number): Promise<number> {
  const resourceId = await uploadViaApi(m, file);
  const created = await call(server.url, 'videoCreate', { resource_id: resourceId, title, cate_id: 1, price_coins: priceCoins }, m.token);
  return created.video!.id;
}

/** Records every status a my-uploads row ever shows, so a short "processing" is not missed. */
function recordUploadStates(): void {
  const seen: string[] = [];
  (window as unknown as { __uploadStates: string[] }).__uploadStates = seen;
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('[data-testid=my-upload]')) seen.push(el.getAttribute('data-status') ?? '');
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-status'] });
}

/** currentTime of the video on screen. */
const playhead = (page: Page) =>
  page.evaluate(() => (document.querySelector('video[data-testid=video-el][data-active=true]') as HTMLVideoElement | null)?.currentTime ?? -1);

let paidVideoId = 0;

/** The Content-Security-Policy violations of every page of this file (the uploader, hls.js with its worker and blob: media). */
const refused: string[][] = [];
const noneRefused = () => assert.deepEqual(refused.flat(), [], 'no page raised a Content-Security-Policy violation');

/** A phone page logged in as `m`, its CSP violations collected. */
async function pageAs(m: Member, init: Array<(() => void) | string> = []): Promise<{ ctx: BrowserContext; page: Page }> {
  const opened = await phonePageAs(browser, m, init);
  refused.push(await watchCsp(opened.page));
  return opened;
}

before(async () => {
  [server, browser] = await Promise.all([startServer({ VIDEO_PREVIEW_S: String(PREVIEW_S) }), launch(['--autoplay-policy=no-user-gesture-required'])]);
  [uploader, viewer] = await Promise.all([registerMember(server.url), registerMember(server.url)]);
  await call(server.url, 'updateUserInfo', { nickname: '小鹿拍客' }, uploader.token);
  await call(server.url, 'updateUserInfo', { nickname: `观众${viewer.user.id}` }, viewer.token);
});
after(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

describe('videos in the browser', () => {
  it('a member uploads a video with progress, sees it processing, then plays it', async () => {
    const clip = await makeClip('portrait.mp4', 12, '720x1280');
    const { ctx, page } = await pageAs(uploader, [recordUploadStates]);
    await open(page, server.url, '/pages/index/uploadVd');
    await page.getByTestId('video-pick').waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, 'video-upload-empty');

    // Too long: refused in the browser before a byte is sent.
    await page.getByTestId('video-file').setInputFiles(await makeClip('long.mp4', 61, '64x112'));
    await page.getByTestId('upload-error').getByText('不能超过60秒').waitFor();
    await shot(page, 'video-upload-too-long');
    // Not a video (whatever its name says): the server refuses it by its bytes, the form says why.
    writeFileSync(join(tmp, 'notes.mp4'), 'these are my holiday notes, not a video at all\n'.repeat(50));
    await page.getByTestId('video-file').setInputFiles(join(tmp, 'notes.mp4'));
    await page.locator('[data-testid=upload-status][data-phase=failed]').getByText('不是视频文件').waitFor({ timeout: 15_000 });
    assert.equal(await page.getByRole('button', { name: '发布' }).isDisabled(), true);

    await page.getByTestId('video-file').setInputFiles(clip);
    await page.locator('[data-testid=upload-status][data-phase=sent]').waitFor({ timeout: 30_000 });
    await page.getByTestId('video-title').locator('input').fill('城市夜景延时摄影');
    await page.getByRole('switch').click();
    await shot(page, 'video-upload-form');
    await page.getByRole('button', { name: '发布' }).click();

    await waitForRoute(page, '/pages/index/uploadVd');
    await page.getByTestId('my-upload').first().waitFor();
    await shot(page, 'video-my-uploads-processing');
    const ready = page.locator('[data-testid=my-upload][data-status=ready]').first();
    await ready.waitFor({ timeout: 60_000 });
    const states = await page.evaluate(() => (window as unknown as { __uploadStates: string[] }).__uploadStates);
    assert.ok(
      states.some((s) => s === 'processing' || s === 'uploaded'),
      `the upload showed processing before ready (saw ${[...new Set(states)].join(',')})`,
    );
    paidVideoId = Number(await ready.getAttribute('data-video-id'));
    assert.ok(paidVideoId > 0);
    await page.waitForLoadState('networkidle');
    await shot(page, 'video-my-uploads-ready');

    // The uploader plays their own paid video in full.
    await ready.locator('button').first().click();
    await waitForRoute(page, '/pages/index/video');
    await page.waitForFunction(
      () => ((document.querySelector('video[data-testid=video-el][data-active=true]') as HTMLVideoElement | null)?.currentTime ?? 0) > 1,
      undefined,
      { timeout: 20_000 },
    );
    assert.equal(await page.getByTestId('buy-gate').count(), 0);
    await shot(page, 'video-player-owner');
    noneRefused();
    await ctx.close();
  });

  it('the home page lists videos in two columns with a price badge', async () => {
    const freeId = await publishViaApi(uploader, await makeClip('free.mp4', 4, '360x640'), '周末去海边吹吹风', 0);
    // Listed once its transcode is ready.
    await eventually(async () => (await call(server.url, 'videoList', { page: 1, size: 20 })).list.some((v) => v.id === freeId), {
      what: 'the free video to be ready',
      timeout: 60_000,
      interval: 250,
    });
    const { ctx, page } = await pageAs(viewer);
    await open(page, server.url, '/pages/index/index');
    await page.locator(`[data-testid=video-card][data-video-id="${paidVideoId}"]`).waitFor({ timeout: 30_000 });
    await page.locator(`[data-testid=video-card][data-video-id="${paidVideoId}"] [data-testid=video-price]`).waitFor();
    await page.locator(`[data-testid=video-card][data-video-id="${freeId}"]`).waitFor();
    assert.equal(await page.locator(`[data-testid=video-card][data-video-id="${freeId}"] [data-testid=video-price]`).count(), 0);
    await page.waitForLoadState('networkidle');
    await imagesShown(page);
    await shot(page, 'video-home');
    noneRefused();
    await ctx.close();
  });

  it('a second member watches the paid preview, buys it with coins, and the full video plays past the limit', async () => {
    await topUp(server.url, viewer);
    const coinsBefore = (await call(server.url, 'financeWallet', undefined, viewer.token)).coin;
    const { ctx, page } = await pageAs(viewer);
    await open(page, server.url, '/pages/index/index');
    await page.locator(`[data-testid=video-card][data-video-id="${paidVideoId}"]`).click();
    await waitForRoute(page, '/pages/index/video');
    // Autoplay (muted) runs up to the preview limit, then the gate asks to buy.
    await page.waitForFunction(
      () => ((document.querySelector('video[data-testid=video-el][data-active=true]') as HTMLVideoElement | null)?.currentTime ?? 0) > 0.5,
      undefined,
      { timeout: 20_000 },
    );
    await shot(page, 'video-player-preview');
    await page.getByTestId('buy-gate').waitFor({ timeout: 20_000 });
    const stoppedAt = await playhead(page);
    assert.ok(stoppedAt <= PREVIEW_S + 2.5, `the preview stopped near its limit (at ${stoppedAt}s)`);
    await shot(page, 'video-player-gate');

    await page.getByTestId('buy-video').click();
    await page.getByTestId('buy-gate').waitFor({ state: 'detached', timeout: 15_000 });
    await page.waitForFunction(
      (limit) => ((document.querySelector('video[data-testid=video-el][data-active=true]') as HTMLVideoElement | null)?.currentTime ?? 0) > limit + 1.5,
      PREVIEW_S,
      { timeout: 30_000 },
    );
    assert.ok((await playhead(page)) > PREVIEW_S + 1.5);
    await shot(page, 'video-player-bought');

    const coinsAfter = (await call(server.url, 'financeWallet', undefined, viewer.token)).coin;
    assert.equal(coinsBefore - coinsAfter, 5 * 10_000, 'the price (5 coins) left the wallet once');
    const info = await call(server.url, 'videoInfo', { id: paidVideoId }, viewer.token);
    assert.equal(info.full, true);

    // Like and follow from the side rail.
    await page.getByTestId('video-like').click();
    await page.locator('[data-testid=video-like][aria-pressed=true]').waitFor();
    await page.getByTestId('video-follow').click();
    await page.locator('[data-testid=video-follow].is-on').waitFor();
    const again = await call(server.url, 'videoInfo', { id: paidVideoId }, viewer.token);
    assert.deepEqual([again.liked, again.followed], [true, true]);
    noneRefused();
    await ctx.close();
  });

  it('the player swipes to the next and the previous video; a video that is gone says so', async () => {
    const { list } = await call(server.url, 'videoList', { page: 1, size: 20 });
    assert.ok(list.length >= 2);
    const { ctx, page } = await pageAs(viewer);
    await open(page, server.url, `/pages/index/video?id=${list[0]!.id}`);
    const active = () => page.locator('[data-testid=video-slide][data-active=true]').getAttribute('data-video-id');
    await page.waitForFunction(
      () => ((document.querySelector('video[data-testid=video-el][data-active=true]') as HTMLVideoElement | null)?.currentTime ?? 0) > 0.3,
      undefined,
      { timeout: 20_000 },
    );
    assert.equal(Number(await active()), list[0]!.id);
    // Swipe up: the next video snaps in, plays, and the URL follows it.
    await page.mouse.move(180, 400);
    await page.mouse.wheel(0, 812);
    await page.waitForFunction(
      (id) => document.querySelector('[data-testid=video-slide][data-active=true]')?.getAttribute('data-video-id') === String(id),
      list[1]!.id,
      { timeout: 10_000 },
    );
    assert.ok(page.url().includes(`id=${list[1]!.id}`));
    await page.waitForFunction(
      () => ((document.querySelector('video[data-testid=video-el][data-active=true]') as HTMLVideoElement | null)?.currentTime ?? 0) > 0.3,
      undefined,
      { timeout: 20_000 },
    );
    await shot(page, 'video-player-swiped');
    // And back down.
    await page.mouse.wheel(0, -812);
    await page.waitForFunction(
      (id) => document.querySelector('[data-testid=video-slide][data-active=true]')?.getAttribute('data-video-id') === String(id),
      list[0]!.id,
      { timeout: 10_000 },
    );

    await open(page, server.url, '/pages/index/video?id=999999');
    await page.getByTestId('video-gone').waitFor({ timeout: 10_000 });
    noneRefused();
    await ctx.close();
  });

  it('an upload left unpublished is published later from my uploads', async () => {
    const resourceId = await uploadViaApi(uploader, await makeClip('later.mp4', 3, '360x640'));
    const { ctx, page } = await pageAs(uploader);
    await open(page, server.url, '/pages/index/uploadVd?tab=mine');
    await page.locator('[data-testid=my-upload][data-status=ready]').getByTestId('publish-later').first().waitFor({ timeout: 30_000 });
    await page.reload(); // the poster is there once ready
    await page.getByTestId('publish-later').first().click();
    await page.getByTestId('resume-preview').waitFor();
    await page.getByTestId('video-title').locator('input').fill('晚些再发的小片段');
    await shot(page, 'video-upload-publish-later');
    await page.getByRole('button', { name: '发布' }).click();
    await page.locator('[data-testid=my-upload][data-status=ready]').filter({ hasText: '晚些再发的小片段' }).waitFor();
    const mine = await call(server.url, 'resourceFetch', { page: 1, size: 20 }, uploader.token);
    assert.equal(mine.list.find((r) => r.id === resourceId)?.video?.title, '晚些再发的小片段');
    noneRefused();
    await ctx.close();
  });
});
