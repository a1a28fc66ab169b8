import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eventually } from '@app/testkit';
import { call, registerMember } from '../lib/api.js';
import { launch, shot } from '../lib/browser.js';
import { CLOCK_CAMERA_JS, readClockDelay } from '../lib/clockStream.js';
import { FAKE_MEDIA_FLAGS, firstFrame, MEDIA_PROBE_JS, seatFrameRise, seatFrames } from '../lib/media.js';
import { approvedAnchor, operatorOf, pageAs as phonePageAs, topUp, type Member } from '../lib/member.js';
import { open, watchCsp } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * Issue 18 in the browser: with the media server's WebRTC capacity at two viewers (the anchor's page, which plays the mic seats, and one more), an anchor goes
 * live (a canvas clock as the camera, sent as H.264: the egress copies it); the first viewer plays
 * WebRTC, the second lands on HLS by itself, decodes its frames, sees a chat line and a gift from
 * the room and how far behind live it is; the glass-to-glass delay of both paths is measured from
 * the clock and printed. The live's replay, made private, plays for its anchor only; a password
 * room's live shows no picture to anyone outside (its preview hands out no playlist). Screens at 375×812.
 */

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
/** The Content-Security-Policy violations of every page of this file (WebRTC, hls.js and its worker, Lottie, the replay player, the console). */
const refused: string[][] = [];
const noneRefused = () => assert.deepEqual(refused.flat(), [], 'no page raised a Content-Security-Policy violation');
const rid = () => randomUUID().replace(/-/g, '');
/** What the first test leaves for the next. */
let ctx: { anchor: Member; anchorPage: Page; secondPage: Page; opPage: Page; roomId: number } | undefined;

async function pageAs(m: Member, scripts: string[] = []): Promise<Page> {
  const { ctx, page } = await phonePageAs(browser, m, [MEDIA_PROBE_JS, ...scripts]);
  contexts.push(ctx);
  refused.push(await watchCsp(page));
  page.on('pageerror', (e) => console.error(`[page ${m.user.nickname}]`, e.message));
  return page;
}

/** Glass-to-glass samples (ms) read from a page's video every 200 ms for `ms`. */
async function delays(page: Page, selector: string, ms: number): Promise<number[]> {
  const out: number[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const d = await readClockDelay(page, selector);
    if (d !== null) out.push(d);
    // Sampling at a fixed rate on purpose: the test measures a delay over time.
    await page.waitForTimeout(200);
  }
  return out.sort((a, b) => a - b);
}
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN;

before(async () => {
  [server, browser] = await Promise.all([
    startServer({ ROOM_GRACE_MS: '600000', LIVE_EGRESS: 'on', MEDIA_MAX_VIEWERS: '2' }),
    launch([...FAKE_MEDIA_FLAGS, '--allow-loopback-in-peer-connection']),
  ]);
});
after(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  await browser?.close();
  await server?.stop();
});

