import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { ROOM_NAMESPACE, type RoomAck } from '@app/contract';
import { eventually } from '@app/testkit';
import { call } from '../lib/api.js';
import { launch, shot } from '../lib/browser.js';
import { approvedAnchor, operatorOf, topUp, type Member } from '../lib/member.js';
import { assertBarFits, closeSheet, openDanmakuSettings, openMore } from '../lib/roomBar.js';
import { roomKit } from '../lib/roomKit.js';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * Danmaku done fully (issue 35 part 2), in the browser: a viewer turns every chat line into danmaku
 * (remembered over a reload), a storm of 50 lines/s from five senders flies in lanes with no two
 * lines of a lane touching and none over the anchor's face band, moved by transform animations
 * only; the frame budget under a 4× CPU throttle (a mid-range phone) is measured with
 * requestAnimationFrame and printed. The viewer's bar keeps the input wide (the settings are behind
 * ⋯, their tile showing the mode). Screens at 375×812 in zh-CN and English.
 */

let server: RunningServer;
let browser: Browser;
let operator: Member;
const { member, pageAs, enterRoom, closeAll } = roomKit(() => ({ server, browser, operator }));
const sockets: Socket[] = [];
let roomId: number;
let anchorId: number;
/** The storm's senders, joined once and used by both tests. */
let senders: Socket[] = [];

const RATE = 50;
const STORM_MS = 4000;

before(async () => {
  [server, browser] = await Promise.all([startServer({ ROOM_GRACE_MS: '600000', ROOM_CHAT_PER_10S: '1000' }), launch()]);
  operator = await operatorOf(server);
  const anchor = await approvedAnchor(server, operator, await member('弹幕主播'));
  anchorId = anchor.user.id;
  const { list: cats } = await call(server.url, 'roomCategories');
  roomId = (await call(server.url, 'roomOpen', { title: '弹幕之夜', category_id: cats[0]!.id, kind: 'live' }, anchor.token)).id;
});
after(async () => {
  for (const s of sockets) s.close();
  await closeAll();
  await browser?.close();
  await server?.stop();
});

