import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { ROOM_NAMESPACE, type RoomAck } from '@app/contract';
import { eventually } from '@app/testkit';
import { call, registerMember } from '../lib/api.js';
import { launch, settled, shot } from '../lib/browser.js';
import { approvedAnchor, operatorOf, pageAs, topUp, type Member } from '../lib/member.js';
import { open } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * The creator dashboard in the browser (decisions 0245–0249): an anchor whose live had viewers
 * (room sockets joined through the API, sampled by the worker), gifts, a follow and stream health
 * opens 主播中心 and one live's page, and every chart is drawn by uPlot (its canvas has painted
 * pixels). The figures themselves are the server suite's (apps/server/test/dashboard.test.ts).
 * Shots at 375×812, zh-CN and English: the dashboard, the live, an anchor with no lives yet, and a
 * member who is not an anchor.
 */

let server: RunningServer;
let browser: Browser;
let star: Member;
let fresh: Member;
let plain: Member;
const sockets: Socket[] = [];
const rid = () => randomUUID().replace(/-/g, '');

async function named(nickname: string): Promise<Member> {
  const m = await registerMember(server.url);
  await call(server.url, 'updateUserInfo', { nickname }, m.token);
  return { ...m, user: { ...m.user, nickname } };
}

/** A member's room socket joined to the room: one more in its online count. */
async function viewer(m: Member, roomId: number): Promise<void> {
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
  assert.equal(((await sock.timeout(10_000).emitWithAck('join', { room_id: roomId })) as RoomAck<unknown>).code, 200);
}

/** Samples of the live the worker wrote, as the dashboard reads them. */
const sampled = async (liveId: number, viewers: number) =>
  (await call(server.url, 'creatorLive', { id: liveId }, star.token)).viewers.list.filter((p) => p.viewers === viewers).length;

before(async () => {
  [server, browser] = await Promise.all([startServer({ LIVE_STATS_SAMPLE_MS: '300', LIVE_HEALTH_S: '1', ROOM_GRACE_MS: '600000' }), launch()]);
  const op = await operatorOf(server);
  star = await approvedAnchor(server, op, await named('夜光小鹿'));
  fresh = await approvedAnchor(server, op, await named('新人主播'));
  plain = await named('路过的观众');
  const { list: cats } = await call(server.url, 'roomCategories');
  const room = await call(server.url, 'roomOpen', { title: '周末弹唱 · 点歌专场', category_id: cats[0]!.id, kind: 'live' }, star.token);
  const liveId = (await call(server.url, 'creatorLives', { page: 1, size: 1 }, star.token)).list[0]!.id;
  // The audience grows, so the chart has a shape: 1 viewer, then 3, then 5 (the anchor is not in the channel).
  const fans = await Promise.all(['阿星', '小满', '橘子汽水', '北岛', '木木'].map(named));
  await viewer(fans[0]!, room.id);
  await eventually(async () => (await sampled(liveId, 1)) >= 3, { what: 'samples of one viewer', timeout: 20_000 });
  await Promise.all(fans.slice(1, 3).map((f) => viewer(f, room.id)));
  await eventually(async () => (await sampled(liveId, 3)) >= 4, { what: 'samples of three viewers', timeout: 20_000 });
  await Promise.all(fans.slice(3).map((f) => viewer(f, room.id)));
  const gifts = (await call(server.url, 'commonConfig')).gift.sort((a, b) => a.price - b.price);
  for (const [i, f] of fans.slice(0, 3).entries()) {
    await topUp(server.url, f, 2);
    const g = gifts[Math.min(i, gifts.length - 1)]!;
    await call(server.url, 'giftSend', { request_id: rid(), room_id: room.id, gift_id: g.gift_id, count: 3 - i, receiver_id: star.user.id }, f.token);
    await call(server.url, 'followAdd', { user_id: star.user.id }, f.token);
  }
  // One health sample is kept per LIVE_HEALTH_S: each is reported until it is kept.
  for (let i = 0; i < 3; i++) {
    const sample = {
      room_id: room.id,
      bitrate: 1_200_000 - i * 150_000,
      target: 1_500_000,
      fps: 30 - i,
      width: 720,
      height: 1280,
      loss: 0.01 * i,
      rtt_ms: 35,
      limited: 'none' as const,
    };
    await eventually(async () => (await call(server.url, 'liveHealthReport', sample, star.token)).stored, { what: 'a kept health sample', interval: 250 });
  }
  await eventually(async () => (await sampled(liveId, 5)) >= 4, { what: 'samples of five viewers', timeout: 20_000 });
});
after(async () => {
  for (const s of sockets) s.close();
  await browser?.close();
  await server?.stop();
});

/** Painted pixels of the chart's canvas (0: uPlot drew nothing). */
const painted = (page: Page, testId: string) =>
  page.evaluate((id) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid=${id}] canvas`);
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || canvas.width === 0) return 0;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
    return n;
  }, testId);

async function drawn(page: Page, testId: string): Promise<void> {
  await page.getByTestId(testId).locator('canvas').waitFor();
  await eventually(async () => (await painted(page, testId)) > 200, { what: `${testId} painted` });
}

describe('creator dashboard', () => {
  for (const locale of ['zh-CN', 'en']) {
    it(`draws the anchor's income and a live's charts (${locale})`, async () => {
      const { ctx, page } = await pageAs(browser, star, [], locale);
      page.on('pageerror', (e) => console.error(`[dashboard ${locale}]`, e.message));
      await open(page, server.url, '/pages/user/dashboard');
      await drawn(page, 'dash-earn-chart');
      assert.equal(await page.getByTestId('dash-live').count(), 1);
      await shot(page, `dashboard-${locale}`);

      await page.getByTestId('dash-live').click();
      await page.getByTestId('dash-live-page').waitFor();
      for (const chart of ['dash-viewers-chart', 'dash-gifts-chart', 'dash-health-chart']) await drawn(page, chart);
      // The peak is the worker's highest sample: five viewers joined.
      assert.equal(await page.getByTestId('dash-stat-peak').locator('b').innerText(), '5');
      assert.equal(await page.getByTestId('dash-top').locator('li').count(), 3);
      await shot(page, `dashboard-live-${locale}`);
      await page.getByTestId('dash-health-chart').scrollIntoViewIfNeeded();
      await settled(page.getByTestId('dash-health-chart'));
      await shot(page, `dashboard-live-end-${locale}`);
      await ctx.close();
    });

    it(`tells an anchor with no lives and a member who is not one what to do (${locale})`, async () => {
      for (const [who, testId, name] of [
        [fresh, 'dash-no-lives', 'dashboard-empty'],
        [plain, 'dash-not-anchor', 'dashboard-not-anchor'],
      ] as const) {
        const { ctx, page } = await pageAs(browser, who, [], locale);
        await open(page, server.url, '/pages/user/dashboard');
        await page.getByTestId(testId).waitFor();
        await shot(page, `${name}-${locale}`);
        await ctx.close();
      }
    });
  }
});
