import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@app/testkit';
import { call } from '../lib/api.js';
import { launch, settled, shot } from '../lib/browser.js';
import { FAKE_MEDIA_FLAGS } from '../lib/media.js';
import { operatorOf, pageAs, type Member } from '../lib/member.js';
import { open } from '../lib/page.js';
import { roomKit, type RoomEnv } from '../lib/roomKit.js';
import { startServer } from '../lib/server.js';

/*
 * Clips (剪辑) of a replay in the browser: an anchor is live from the browser and ends; a viewer
 * taps ✂ on the replay, gets the seconds ending at the playhead (looped in the player) and cuts
 * 15 s; the clip plays in the video player and links back to the replay, which opens at the clip's
 * start. One clip an hour here: the next is refused, said in the sheet. The anchor opens the room
 * again with clips off: ✂ on the replay is dimmed and says why. Chinese and English, 375×812.
 */

let env: RoomEnv;
let browser: Browser;
const kit = roomKit(() => env);
type Live = { anchor: Member; roomId: number; page: Page };
let b: Live;
let fan: Page;
let en: Page;

/** Segments the room's egress has written so far (the live playlist's media sequence and its count). */
async function segmentsWritten(room: Live): Promise<number> {
  const { hls_url } = await call(env.server.url, 'roomMedia', { room_id: room.roomId, kind: 'play' }, room.anchor.token);
  if (!hls_url) return 0;
  const playlist = await fetch(new URL(hls_url, env.server.url)).then((r) => (r.ok ? r.text() : ''));
  return Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)?.[1] ?? 0) + (playlist.match(/#EXTINF/g)?.length ?? 0);
}

/** Waits for `n` seconds of the live written, ends it and answers its replay. */
async function replayOf(room: Live, n: number): Promise<{ id: number; duration: number }> {
  await eventually(async () => ((await segmentsWritten(room)) >= n ? true : undefined), { what: `${n} segments written`, timeout: 60_000 });
  await call(env.server.url, 'roomClose', { room_id: room.roomId }, room.anchor.token);
  return eventually(async () => (await call(env.server.url, 'replayList', { anchor_id: room.anchor.user.id })).list[0], { what: 'the replay listed' });
}

const video = (p: Page) => p.getByTestId('replay-video');
const playhead = (p: Page) => video(p).evaluate((v: HTMLVideoElement) => v.currentTime);

/** Opens a replay afresh (the app loaded anew, as from a shared link) and waits for its decoded frames. */
async function watch(p: Page, id: number): Promise<void> {
  await p.goto('about:blank');
  await open(p, env.server.url, `/pages/index/replay?id=${id}`);
  await p.waitForFunction(
    () => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid=replay-video]');
      return !!v && v.readyState >= 2 && v.getVideoPlaybackQuality().totalVideoFrames > 0;
    },
    null,
    { timeout: 20_000 },
  );
}

/** Moves the playhead to `s` and waits until the player is there. */
async function seekTo(p: Page, s: number): Promise<void> {
  await video(p).evaluate((v: HTMLVideoElement, to) => (v.currentTime = to), s);
  await p.waitForFunction((to) => (document.querySelector<HTMLVideoElement>('[data-testid=replay-video]')?.currentTime ?? 0) >= to, s);
}

/** Taps ✂ on the replay and answers its sheet, settled. */
async function openSheet(p: Page) {
  await p.getByTestId('replay-clip-button').click();
  const sheet = p.locator('.clip-sheet');
  await settled(sheet);
  return sheet;
}

before(async () => {
  // One clip an hour: a viewer's second is refused, and the sheet says so.
  const [server, chromium] = await Promise.all([startServer({ ROOM_GRACE_MS: '600000', LIVE_EGRESS: 'on', CLIP_MAX_PER_HOUR: '1' }), launch(FAKE_MEDIA_FLAGS)]);
  browser = chromium;
  env = { server, browser, operator: await operatorOf(server) };
  b = await kit.liveAnchor('鹿小满', '周末夜谈');
  fan = await kit.pageAs(await kit.member('满满的粉丝'));
  const english = await pageAs(browser, await kit.member('Emma'), [], 'en');
  kit.contexts.push(english.ctx);
  en = english.page;
});
after(async () => {
  await kit.closeAll();
  await browser?.close();
  await env?.server.stop();
});