describe('a crowded room watched over HLS', () => {
  it('sends the second viewer to HLS when WebRTC is full: frames, chat, gifts, the delay behind live', async () => {
    const operator = await operatorOf(server);
    const anchor = await approvedAnchor(server, operator);
    await call(server.url, 'updateUserInfo', { nickname: '时钟主播' }, anchor.token);
    const room = await call(server.url, 'roomOpen', { title: '大型直播 · 万人同看', cover: '', category_id: 1 }, anchor.token);

    const anchorPage = await pageAs(anchor, [CLOCK_CAMERA_JS]);
    await open(anchorPage, server.url, `/pages/room/index?id=${room.id}`);
    await anchorPage.getByTestId('live-stage').waitFor();
    await firstFrame(anchorPage, 'local');
    const live = await eventually(async () => (await call(server.url, 'roomInfo', { room_id: room.id })).live, {
      what: 'the anchor publishing',
      interval: 100,
    });
    assert.ok(live);
    const liveAt = Date.now();

    // The anchor's page plays the mic seats (one WebRTC viewer); the first viewer takes the other place.
    const first = await registerMember(server.url);
    await call(server.url, 'updateUserInfo', { nickname: '小明' }, first.token);
    const { list: pkgs } = await call(server.url, 'rechargeCategory', undefined, first.token);
    await topUp(server.url, first, pkgs.find((p) => p.amount === 680 * 10000)!.id);
    const firstPage = await pageAs(first);
    await open(firstPage, server.url, `/pages/room/index?id=${room.id}`);
    await firstFrame(firstPage, 'anchor');
    assert.equal(await firstPage.locator('video[data-via=hls]').count(), 0, 'the first viewer plays WebRTC');

    // The second finds WebRTC full and plays the room's HLS, which the egress made within seconds.
    const second = await registerMember(server.url);
    await call(server.url, 'updateUserInfo', { nickname: '小红' }, second.token);
    const secondPage = await pageAs(second);
    await open(secondPage, server.url, `/pages/room/index?id=${room.id}`);
    await secondPage.locator('video[data-via=hls]').waitFor({ timeout: 20_000 });
    await firstFrame(secondPage, 'anchor', 20_000);
    console.log(`HLS: first frame on the second viewer ${Date.now() - liveAt} ms after the anchor went live`);
    const f0 = await seatFrames(secondPage, 'anchor');
    await eventually(async () => (await seatFrames(secondPage, 'anchor')) > f0 + 20, { what: 'HLS frames decoding', timeout: 10_000 });
    const pcs = await secondPage.evaluate(
      () => (window as unknown as { __mediaProbe: { pcs: RTCPeerConnection[] } }).__mediaProbe.pcs.filter((pc) => pc.connectionState === 'connected').length,
    );
    assert.equal(pcs, 0, 'the HLS viewer holds no WebRTC connection');
    assert.ok(
      secondPage.workers().some((w) => /\/assets\/hls\.worker-[\w-]+\.js$/.test(w.url())),
      'hls.js turns the segments into fMP4 in its worker',
    );

    // Room events reach the HLS viewer as they reach everyone.
    await firstPage.locator('input[name=chat]').fill('HLS 的朋友看得到吗');
    await firstPage.locator('input[name=chat]').press('Enter');
    await secondPage.locator('.room-chat .chat-line').filter({ hasText: 'HLS 的朋友看得到吗' }).first().waitFor({ timeout: 10_000 });
    // A big gift (the car, 520 coins): its Lottie animation plays over the WebRTC picture and over the HLS one.
    const car = (await call(server.url, 'commonConfig')).gift.find((g) => g.name === '跑车')!;
    await call(server.url, 'giftSend', { request_id: rid(), room_id: room.id, gift_id: car.gift_id, count: 1, receiver_id: anchor.user.id }, first.token);
    await secondPage.locator('.room-chat .chat-line--gift').first().waitFor({ timeout: 10_000 });
    const lottieFrame = (page: Page) => page.getByTestId('gift-lottie').getAttribute('data-frame', { timeout: 10_000 }).then(Number);
    const from = await lottieFrame(firstPage);
    await eventually(async () => (await lottieFrame(firstPage)) > from + 5, { what: "the big gift's frames to advance over the WebRTC picture" });
    assert.ok((await seatFrameRise(firstPage, 'anchor', 500)) > 0, 'the WebRTC picture plays under the animation');
    await shot(firstPage, 'room-webrtc-big-gift');

    const chip = secondPage.getByTestId('hls-delay');
    await chip.waitFor();
    const shownDelay = Number(await chip.getAttribute('data-delay-ms'));
    const hls = await delays(secondPage, 'video[data-seat=anchor]', 6000);
    const rtc = await delays(firstPage, 'video[data-seat=anchor]', 3000);
    console.log(
      `glass to glass: HLS median ${pct(hls, 0.5)} ms, p95 ${pct(hls, 0.95)} ms (${hls.length} samples; the room shows ${shownDelay} ms); ` +
        `WebRTC median ${pct(rtc, 0.5)} ms, p95 ${pct(rtc, 0.95)} ms (${rtc.length} samples)`,
    );
    assert.ok(hls.length >= 5 && rtc.length >= 5, 'the clock was read on both paths');
    assert.ok(pct(hls, 0.5) > pct(rtc, 0.5), 'HLS is behind WebRTC');
    assert.ok(pct(hls, 0.5) < 10_000, 'HLS stays within seconds of live');
    await shot(secondPage, 'room-hls-viewer');

    // The console counts who watches each way: the anchor's page and the first viewer on WebRTC, the second on HLS.
    const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    contexts.push(desk);
    await desk.addInitScript(
      (st) => localStorage.setItem('liveapp.session', st),
      JSON.stringify({ state: { token: operator.token, userInfo: operator.user }, version: 1 }),
    );
    const opPage = await desk.newPage();
    refused.push(await watchCsp(opPage));
    await open(opPage, server.url, '/admin/rooms');
    const watch = opPage.getByTestId('room-watch').first();
    await watch.filter({ hasText: 'HLS 1 人' }).waitFor({ timeout: 15_000 });
    assert.match((await watch.textContent()) ?? '', /WebRTC 2 人/);
    await shot(opPage, 'admin-rooms-watch');
    noneRefused();
    ctx = { anchor, anchorPage, secondPage, opPage, roomId: room.id };
  });

  it("keeps the live as a replay: in the video home's replay tab, played with its chat and gifts, managed by the anchor", async () => {
    const { anchor, anchorPage, secondPage, opPage, roomId } = ctx!;
    await call(server.url, 'roomClose', { room_id: roomId }, anchor.token);
    const replay = await eventually(async () => (await call(server.url, 'replayList', { anchor_id: anchor.user.id })).list[0], { what: 'the replay listed' });
    assert.equal(replay.room_id, roomId);

    await open(secondPage, server.url, '/pages/index/index?c=-1');
    await secondPage.locator(`[data-testid=replay-card][data-replay-id="${replay.id}"]`).waitFor();
    await shot(secondPage, 'replay-list');
    await secondPage.locator(`[data-testid=replay-card][data-replay-id="${replay.id}"]`).click();
    await secondPage.getByTestId('replay-page').waitFor();
    // The recording plays, and the live's chat line and gift come up as the playback reaches them.
    await secondPage.waitForFunction(
      () => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid=replay-video]');
        return !!v && v.currentTime > 1 && v.getVideoPlaybackQuality().totalVideoFrames > 10;
      },
      null,
      { timeout: 20_000 },
    );
    // The gift's mark on the timeline plays from just before it.
    await secondPage.getByTestId('replay-timeline').locator('.rp-timeline__gift').first().click();
    await secondPage.getByTestId('replay-line').filter({ hasText: 'HLS 的朋友看得到吗' }).first().waitFor({ timeout: 30_000 });
    await shot(secondPage, 'replay-player');

    // An operator hides it from the console (it leaves the lists), then shows it again.
    await open(opPage, server.url, '/admin/rooms');
    await opPage.reload();
    const replays = opPage.getByTestId('admin-replays');
    await replays.getByRole('button', { name: '隐藏', exact: true }).click();
    await eventually(async () => (await call(server.url, 'replayList', {})).list.length === 0, { what: 'the hidden replay out of the list' });
    await shot(opPage, 'admin-replays-hidden');
    await replays.getByRole('button', { name: '取消隐藏' }).click();
    await eventually(async () => (await call(server.url, 'replayList', {})).list.length === 1, { what: 'the replay listed again' });

    // Made private by its anchor, it is nobody else's: the viewer finds it gone, the anchor still plays it.
    await call(server.url, 'replayVisibility', { id: replay.id, private: true }, anchor.token);
    // Its page is open already: a reload asks the server again.
    await open(secondPage, server.url, `/pages/index/replay?id=${replay.id}`);
    await secondPage.reload();
    await secondPage.getByTestId('replay-gone').waitFor();
    assert.equal(
      await secondPage.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid=replay-video]')!.readyState),
      0,
      'no picture for the viewer',
    );
    await open(anchorPage, server.url, `/pages/index/replay?id=${replay.id}`);
    await anchorPage.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid=replay-video]')?.currentTime ?? 0) > 1, null, {
      timeout: 20_000,
    });

    await open(anchorPage, server.url, '/pages/user/replays');
    const row = anchorPage.locator(`[data-testid=replay-row][data-replay-id="${replay.id}"]`);
    await row.waitFor();
    await shot(anchorPage, 'replay-mine');
    await row.getByTestId('replay-delete').click();
    await anchorPage.locator('.adm-dialog-button', { hasText: '删除' }).click();
    await row.waitFor({ state: 'detached' });
    assert.deepEqual((await call(server.url, 'replayList', { anchor_id: anchor.user.id }, anchor.token)).list, []);
    noneRefused();
  });

  it("shows no picture of a password room's live: not in the list, not from its preview", async () => {
    const { anchor, anchorPage, secondPage } = ctx!;
    const room = await call(server.url, 'roomOpen', { title: '密码房 · 只给朋友看', cover: '', category_id: 1, password: '246810' }, anchor.token);
    await open(anchorPage, server.url, `/pages/room/index?id=${room.id}`);
    await firstFrame(anchorPage, 'local');
    // Its HLS runs (the anchor's own credentials name it), but only behind the password.
    const hls = await eventually(async () => (await call(server.url, 'roomMedia', { room_id: room.id, kind: 'play' }, anchor.token)).hls_url, {
      what: "the password room's HLS",
      timeout: 20_000,
    });
    assert.match(hls, new RegExp(`/api/client_live/live/play/${room.id}\\.m3u8\\?t=`));

    await open(secondPage, server.url, '/pages/live/index');
    const card = secondPage.locator(`[data-testid=room-card][data-room-id="${room.id}"]`);
    await card.waitFor();
    const preview = (await secondPage.evaluate((id) => fetch(`/api/client_live/room/preview?room_id=${id}`).then((r) => r.json()), room.id)) as {
      data: { live: boolean; hls_url: string | null };
    };
    assert.deepEqual([preview.data.live, preview.data.hls_url], [true, null], 'the preview hands out no picture');
    assert.equal(await card.locator('video, [data-testid=live-preview]').count(), 0, 'no picture on its card');
    await shot(secondPage, 'live-list-password-room');
    await call(server.url, 'roomClose', { room_id: room.id }, anchor.token);
    noneRefused();
  });
});
