import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ErrorCode } from '@app/contract';
import { eventually } from '@app/testkit';
import { ApiFailure, call, registerMember } from '../lib/api.js';
import { launch, settled, shot } from '../lib/browser.js';
import { FAKE_MEDIA_FLAGS, firstFrame, MEDIA_PROBE_JS, mediaRise, seatFrameRise } from '../lib/media.js';
import { approvedAnchor, operatorOf, pageAs, topUp, type Member } from '../lib/member.js';
import { expectToast, open } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * PK battles (issue 20 item 1) in the browser: two anchors publishing Chromium's fake camera and a
 * viewer in each room. An invitation from the invite sheet, accepted in the dialog; both rooms see
 * both anchors (decoded frames of the other room's anchor) and the score bar move with the gifts as
 * the ledger moved the coins; an early end is the ender's loss in both rooms; a short battle counts
 * down, shows the result in both rooms and the punishment period, which an anchor ends; a decline
 * and an invitation that times out. Short times: PK_INVITE_S=4, PK_PUNISH_S=30, a 12 s battle.
 */

let server: RunningServer;
let browser: Browser;
let hostA: Member;
let hostB: Member;
let fanA: Member;
let fanB: Member;
let roomA = 0;
let roomB = 0;
const pages: Record<'a' | 'b' | 'fa' | 'fb', Page> = {} as never;

const rid = () => randomUUID().replace(/-/g, '');
const nick = (m: Member, name: string) => call(server.url, 'updateUserInfo', { nickname: name }, m.token);
const coinOf = async (m: Member) => (await call(server.url, 'financeWallet', undefined, m.token)).coin;
const arena = (p: Page) => p.getByTestId('pk-arena');
const scoreOf = async (p: Page, side: 'mine' | 'theirs') => Number(await p.getByTestId(`pk-score-${side}`).getAttribute('data-score'));
const arenaStatus = (p: Page, status: string) => p.locator(`[data-testid=pk-arena][data-status=${status}]`).waitFor({ timeout: 20_000 });

async function openRoomPage(m: Member, roomId: number, locale = 'zh-CN'): Promise<Page> {
  const { page } = await pageAs(browser, m, [MEDIA_PROBE_JS], locale);
  await open(page, server.url, `/pages/room/index?id=${roomId}`);
  await page.getByTestId('live-stage').waitFor();
  return page;
}

before(async () => {
  [server, browser] = await Promise.all([
    startServer({ ROOM_GRACE_MS: '600000', PK_INVITE_S: '4', PK_PUNISH_S: '30', PK_SWEEP_MS: '300' }),
    launch(FAKE_MEDIA_FLAGS),
  ]);
  const operator = await operatorOf(server);
  [fanA, fanB] = await Promise.all([registerMember(server.url), registerMember(server.url)]);
  hostA = await approvedAnchor(server, operator);
  hostB = await approvedAnchor(server, operator);
  await Promise.all([nick(hostA, '小鹿酱'), nick(hostB, '阿星'), nick(fanA, '鹿粉'), nick(fanB, '星粉')]);
  const { list: cats } = await call(server.url, 'roomCategories');
  roomA = (await call(server.url, 'roomOpen', { title: '鹿鹿唱歌', category_id: cats[0]!.id, kind: 'live' }, hostA.token)).id;
  roomB = (await call(server.url, 'roomOpen', { title: '阿星聊天', category_id: cats[0]!.id, kind: 'live' }, hostB.token)).id;
  const { list: pkgs } = await call(server.url, 'rechargeCategory', undefined, fanA.token);
  const pkg = (pkgs.find((p) => p.amount >= 100 * 10000) ?? pkgs.at(-1)!).id;
  await Promise.all([topUp(server.url, fanA, pkg), topUp(server.url, fanB, pkg)]);
  // Both anchors go live from their room page (the fake camera), each viewer enters one room.
  [pages.a, pages.b] = await Promise.all([openRoomPage(hostA, roomA), openRoomPage(hostB, roomB)]);
  await Promise.all([firstFrame(pages.a, 'local'), firstFrame(pages.b, 'local')]);
  for (const id of [roomA, roomB]) await eventually(async () => (await call(server.url, 'roomInfo', { room_id: id })).live, { what: `room ${id} live` });
  // Room B's viewer reads English: its screens show the English strings.
  [pages.fa, pages.fb] = await Promise.all([openRoomPage(fanA, roomA), openRoomPage(fanB, roomB, 'en')]);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const gift = async (from: Member, roomId: number, to: Member, name: string, count = 1) => {
  const g = (await call(server.url, 'commonConfig')).gift.find((x) => x.name === name)!;
  return call(server.url, 'giftSend', { request_id: rid(), room_id: roomId, gift_id: g.gift_id, count, receiver_id: to.user.id }, from.token);
};

describe('PK battles in the browser', () => {
  it('invite from the sheet, accept in the dialog: both rooms see both anchors and the score bar follows the ledger; an early end is the ender’s loss', async () => {
    await pages.a.getByTestId('pk-fab').click();
    const sheet = pages.a.locator('.pk-sheet');
    await settled(sheet);
    await sheet.locator(`[data-room-id="${roomB}"]`).waitFor();
    await shot(pages.a, 'pk-invite-sheet');
    await sheet.locator(`[data-room-id="${roomB}"]`).getByTestId('pk-invite').click();

    const dialog = pages.b.getByTestId('pk-invitation');
    await dialog.waitFor();
    assert.match((await dialog.textContent()) ?? '', /小鹿酱/);
    await pages.a.getByTestId('pk-waiting').waitFor();
    await shot(pages.b, 'pk-invitation-dialog');
    await dialog.getByTestId('pk-accept').click();

    for (const p of Object.values(pages)) await arenaStatus(p, 'battle');
    // Each room's viewers (and anchors) decode the other room's anchor beside their own.
    for (const p of Object.values(pages)) await firstFrame(p, 'pk-opponent', 20_000);
    assert.ok((await seatFrameRise(pages.fa, 'pk-opponent')) > 0, "room A's viewer sees B's anchor moving");
    assert.ok((await seatFrameRise(pages.fb, 'pk-mine')) > 0, "room B's viewer sees B's anchor in the left half");
    // …and hears both: audio samples rise on two tracks (this room's anchor and the other one), one per session.
    for (const p of [pages.fa, pages.fb]) {
      const rise = await mediaRise(p, 1500);
      const sounding = rise.after.audio.filter(
        (a) => a.totalSamplesReceived > (rise.before.audio.find((b) => b.trackId === a.trackId)?.totalSamplesReceived ?? 0),
      );
      assert.ok(sounding.length >= 2, `a viewer hears both anchors (${sounding.length} audio tracks rising)`);
    }

    // Gifts in both rooms: each side's score is what its viewer's coins went down by.
    const [coinA0, coinB0] = await Promise.all([coinOf(fanA), coinOf(fanB)]);
    await gift(fanA, roomA, hostA, '玫瑰', 3);
    await gift(fanB, roomB, hostB, '爱心', 1);
    const [spentA, spentB] = [coinA0 - (await coinOf(fanA)), coinB0 - (await coinOf(fanB))];
    assert.ok(spentA > 0 && spentB > 0);
    await eventually(async () => (await scoreOf(pages.fa, 'mine')) === spentA && (await scoreOf(pages.fa, 'theirs')) === spentB, { what: "room A's bar" });
    await eventually(async () => (await scoreOf(pages.fb, 'mine')) === spentB && (await scoreOf(pages.fb, 'theirs')) === spentA, { what: "room B's bar" });
    await pages.fa.locator(`[data-testid=pk-top-mine] [data-user-id="${fanA.user.id}"]`).waitFor();
    await pages.fb.locator(`[data-testid=pk-top-theirs] [data-user-id="${fanA.user.id}"]`).waitFor();
    await shot(pages.fa, 'pk-battle');

    // A viewer who reloads (a reconnect) comes back to the battle as it is.
    await pages.fb.reload();
    await arenaStatus(pages.fb, 'battle');
    assert.equal(await scoreOf(pages.fb, 'mine'), spentB);

    // Anchor A ends early: A loses in both rooms.
    await pages.a.getByTestId('pk-end').click();
    await pages.a.locator('.adm-dialog-button', { hasText: '结束PK' }).click();
    for (const p of [pages.a, pages.fa]) await p.locator('[data-testid=pk-result][data-result=lose]').waitFor();
    for (const p of [pages.b, pages.fb]) await p.locator('[data-testid=pk-result][data-result=win]').waitFor();
    await arenaStatus(pages.fb, 'ended');
    assert.equal(await pages.fb.locator('[data-testid=pk-result]').textContent(), 'Win');
    assert.match((await pages.fb.getByTestId('pk-clock').textContent()) ?? '', /小鹿酱 ended the PK early/);
    await shot(pages.fb, 'pk-result-forfeit-en');
    // The arena leaves the stage a few seconds later.
    for (const p of Object.values(pages)) await arena(p).waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('a short battle counts down in both rooms, shows the result and the punishment period, which an anchor ends', async () => {
    const { battle } = await call(server.url, 'pkInvite', { room_id: roomA, duration_s: 12 }, hostB.token);
    await pages.a.getByTestId('pk-invitation').getByTestId('pk-accept').click();
    for (const p of Object.values(pages)) await arenaStatus(p, 'battle');
    await gift(fanA, roomA, hostA, '玫瑰', 1);
    await eventually(async () => (await scoreOf(pages.fb, 'theirs')) > 0, { what: 'the score in room B' });
    // The last 10 s count down large in both rooms.
    await Promise.all([pages.fa.getByTestId('pk-countdown').waitFor({ timeout: 15_000 }), pages.fb.getByTestId('pk-countdown').waitFor({ timeout: 15_000 })]);
    await shot(pages.fb, 'pk-countdown-en');
    // Room A's viewers gave more: A wins, in both rooms; then the punishment period, streams still linked.
    for (const p of Object.values(pages)) await arenaStatus(p, 'punish');
    for (const p of [pages.a, pages.fa]) await p.locator('[data-testid=pk-result][data-result=win]').waitFor();
    for (const p of [pages.b, pages.fb]) await p.locator('[data-testid=pk-result][data-result=lose]').waitFor();
    await pages.fa.getByTestId('pk-punish').waitFor();
    assert.ok((await seatFrameRise(pages.fa, 'pk-opponent')) > 0, 'the streams stay linked in the punishment period');
    await shot(pages.fa, 'pk-result-punishment');
    const row = await call(server.url, 'pkRoom', { room_id: roomB });
    assert.equal(row.battle?.id, battle.id);
    assert.equal(row.battle?.winner, 'b');

    await pages.b.getByTestId('pk-end').click();
    await pages.b.locator('.adm-dialog-button', { hasText: '结束连线' }).click();
    for (const p of Object.values(pages)) await arenaStatus(p, 'ended');
    for (const p of Object.values(pages)) await arena(p).waitFor({ state: 'detached', timeout: 15_000 });
    const hist = await call(server.url, 'pkHistory', { anchor_id: hostA.user.id, page: 1, size: 10 });
    assert.deepEqual([hist.wins, hist.losses], [1, 1]);

    // The weekly PK wins beside the rankings: each anchor has one win.
    const { page: rank } = await pageAs(browser, fanA);
    await open(rank, server.url, '/pages/rank/index');
    await rank.getByRole('tab', { name: 'PK榜' }).click();
    const rows = rank.getByTestId('pk-rank-list').getByTestId('rank-row');
    await eventually(async () => (await rows.count()) === 2, { what: 'two anchors on the PK ranking' });
    assert.match((await rows.first().textContent()) ?? '', /1 胜/);
    await shot(rank, 'pk-rank');

    // The anchor's page (their card, from my follows) shows the PK record.
    await call(server.url, 'followAdd', { user_id: hostA.user.id }, fanA.token);
    await open(rank, server.url, '/pages/user/attention');
    await rank.getByTestId(`follow-row-${hostA.user.id}`).click();
    const card = rank.getByTestId('profile-sheet');
    await card.getByTestId('pk-history').waitFor();
    assert.equal(await card.getByTestId('pk-record').textContent(), '1胜 1负 0平');
    await card.getByTestId('pk-history').scrollIntoViewIfNeeded();
    await settled(card);
    await shot(rank, 'pk-anchor-record');
  });

  it('a declined invitation and one that times out: the inviter hears of it, a late answer is refused', async () => {
    await call(server.url, 'pkInvite', { room_id: roomB, duration_s: 60 }, hostA.token);
    await pages.b.getByTestId('pk-invitation').getByTestId('pk-decline').click();
    await expectToast(pages.a, '对方拒绝了你的PK邀请');
    await pages.a.getByTestId('pk-waiting').waitFor({ state: 'detached' });

    const { battle } = await call(server.url, 'pkInvite', { room_id: roomB, duration_s: 60 }, hostA.token);
    const dialog = pages.b.getByTestId('pk-invitation');
    await dialog.waitFor();
    await expectToast(pages.a, 'PK邀请已过期', 10_000);
    await dialog.waitFor({ state: 'detached' });
    await assert.rejects(call(server.url, 'pkAnswer', { battle_id: battle.id, accept: true }, hostB.token), (e: unknown) => {
      return e instanceof ApiFailure && e.code === ErrorCode.PK_INVITE_EXPIRED;
    });
    for (const p of Object.values(pages)) assert.equal(await arena(p).count(), 0, 'no battle started');
  });
});
