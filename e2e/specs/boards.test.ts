import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, afterEach, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { eventually } from '@app/testkit';
import { call } from '../lib/api.js';
import { launch, phone, settled, shot } from '../lib/browser.js';
import { FAKE_MEDIA_FLAGS, firstFrame, seatFrameRise } from '../lib/media.js';
import { approvedAnchor, operatorOf, pageAs as phonePageAs, topUp, type Member } from '../lib/member.js';
import { imagesShown, layoutShift, open, watchLayoutShift } from '../lib/page.js';
import { roomKit } from '../lib/roomKit.js';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * Issue 20, items 5 and 6 in the browser: a room's contribution board orders the givers as the
 * gifts were sent, the anchor's card of a viewer offers mute and kick; the 关注 tab lists only the
 * followed anchors who are live; a swipe up in a room moves to the next live room of the list and
 * its picture plays (decoded frames); an English home with live rooms in its strip does not shift
 * as it fills. The live list's HLS preview: livePreview.test.ts. Screens are saved at 375×812.
 */

let server: RunningServer;
let browser: Browser;
let operator: Member;
const { contexts, member, pageAs, liveAnchor, closeAll } = roomKit(() => ({ server, browser, operator }));
const rid = () => randomUUID().replace(/-/g, '');

let a: Awaited<ReturnType<typeof liveAnchor>>;
let b: Awaited<ReturnType<typeof liveAnchor>>;

before(async () => {
  [server, browser] = await Promise.all([startServer({ ROOM_GRACE_MS: '600000' }), launch(FAKE_MEDIA_FLAGS)]);
  operator = await operatorOf(server);
  a = await liveAnchor('小鹿酱', '今晚唱歌');
  b = await liveAnchor('阿杰', '周末点歌台');
  // Both rooms show as streaming in the lists (the anchors' publish reached the server).
  await eventually(async () => {
    const { list } = await call(server.url, 'anchorList', { page: 1, size: 20 });
    return list.filter((r) => r.live).length === 2 ? true : undefined;
  });
});
// A test's own pages close with it: a viewer left decoding would cost every later test its CPU.
afterEach(async () => {
  await Promise.all(contexts.splice(2).map((c) => c.close().catch(() => undefined)));
});
after(async () => {
  await closeAll();
  await browser?.close();
  await server?.stop();
});

