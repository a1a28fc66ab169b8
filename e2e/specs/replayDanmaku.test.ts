import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { ROOM_NAMESPACE, type RoomAck } from '@app/contract';
import { eventually } from '@app/testkit';
import { call } from '../lib/api.js';
import { launch, settled, shot } from '../lib/browser.js';
import { FAKE_MEDIA_FLAGS, firstFrame } from '../lib/media.js';
import { operatorOf, pageAs, type Member } from '../lib/member.js';
import { open } from '../lib/page.js';
import { assertBarFits, closeSheet, openMore } from '../lib/roomBar.js';
import { roomKit, type RoomEnv } from '../lib/roomKit.js';
import { startServer } from '../lib/server.js';

/*
 * A replay's danmaku in the browser (decision 0234): an anchor is live from the browser (the egress
 * records it); a viewer's socket sends one line as a 弹 bullet early and another six segments later;
 * the live ends and its replay plays. Each line flies across the replay when playback reaches the
 * moment it was sent, and not before: the layer is watched from the page's start and every line that
 * enters it is stamped with the video's time. While the live runs, an English viewer's bar is
 * checked to fit, with ⋯'s sheet. Screens at 375×812 in zh-CN and English.
 */

let env: RoomEnv;
let browser: Browser;
const kit = roomKit(() => env);
let a: { anchor: Member; roomId: number; page: Page };

const EARLY = '开场就到，前排占座';
const LATE = '这段太精彩了！';

/** Records each line entering the replay's danmaku layer with the video's time then (an init script: it runs before the app). */
const STAMP_JS = `(() => {
  window.__flown = [];
  new MutationObserver((records) => {
    const video = document.querySelector('[data-testid=replay-video]');
    for (const r of records)
      for (const n of r.addedNodes)
        if (n instanceof HTMLElement && n.classList.contains('danmaku__item') && n.closest('[data-testid=replay-danmaku]'))
          window.__flown.push({ text: n.textContent, at: video ? video.currentTime : -1 });
  }).observe(document, { childList: true, subtree: true });
})()`;

type Flown = { text: string; at: number };
const flown = (page: Page) => page.evaluate(() => (window as unknown as { __flown: Flown[] }).__flown);

/** Resolves once `text` flies over the replay; a failure says where the video was. */
async function flies(page: Page, text: string): Promise<void> {
  try {
    await page.getByTestId('replay-danmaku').locator('.danmaku__item', { hasText: text }).waitFor({ timeout: 30_000 });
  } catch (e) {
    const v = await page.evaluate(() => {
      const el = document.querySelector<HTMLVideoElement>('[data-testid=replay-video]');
      return el && { time: el.currentTime, duration: el.duration, paused: el.paused, ready: el.readyState };
    });
    throw new Error(`“${text}” never flew; the video: ${JSON.stringify(v)}`, { cause: e });
  }
}

/** Resolves once the flying `text` has wholly come onto the screen (for its picture). */
const wholeOnScreen = (page: Page, text: string) =>
  page.waitForFunction(
    (t) =>
      [...document.querySelectorAll('[data-testid=replay-danmaku] .danmaku__item')].some(
        (e) => e.textContent === t && e.getBoundingClientRect().right <= window.innerWidth - 16,
      ),
    text,
    { timeout: 10_000 },
  );

/**
 * An English viewer of the live: the longer words fit the bar (the placeholders whole, bullets on
 * and off), ⋯'s sheet names the danmaku mode, and turned off the tile's icon is struck through.
 */
async function englishViewerBar(): Promise<void> {
  const { ctx, page } = await pageAs(browser, await kit.member('Lily'), [], 'en');
  kit.contexts.push(ctx);
  await kit.enterRoom(page, a.roomId);
  await firstFrame(page, 'anchor', 20_000);
  assert.equal((await assertBarFits(page, 'an English viewer')).placeholder, 'Say something…');
  await page.getByTestId('bullet-toggle').click();
  assert.equal((await assertBarFits(page, 'an English viewer sending bullets')).placeholder, 'Send a bullet…');
  await shot(page, 'room-bar-en');
  await page.getByTestId('bullet-toggle').click();
  await openMore(page);
  assert.match((await page.locator('[data-testid=danmaku-button][data-mode=bullets]').textContent()) ?? '', /Danmaku\s*Bullets/);
  assert.equal(await page.locator('[data-testid=danmaku-button] svg[data-off]').count(), 0, 'the icon is lit');
  await shot(page, 'room-more-en');
  await page.getByTestId('danmaku-button').click();
  await settled(page.locator('.dm-sheet'));
  await page.getByTestId('danmaku-mode').getByRole('radio', { name: 'Off' }).click();
  await closeSheet(page);
  await openMore(page);
  await page.locator('[data-testid=danmaku-button][data-mode=off] svg[data-off]').waitFor();
  assert.match((await page.getByTestId('danmaku-button').textContent()) ?? '', /Danmaku\s*Off/);
  await shot(page, 'room-more-danmaku-off-en');
  await ctx.close();
}

