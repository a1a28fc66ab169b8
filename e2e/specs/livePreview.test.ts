import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { eventually } from '@app/testkit';
import { call } from '../lib/api.js';
import { launch, shot } from '../lib/browser.js';
import { FAKE_MEDIA_FLAGS } from '../lib/media.js';
import { operatorOf, type Member } from '../lib/member.js';
import { open } from '../lib/page.js';
import { roomKit } from '../lib/roomKit.js';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * The live list's top card in the browser (issue 20 item 6): it plays its room's live picture,
 * muted, from the room's HLS (the egress on), decoded by hls.js. The room's anchor publishes
 * Chromium's fake camera. Screens are saved at 375×812.
 */

let server: RunningServer;
let browser: Browser;
let operator: Member;
const { member, pageAs, liveAnchor, closeAll } = roomKit(() => ({ server, browser, operator }));

let a: Awaited<ReturnType<typeof liveAnchor>>;

before(async () => {
  [server, browser] = await Promise.all([startServer({ ROOM_GRACE_MS: '600000', LIVE_EGRESS: 'on' }), launch(FAKE_MEDIA_FLAGS)]);
  operator = await operatorOf(server);
  a = await liveAnchor('小鹿酱', '今晚唱歌');
  // The preview plays the room's HLS: its playlist must hold a few segments first (the egress's
  // first seconds), as it does for a room live for a while.
  await eventually(
    async () => {
      const { hls_url } = await call(server.url, 'roomMedia', { room_id: a.roomId, kind: 'play' }, a.anchor.token);
      if (!hls_url) return undefined;
      const playlist = await fetch(new URL(hls_url, server.url)).then((r) => (r.ok ? r.text() : ''));
      return (playlist.match(/#EXTINF/g)?.length ?? 0) >= 3 ? true : undefined;
    },
    { what: "the room's HLS playlist holding three segments", timeout: 30_000 },
  );
});
after(async () => {
  await closeAll();
  await browser?.close();
  await server?.stop();
});

describe("the live list's top card", () => {
  it("the live list's top card plays its room's live picture, muted, from the room's HLS (decoded frames)", async () => {
    const viewer = await member('看预览');
    const page = await pageAs(viewer);
    await open(page, server.url, '/pages/live/index');
    const lead = page.locator('.room-card--lead');
    await lead.waitFor();
    assert.equal(Number(await lead.getAttribute('data-room-id')), a.roomId, 'the top card is the live room');
    const video = lead.locator('[data-testid=live-preview][data-state=on] video');
    await video.waitFor({ timeout: 20_000 });
    // hls.js plays the room's playlist: frames keep being decoded, with no sound.
    const decoded = () => video.evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames);
    await eventually(async () => ((await decoded()) > 5 ? true : undefined), { what: 'the preview decoding frames', timeout: 30_000 });
    const before = await decoded();
    await eventually(async () => ((await decoded()) > before ? true : undefined), { what: 'the preview still playing', timeout: 10_000 });
    assert.equal(await video.evaluate((v: HTMLVideoElement) => v.muted), true);
    await shot(page, 'boards-live-preview');
  });
});
