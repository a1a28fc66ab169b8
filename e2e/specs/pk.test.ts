import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ErrorCode } from '@app/contract';
import { eventually } from '@app/testkit';
import { ApiFailure, call } from '../lib/api.js';
import { settled, shot } from '../lib/browser.js';
import { firstFrame, mediaRise, seatFrameRise } from '../lib/media.js';
import type { Member } from '../lib/member.js';
import { expectToast } from '../lib/page.js';
import type { RunningServer } from '../lib/server.js';
import { arena, arenaStatus, gift as giftIn, scoreOf, startPkStage, type PkStage } from './pkFixtures.js';

/*
 * PK battles (issue 20 item 1) in the browser: two anchors publishing Chromium's fake camera and a
 * viewer in each room (pkFixtures.ts). An invitation from the invite sheet, accepted in the dialog;
 * both rooms see both anchors (decoded frames of the other room's anchor) and the score bar move
 * with the gifts as the ledger moved the coins; an early end is the ender's loss in both rooms; a
 * decline and an invitation that times out. A battle that runs its time: pkBattle.test.ts.
 */

let stage: PkStage;
let server: RunningServer;
let hostA: Member;
let hostB: Member;
let fanA: Member;
let fanB: Member;
let roomA = 0;
let roomB = 0;
let pages: PkStage['pages'];

const coinOf = async (m: Member) => (await call(server.url, 'financeWallet', undefined, m.token)).coin;
const gift = (from: Member, roomId: number, to: Member, name: string, count = 1) => giftIn(stage, from, roomId, to, name, count);

before(async () => {
  stage = await startPkStage();
  ({ server, hostA, hostB, fanA, fanB, roomA, roomB, pages } = stage);
});
after(async () => {
  await stage?.browser.close();
  await stage?.server.stop();
});

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