describe('clips of a replay', () => {
  let replay = { id: 0, duration: 0 };

  it('✂ on a replay offers the seconds ending at the playhead, loops them, and cuts them into a clip that links back to that moment', async () => {
    replay = await replayOf(b, 24);
    assert.ok(replay.duration >= 20, `the replay lasts ${replay.duration} s`);
    await watch(fan, replay.id);
    await fan.locator('[data-testid=replay-clip-button]:not(.rp-clip--off)').waitFor();
    await seekTo(fan, replay.duration - 3);
    const at = await playhead(fan);
    const sheet = await openSheet(fan);
    const range = sheet.getByTestId('clip-range');
    // 30 s first (the whole replay when shorter), ending at the playhead or as soon after it as they fit.
    const first = Number(await range.getAttribute('data-end')) - Number(await range.getAttribute('data-start'));
    assert.equal(first, Math.min(30, Math.floor(replay.duration)));
    await sheet.getByTestId('clip-len-15').click();
    assert.equal(await sheet.getByTestId('clip-len-15').getAttribute('aria-checked'), 'true');
    const start = Number(await range.getAttribute('data-start'));
    const end = Number(await range.getAttribute('data-end'));
    assert.equal(end - start, 15);
    assert.ok(Math.abs(end - at) <= 2, `the window ends at the playhead (${end} s, the playhead at ${at} s)`);
    assert.ok(start > 4, `the window starts at ${start} s`);
    assert.match((await range.textContent()) ?? '', /15秒/);
    // The player plays the window while the sheet is open: back from the playhead (past its end) to its start.
    await fan.waitForFunction(
      (w) => {
        const t = document.querySelector<HTMLVideoElement>('[data-testid=replay-video]')?.currentTime ?? -1;
        return t >= w.start - 0.5 && t < w.end;
      },
      { start, end },
    );
    await sheet.getByTestId('clip-title').locator('input').fill('小满的回放高光');
    assert.match((await sheet.getByTestId('clip-go').textContent()) ?? '', /剪辑这15秒/);
    await shot(fan, 'clip-replay-sheet');

    await sheet.getByTestId('clip-go').click();
    const done = sheet.getByTestId('clip-done');
    await done.waitFor({ timeout: 20_000 });
    await settled(done);
    await fan.locator('.clip-done__poster img').evaluate((img: HTMLImageElement) => img.decode());
    await shot(fan, 'clip-replay-done');
    const videoId = Number(await done.getAttribute('data-video-id'));
    const startS = Number(await done.getAttribute('data-start'));
    // Whole segments: within one (1 s here) of the window asked.
    assert.ok(Math.abs(startS - start) <= 1.5, `the clip starts at ${startS} s, asked ${start} s`);

    // 查看: the clip plays in the video player, crediting the anchor, linking back to the replay.
    await done.getByTestId('clip-view').click();
    const slide = fan.locator(`[data-testid=video-slide][data-video-id="${videoId}"]`);
    await slide.waitFor();
    await fan.waitForFunction(
      (id) => {
        const v = document.querySelector<HTMLVideoElement>(`[data-testid=video-slide][data-video-id="${id}"] video`);
        return !!v && v.currentTime > 0.5 && v.getVideoPlaybackQuality().totalVideoFrames > 0;
      },
      videoId,
      { timeout: 20_000 },
    );
    const link = slide.getByTestId('video-clip-link');
    assert.match((await link.textContent()) ?? '', /剪辑自 @鹿小满.*看回放/);
    assert.equal(await link.getAttribute('data-live'), 'false');
    await shot(fan, 'clip-replay-player');

    // The way back: the replay, playing from the clip's start.
    await link.click();
    await fan.getByTestId('replay-page').waitFor();
    assert.match(fan.url(), new RegExp(`replay\\?id=${replay.id}&t=${Math.floor(startS)}$`));
    await fan.waitForFunction(
      () => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid=replay-video]');
        return !!v && v.readyState >= 2 && v.getVideoPlaybackQuality().totalVideoFrames > 0;
      },
      null,
      { timeout: 20_000 },
    );
    const back = await playhead(fan);
    assert.ok(back >= startS - 1 && back <= startS + 4, `the replay opened at ${back} s, the clip starts at ${startS} s`);
    await shot(fan, 'clip-replay-back');

    // The feed's grid: the clip's card with its badge.
    await open(fan, env.server.url, '/pages/index/index');
    const card = fan.locator(`[data-testid=video-card][data-video-id="${videoId}"]`);
    await card.getByTestId('video-clip-badge').waitFor({ timeout: 15_000 });
    assert.match((await card.textContent()) ?? '', /小满的回放高光.*剪辑自 @鹿小满/);
  });

  it("says the server's refusal in the sheet: past the hourly limit, in Chinese and in English", async () => {
    await watch(fan, replay.id);
    const sheet = await openSheet(fan);
    await sheet.getByTestId('clip-go').click();
    const error = sheet.getByTestId('clip-error');
    await error.waitFor({ timeout: 15_000 });
    assert.equal(await error.textContent(), '剪辑太频繁了，请稍后再试');
    await shot(fan, 'clip-replay-error');

    // English: the sheet, a clip made, then the second refused.
    await watch(en, replay.id);
    await seekTo(en, replay.duration - 3);
    const enSheet = await openSheet(en);
    assert.match((await enSheet.textContent()) ?? '', /Clip this replay.*Clip range.*Clip these \d+ s/);
    await shot(en, 'clip-replay-sheet-en');
    await enSheet.getByTestId('clip-go').click();
    await enSheet.getByTestId('clip-done').waitFor({ timeout: 20_000 });
    await settled(enSheet);
    await en.locator('.clip-done__poster img').evaluate((img: HTMLImageElement) => img.decode());
    assert.match((await enSheet.textContent()) ?? '', /Clip posted to Videos/);
    await shot(en, 'clip-replay-done-en');
    await enSheet.getByTestId('clip-again').click();
    await enSheet.getByTestId('clip-go').click();
    await enSheet.getByTestId('clip-error').filter({ hasText: 'Too many clips. Try again later' }).waitFor({ timeout: 15_000 });
    await shot(en, 'clip-replay-error-en');
  });

  it('dims ✂ on the replay once the anchor turned clips off, and says why', async () => {
    // The anchor goes live again with clips off: the setting is the room's, its replays follow it.
    const { list: cats } = await call(env.server.url, 'roomCategories');
    await call(env.server.url, 'roomOpen', { title: '周末夜谈', category_id: cats[0]!.id, kind: 'live', settings: { allow_clips: false } }, b.anchor.token);
    assert.equal((await call(env.server.url, 'replayInfo', { id: replay.id })).allow_clips, false);

    await watch(fan, replay.id);
    await fan.locator('[data-testid=replay-clip-button].rp-clip--off').waitFor();
    await shot(fan, 'clip-replay-button-off');
    const sheet = await openSheet(fan);
    await sheet.getByTestId('clip-off').filter({ hasText: '主播已关闭剪辑' }).waitFor();
    assert.equal(await sheet.getByTestId('clip-go').count(), 0);
    await shot(fan, 'clip-replay-off');

    await watch(en, replay.id);
    const enSheet = await openSheet(en);
    assert.match((await enSheet.getByTestId('clip-off').textContent()) ?? '', /Clips are off.*This replay cannot be clipped/);
    await shot(en, 'clip-replay-off-en');
  });
});