describe('room boards and discovery', () => {
  it("orders the room's contribution board as the gifts were sent; the anchor's card of a viewer offers mute and kick", async () => {
    const givers = await Promise.all(['大方哥', '月光', '小糖'].map((n) => member(n)));
    const { list: pkgs } = await call(server.url, 'rechargeCategory', undefined, givers[0]!.token);
    const pkg = pkgs.find((p) => p.amount >= 100 * 10000)!;
    for (const g of givers) await topUp(server.url, g, pkg.id);
    const gifts = (await call(server.url, 'commonConfig')).gift;
    const rose = gifts.find((g) => g.name === '玫瑰')!;
    const heart = gifts.find((g) => g.name === '爱心')!;
    const send = (who: Member, gift: { gift_id: number }, count: number) =>
      call(server.url, 'giftSend', { request_id: rid(), room_id: a.roomId, gift_id: gift.gift_id, count, receiver_id: a.anchor.user.id }, who.token);
    // 小糖 10, 大方哥 30, 月光 66: the board reads 月光, 大方哥, 小糖.
    await send(givers[2]!, rose, 1);
    await send(givers[0]!, rose, 3);
    await send(givers[1]!, heart, 1);

    const page = await pageAs(givers[0]!);
    await open(page, server.url, `/pages/room/index?id=${a.roomId}`);
    await page.getByTestId('live-stage').waitFor();
    await page.getByTestId('board-open').click();
    const board = page.locator('[data-testid=board-list][data-period=live]');
    await settled(board);
    const rows = board.getByTestId('board-row');
    await eventually(async () => ((await rows.count()) === 3 ? true : undefined));
    const names = await rows.locator('.board-row__name').allTextContents();
    assert.deepEqual(names, ['月光', '大方哥', '小糖']);
    const amounts = await board.getByTestId('board-amount').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-amount'))));
    assert.deepEqual(
      amounts,
      [66, 30, 10].map((c) => c * 10000),
    );
    assert.match((await page.getByTestId('board-me').textContent()) ?? '', /^2/);
    await shot(page, 'boards-live');
    await page.getByRole('tab', { name: '本周贡献' }).click();
    await page.locator('[data-testid=board-list][data-period=week]').getByTestId('board-row').nth(2).waitFor();
    await shot(page, 'boards-week');
    await page.getByRole('tab', { name: /^在线/ }).click();
    await page.getByTestId('viewer-list').getByTestId('board-row').first().waitFor();
    await shot(page, 'boards-viewers');

    // The anchor opens the viewer list and a viewer's card: follow, message, report, and mute, kick.
    await a.page.getByRole('button', { name: '在线观众' }).click();
    const row = a.page.locator(`[data-testid=viewer-list] [data-user-id="${givers[0]!.user.id}"]`);
    await row.waitFor();
    await row.click();
    await a.page.getByTestId('profile-sheet').getByText('大方哥').waitFor();
    await a.page.getByTestId('card-kick').waitFor();
    await a.page.getByTestId('card-mute').waitFor();
    await a.page.getByTestId('card-report').waitFor();
    await settled(a.page.getByTestId('profile-sheet'));
    await shot(a.page, 'boards-card-anchor');
    await a.page.getByTestId('card-mute').click();
    await a.page.getByTestId('profile-sheet').waitFor({ state: 'detached' });
    await a.page.getByRole('button', { name: '在线观众' }).click();
    await row.locator('.sheet-user__tag--muted').waitFor();
  });

  it('the 关注 tab lists only the followed anchors who are live; a logged-out reader is asked to log in', async () => {
    const offline = await approvedAnchor(server, operator, await member('还没开播'));
    const fan = await member('粉丝小李');
    for (const who of [a.anchor, offline]) await call(server.url, 'followAdd', { user_id: who.user.id }, fan.token);
    const page = await pageAs(fan);
    await open(page, server.url, '/pages/live/index?c=follow');
    const grid = page.getByTestId('following-grid');
    await grid.waitFor();
    await grid.getByTestId('room-card').first().waitFor();
    const ids = await grid.getByTestId('room-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-room-id'))));
    assert.deepEqual(ids, [a.roomId], 'the live followed anchor only: not the unfollowed room, not the followed anchor who is off');
    await shot(page, 'boards-following');

    const ctx = await phone(browser);
    contexts.push(ctx);
    const out = await ctx.newPage();
    await open(out, server.url, '/pages/live/index?c=follow');
    await out.locator('[data-testid=following-empty][data-reason=login]').waitFor();
    await shot(out, 'boards-following-logged-out');
  });

  it('swiping up in a room moves to the next live room of the list, whose picture plays', async () => {
    const viewer = await member('刷刷刷');
    const page = await pageAs(viewer);
    await open(page, server.url, '/pages/live/index');
    const grid = page.getByTestId('room-grid');
    await grid.getByTestId('room-card').nth(1).waitFor();
    await shot(page, 'boards-live-tabs');
    const order = await grid.getByTestId('room-card').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-room-id'))));
    await grid.getByTestId('room-card').first().click();
    const room = page.getByTestId('room');
    await page.getByTestId('live-stage').waitFor();
    await firstFrame(page, 'anchor', 20_000);
    const from = Number(await room.getAttribute('data-room-id'));
    const to = Number(await page.getByTestId('room-swiper').getAttribute('data-next'));
    assert.equal(from, order[0]);
    assert.equal(to, order[1], 'the next room is the next live one of the list');
    assert.ok([a.roomId, b.roomId].includes(to));

    // Drag up by hand: the next room's pane follows the finger; past a quarter of the screen it moves on.
    await page.mouse.move(190, 560);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(190, 560 - i * 25);
    await page.locator(`[data-testid=room-peek-next][data-room-id="${to}"]`).waitFor();
    await shot(page, 'boards-swipe');
    await page.mouse.up();
    await page.waitForFunction((id) => document.querySelector('[data-testid=room]')?.getAttribute('data-room-id') === String(id), to);
    await page.locator(`[data-testid=room][data-status=joined]`).waitFor();
    await firstFrame(page, 'anchor', 20_000);
    assert.ok((await seatFrameRise(page, 'anchor')) > 0, "the next room's anchor video decodes frames");
    const url = new URL(page.url().replace('#', ''));
    assert.equal(url.searchParams.get('id'), String(to));
    // And down again to the previous one.
    assert.equal(Number(await page.getByTestId('room-swiper').getAttribute('data-prev')), from);
  });

  it('an English home with live rooms in its strip keeps its layout while it fills', async () => {
    const { ctx, page } = await phonePageAs(browser, await member('Reader'), [], 'en');
    contexts.push(ctx);
    await watchLayoutShift(page);
    await open(page, server.url, '/pages/index/index');
    await page.getByTestId('home-live').getByTestId('room-card').first().waitFor({ timeout: 20_000 });
    await imagesShown(page);
    const cls = await layoutShift(page);
    assert.ok(cls < 0.1, `the home's layout shift is ${cls.toFixed(3)} (it was 0.45)`);
    await shot(page, 'boards-home-live-en');
  });
});