/** A member's room socket, joined to the live. */
async function roomSocket(m: Member): Promise<Socket> {
  const sock = io(`${env.server.url}${ROOM_NAMESPACE}`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { uuid: m.user.uuid, token: m.token },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((ok, fail) => {
    sock.once('connect', () => ok());
    sock.once('connect_error', fail);
  });
  const joined = (await sock.timeout(10_000).emitWithAck('join', { room_id: a.roomId })) as RoomAck<unknown>;
  assert.equal(joined.code, 200, joined.msg);
  return sock;
}

/** Segments the egress has written for the room so far (the live playlist's media sequence plus the ones it lists). */
async function segments(): Promise<number> {
  const { hls_url } = await call(env.server.url, 'roomMedia', { room_id: a.roomId, kind: 'play' }, a.anchor.token);
  if (!hls_url) return 0;
  const playlist = await fetch(new URL(hls_url, env.server.url)).then((r) => (r.ok ? r.text() : ''));
  return Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)?.[1] ?? 0) + (playlist.match(/#EXTINF/g)?.length ?? 0);
}

/** Resolves once the egress has written `more` segments after the `from`th. */
const segmentsPast = (from: number, more: number) =>
  eventually(async () => ((await segments()) >= from + more ? true : undefined), { what: `${more} more segments of the live`, timeout: 30_000 });

before(async () => {
  const [server, b] = await Promise.all([startServer({ ROOM_GRACE_MS: '600000', LIVE_EGRESS: 'on' }), launch(FAKE_MEDIA_FLAGS)]);
  browser = b;
  env = { server, browser, operator: await operatorOf(server) };
  a = await kit.liveAnchor('回放主播', '回放里的弹幕');
});
after(async () => {
  await kit.closeAll();
  await browser?.close();
  await env?.server.stop();
});

describe("a replay's danmaku", () => {
  it('flies each line of the live across the replay when playback reaches the moment it was sent, not before', async (t) => {
    const t0 = Date.now();
    const step = (what: string) => t.diagnostic(`${what}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const viewer = await kit.member('回放观众');
    const sock = await roomSocket(viewer);
    const say = async (text: string) => {
      const ack = (await sock.timeout(10_000).emitWithAck('chat', { text, danmaku: true })) as RoomAck<unknown>;
      assert.equal(ack.code, 200, ack.msg);
    };
    // While the live runs, an English viewer's bar over its picture.
    const watching = englishViewerBar();
    // One line as the egress's first segment is out, the next six segments of stream later.
    await segmentsPast(0, 1);
    await say(EARLY);
    step('the early line sent');
    await segmentsPast(await segments(), 6);
    await say(LATE);
    // The live runs on, so the late line has seconds of recording to fly over (the last segment or two are not kept).
    await segmentsPast(await segments(), 6);
    sock.close();
    await watching;
    step('the English viewer done');
    await call(env.server.url, 'roomClose', { room_id: a.roomId }, a.anchor.token);
    step('the live closed');

    const replay = await eventually(async () => (await call(env.server.url, 'replayList', { anchor_id: a.anchor.user.id })).list[0], {
      what: 'the replay listed',
      timeout: 20_000,
    });
    const { lines } = await call(env.server.url, 'replayDanmaku', { id: replay.id, from: 0 });
    const at = (text: string) => lines.find((l) => l.text === text && l.danmaku)!.t;
    const [early, late] = [at(EARLY), at(LATE)];
    assert.ok(late - early >= 2.5, `the lines were sent apart (${early} s and ${late} s into the replay)`);
    step(`the replay ready (${replay.duration} s), its lines at ${early} s and ${late} s`);

    // Watched from the start: the early line flies when playback reaches it, the late one is not there yet.
    // Two phones watch it side by side: this viewer's, and another in English for its picture.
    const [zh, en] = await Promise.all([pageAs(browser, viewer, [STAMP_JS]), pageAs(browser, await kit.member('Replay fan'), [], 'en')]);
    kit.contexts.push(zh.ctx, en.ctx);
    const watch = zh.page;
    await Promise.all([
      open(watch, env.server.url, `/pages/index/replay?id=${replay.id}`),
      open(en.page, env.server.url, `/pages/index/replay?id=${replay.id}`),
    ]);
    const enFlies = flies(en.page, EARLY)
      .then(() => wholeOnScreen(en.page, EARLY))
      .then(() => shot(en.page, 'replay-danmaku-en'));
    await flies(watch, EARLY);
    const now = await watch.evaluate((text) => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid=replay-video]')!;
      const items = [...document.querySelectorAll('[data-testid=replay-danmaku] .danmaku__item')].map((e) => e.textContent);
      return { time: video.currentTime, late: items.includes(text) };
    }, LATE);
    assert.ok(now.time < late, `the check ran before the late line's moment (${now.time} s, the line at ${late} s)`);
    assert.equal(now.late, false, `the late line is not flying at ${now.time} s`);
    await flies(watch, LATE);
    step('the late line flew');

    const stamps = await flown(watch);
    for (const [text, t] of [
      [EARLY, early],
      [LATE, late],
    ] as const) {
      const s = stamps.filter((x) => x.text === text);
      assert.equal(s.length, 1, `“${text}” flew once (${JSON.stringify(stamps)})`);
      // Time updates come about four times a second: a line flies within a beat of its moment, never before.
      assert.ok(s[0]!.at >= t && s[0]!.at < t + 1.5, `“${text}” sent at ${t} s flew at ${s[0]!.at} s of the replay`);
    }
    await wholeOnScreen(watch, LATE);
    await shot(watch, 'replay-danmaku');
    await enFlies;
  });
});
