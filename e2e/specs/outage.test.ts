import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@app/testkit';
import type { Browser } from 'playwright-core';
import { call, registerMember } from '../lib/api.js';
import { launch, shot } from '../lib/browser.js';
import { firstFrame } from '../lib/media.js';
import { pageAs as phonePageAs, type Member } from '../lib/member.js';
import { open, routeOf, storedToken } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';

/**
 * A server restart that takes long (issue 34), as a user lives it: 45 s down while a logged-in user
 * is on the live list (in English) and in a room. The session outlives it (only a refusal by the
 * server ends one), both pages show the offline state, and all resumes without a reload: the list
 * refetches, the hall and the room channel reconnect, the room plays. The home's layout with its
 * live strip filled: boards.test.ts.
 */

/** How long the server stays down: the scenario's own length (not a wait for something to happen). */
const OUTAGE_MS = 45_000;
const downFor = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: RunningServer;
let browser: Browser;

/** A phone page logged in as `m`, with no service worker (a worker that had precached the app would hide a server that is down). */
const pageAs = (m: Member, locale = 'zh-CN') => phonePageAs(browser, m, [], locale, { serviceWorkers: 'block' });

before(async () => {
  [server, browser] = await Promise.all([startServer({ DEMO_PUBLISHER: 'on' }), launch()]);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a server down for 45 s', () => {
  it('on the live list and in a room: still logged in, the offline state, all resumes without a reload', async () => {
    const member = await registerMember(server.url);
    const room = (await eventually(async () => (await call(server.url, 'anchorList', { page: 1, size: 1, kind: 'live' })).list[0], {
      what: 'a demo live room (not a chat room: its page is another route) streaming',
      timeout: 60_000,
      interval: 500,
    }))!;
    // One user, one context: the live list in one tab (an English phone), a room in another.
    const { ctx, page: list } = await pageAs(member, 'en');
    const inRoom = await ctx.newPage();
    await Promise.all([open(list, server.url, '/pages/live/index'), open(inRoom, server.url, `/pages/room/index?id=${room.id}`)]);
    await Promise.all([list.getByTestId('room-card').first().waitFor({ timeout: 60_000 }), firstFrame(inRoom, 'anchor', 60_000)]);
    // Gone after a reload: proves none happened.
    for (const p of [list, inRoom]) await p.evaluate(() => ((window as unknown as { __sameLoad: boolean }).__sameLoad = true));

    const started = Date.now();
    await server.halt();
    await Promise.all([list, inRoom].map((p) => p.getByTestId('offline-banner').waitFor({ timeout: 20_000 })));
    await shot(list, 'resilience-server-down-live-en');
    await shot(inRoom, 'resilience-server-down-room');
    // In the room the strip floats under the room's top bar: the anchor's name and the close button stay in reach.
    const [strip, topBar] = await Promise.all([inRoom.getByTestId('offline-banner').boundingBox(), inRoom.locator('.room-top').boundingBox()]);
    assert.ok(
      strip && topBar && strip.y >= topBar.y + topBar.height,
      `the offline strip (y ${strip?.y}) covers the room's top bar (to ${topBar && topBar.y + topBar.height})`,
    );
    await downFor(OUTAGE_MS - (Date.now() - started));
    for (const p of [list, inRoom]) assert.equal(await storedToken(p), member.token, 'the session is kept through the outage');

    // Back: the list refetches (not only its cache), the hall and the room channel reconnect, the room plays again.
    const refetched = list.waitForResponse((r) => r.url().includes('/home/anchor/list') && r.ok(), { timeout: 90_000 });
    await server.resume();
    await refetched;
    await Promise.all([list, inRoom].map((p) => p.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 20_000 })));
    // Frames decoded again (counted as they rise: a new stream may start its count from zero).
    await inRoom
      .waitForFunction(
        () => {
          const w = window as unknown as { __frames?: number; __rise?: number };
          const n = document.querySelector<HTMLVideoElement>('video[data-seat="anchor"]')?.getVideoPlaybackQuality().totalVideoFrames ?? 0;
          w.__rise = (w.__rise ?? 0) + Math.max(0, n - (w.__frames ?? n));
          w.__frames = n;
          return w.__rise > 10;
        },
        null,
        { polling: 200, timeout: 30_000 },
      )
      .catch(async (e: unknown) => {
        await shot(inRoom, 'resilience-room-not-back');
        throw e;
      });
    for (const p of [list, inRoom]) {
      assert.equal(await p.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad), true, 'no reload');
      assert.equal(await storedToken(p), member.token);
    }
    assert.equal(await routeOf(list), '/pages/live/index');
    assert.equal(await routeOf(inRoom), '/pages/room/index');
    await inRoom.getByTestId('live-stage').waitFor();
    await shot(inRoom, 'resilience-server-back-room');
    await ctx.close();
  });
});