/** A member's room socket, joined to the room. */
async function sender(name: string): Promise<Socket> {
  const m = await member(name);
  const sock = io(`${server.url}${ROOM_NAMESPACE}`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { uuid: m.user.uuid, token: m.token },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(sock);
  await new Promise<void>((ok, fail) => {
    sock.once('connect', () => ok());
    sock.once('connect_error', fail);
  });
  const joined = await sock.timeout(10_000).emitWithAck('join', { room_id: roomId });
  assert.equal((joined as RoomAck<unknown>).code, 200);
  return sock;
}

const LINES = ['主播好', '前方高能！！！', '666666', '这首歌太好听了吧，单曲循环一整晚', '哈哈哈哈', '来了来了', '弹幕护体', 'awsl', '爷青回', '下次一定'];

/** `rate` lines a second for `ms`, spread over the senders; resolves with the number sent. */
async function storm(from: Socket[], rate: number, ms: number): Promise<number> {
  const every = 1000 / rate;
  const started = Date.now();
  let n = 0;
  const acks: Promise<unknown>[] = [];
  while (Date.now() - started < ms) {
    const due = Math.floor((Date.now() - started) / every);
    for (; n <= due; n++) acks.push(from[n % from.length]!.timeout(10_000).emitWithAck('chat', { text: `${LINES[n % LINES.length]} ${n}` }));
    await new Promise((r) => setTimeout(r, every));
  }
  const answers = (await Promise.all(acks)) as RoomAck<unknown>[];
  assert.ok(
    answers.every((a) => a.code === 200),
    `every line accepted: ${answers.find((a) => a.code !== 200)?.msg ?? ''}`,
  );
  return n;
}

/** Every flying line's box, lane and animated properties, and the face band, at this moment. */
const sample = (page: Page) =>
  page.evaluate(() => {
    const host = document.querySelector<HTMLElement>('[data-testid=danmaku]')!;
    const stage = host.offsetParent as HTMLElement;
    const s = stage.getBoundingClientRect();
    return {
      stageTop: s.top,
      stageHeight: s.height,
      items: [...host.querySelectorAll<HTMLElement>('.danmaku__item')].map((el) => {
        const r = el.getBoundingClientRect();
        const props = el
          .getAnimations()
          .flatMap((a) =>
            (a.effect as KeyframeEffect)
              .getKeyframes()
              .flatMap((k) => Object.keys(k).filter((p) => !['offset', 'easing', 'composite', 'computedOffset'].includes(p))),
          );
        return { lane: el.dataset.lane!, left: r.left, right: r.right, top: r.top, bottom: r.bottom, props, kind: el.className };
      }),
    };
  });

describe('danmaku', () => {
  it('flies every chat line in lanes at 50 lines/s with no overlap, off the face, within a printed frame budget', async () => {
    const viewer = await member('看弹幕');
    const page = await pageAs(viewer);
    await enterRoom(page, roomId);

    // The bar: the input keeps its width, the rest behind ⋯, the gift last.
    const bar = await assertBarFits(page, 'a viewer');
    assert.equal(bar.buttons.at(-1), 'gift-button');
    assert.ok(bar.buttons.includes('more-button') && !bar.buttons.includes('danmaku-button'), `the bar holds ${bar.buttons.join(', ')}`);
    await page.getByTestId('bullet-toggle').click();
    assert.equal(await page.getByTestId('bullet-toggle').getAttribute('aria-pressed'), 'true');
    assert.equal((await assertBarFits(page, 'a viewer sending bullets')).placeholder, '发条弹幕…');
    await shot(page, 'room-bar');
    await page.getByTestId('bullet-toggle').click();
    await openMore(page);
    await shot(page, 'room-more');
    await closeSheet(page);

    await openDanmakuSettings(page);
    await page.getByTestId('danmaku-mode').getByRole('radio', { name: '全部聊天' }).click();
    await page.getByTestId('danmaku-density').getByRole('radio', { name: '密集' }).click();
    await shot(page, 'danmaku-settings');
    await closeSheet(page);
    // Remembered: a reload keeps it.
    await page.reload();
    await page.getByTestId('live-stage').waitFor();
    await page.locator('[data-testid=danmaku][data-mode=all]').waitFor();

    senders = await Promise.all(['甲', '乙', '丙', '丁', '戊'].map((n) => sender(`发送者${n}`)));
    // The box's own pace: an idle room's frames, unthrottled, printed beside the budget.
    const idle = await page.evaluate(
      `new Promise((done) => { const f = []; let last = performance.now(); function tick(now) { f.push(now - last); last = now; if (f.length < 60) requestAnimationFrame(tick); else done(f.slice(1).sort((a, b) => a - b)[29]); } requestAnimationFrame(tick); })`,
    );
    console.log(`[danmaku frame budget] idle room, unthrottled: median frame ${Number(idle).toFixed(1)} ms`);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // A script, not a function: the test's bundler would name the inner function with a helper the page lacks.
    await page.evaluate(`(() => {
      window.__frames = [];
      window.__stop = false;
      let last = performance.now();
      function tick(now) {
        window.__frames.push(now - last);
        last = now;
        if (!window.__stop) requestAnimationFrame(tick);
      }
      requestAnimationFrame(tick);
    })()`);

    const samples: Awaited<ReturnType<typeof sample>>[] = [];
    let storming = true;
    const sampling = (async () => {
      while (storming) {
        samples.push(await sample(page));
        await new Promise((r) => setTimeout(r, 400));
      }
    })();
    const sent = await storm(senders, RATE, STORM_MS);
    storming = false;
    await sampling;
    const frames = await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __stop: boolean };
      w.__stop = true;
      return w.__frames.slice(1);
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await shot(page, 'danmaku-all-chat');

    const sorted = [...frames].sort((a, b) => a - b);
    const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
    const over = frames.filter((f) => f > 1000 / 60 + 2).length;
    const flown = new Set(samples.flatMap((s) => s.items.map((i) => `${i.lane}:${Math.round(i.top)}`))).size;
    console.log(
      `[danmaku frame budget] ${sent} lines in ${STORM_MS} ms (${RATE}/s), CPU throttled 4×: ${frames.length} frames, ` +
        `median ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms, ` +
        `${over} frames (${((over / frames.length) * 100).toFixed(1)}%) over the 16.7 ms budget; ${samples.length} samples, lanes in use ${flown}`,
    );

    const all = samples.flatMap((s) => s.items);
    assert.ok(all.length >= 5, `lines were flying (${all.length} seen)`);
    assert.ok(new Set(all.map((i) => i.lane)).size >= 2, 'several lanes in use');
    // Transforms only: nothing else is animated.
    assert.deepEqual([...new Set(all.flatMap((i) => i.props))], ['transform']);
    for (const s of samples) {
      const lanes = new Map<string, typeof s.items>();
      for (const i of s.items) lanes.set(i.lane, [...(lanes.get(i.lane) ?? []), i]);
      for (const [lane, items] of lanes) {
        const row = items.filter((i) => i.right > 0 && i.left < 375).sort((a, b) => a.left - b.left);
        for (let k = 1; k < row.length; k++) assert.ok(row[k]!.left >= row[k - 1]!.right, `lane ${lane}: ${row[k - 1]!.right} overlaps ${row[k]!.left}`);
      }
      // The portrait camera's face band (18%–44% of the stage) stays clear.
      const [top, bottom] = [s.stageTop + Math.round(s.stageHeight * 0.18), s.stageTop + Math.round(s.stageHeight * 0.44)];
      for (const i of s.items) assert.ok(i.bottom <= top + 1 || i.top >= bottom - 1, `a line at ${i.top}–${i.bottom} flies over the face ${top}–${bottom}`);
    }
    // The budget is printed, not asserted: on a shared CI box the throttled page's frame times say more about the box than the layer.
    assert.ok(frames.length > 10, `frames were recorded (${frames.length})`);
  });

  it('shows the settings and the flying lines in English, a gift highlighted', async () => {
    const viewer = await member('viewer');
    const { ctx, page } = await (await import('../lib/member.js')).pageAs(browser, viewer, [], 'en');
    try {
      await enterRoom(page, roomId);
      // The longer English words fit the bar (with bullets on and ⋯'s sheet: replayDanmaku.test.ts, over a live picture).
      assert.equal((await assertBarFits(page, 'an English viewer')).placeholder, 'Say something…');
      await openDanmakuSettings(page);
      await page.getByTestId('danmaku-mode').getByRole('radio', { name: 'All chat' }).click();
      await shot(page, 'danmaku-settings-en');
      await closeSheet(page);
      // A gift flies too, highlighted.
      const giver = await member('giver');
      await topUp(server.url, giver);
      const rose = (await call(server.url, 'commonConfig')).gift.find((g) => g.name === '玫瑰')!;
      await call(
        server.url,
        'giftSend',
        { request_id: randomUUID().replace(/-/g, ''), room_id: roomId, gift_id: rose.gift_id, count: 1, receiver_id: anchorId },
        giver.token,
      );
      await storm(senders, 5, 1000);
      await page.locator('.danmaku__item--gift').first().waitFor({ timeout: 10_000 });
      await eventually(async () => ((await page.locator('.danmaku__item').count()) >= 3 ? true : undefined), { what: 'lines flying' });
      await shot(page, 'danmaku-all-chat-en');
    } finally {
      await ctx.close();
    }
  });
});
