import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '@app/testkit';
import { call } from '../lib/api.js';
import { settled, shot } from '../lib/browser.js';
import { seatFrameRise } from '../lib/media.js';
import { pageAs, type Member } from '../lib/member.js';
import { open } from '../lib/page.js';
import type { RunningServer } from '../lib/server.js';
import { arena, arenaStatus, gift as giftIn, scoreOf, startPkStage, type PkStage } from './pkFixtures.js';

/*
 * A PK battle that runs its time (issue 20 item 1), in the browser: two anchors publishing
 * Chromium's fake camera and a viewer in each room (pkFixtures.ts). A 12 s battle counts down in
 * both rooms, shows the result and the punishment period, which an anchor ends; the PK ranking and
 * the anchor's card count it with an earlier battle (one ended early through the API, B's win).
 * Invitations, the score bar and an early end in the browser: pk.test.ts.
 */

let stage: PkStage;
let server: RunningServer;
let hostA: Member;
let hostB: Member;
let fanA: Member;
let roomA = 0;
let roomB = 0;
let pages: PkStage['pages'];

const gift = (from: Member, roomId: number, to: Member, name: string, count = 1) => giftIn(stage, from, roomId, to, name, count);

before(async () => {
  // An earlier battle, ended early by A (A's loss), before the viewers enter.
  stage = await startPkStage(async (s) => {
    const { battle } = await call(s.server.url, 'pkInvite', { room_id: s.roomB, duration_s: 60 }, s.hostA.token);
    await call(s.server.url, 'pkAnswer', { battle_id: battle.id, accept: true }, s.hostB.token);
    await call(s.server.url, 'pkEnd', { battle_id: battle.id }, s.hostA.token);
    for (const p of [s.pages.a, s.pages.b]) await arena(p).waitFor({ state: 'detached', timeout: 15_000 });
  });
  ({ server, hostA, hostB, fanA, roomA, roomB, pages } = stage);
});
after(async () => {
  await stage?.browser.close();
  await stage?.server.stop();
});

describe('a PK battle that runs its time, in the browser', () => {
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
    const { page: rank } = await pageAs(stage.browser, fanA);
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
});
