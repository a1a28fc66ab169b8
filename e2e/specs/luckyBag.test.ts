import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { call, registerMember } from '../lib/api.js';
import { launch, settled, shot } from '../lib/browser.js';
import { FAKE_MEDIA_FLAGS, MEDIA_PROBE_JS } from '../lib/media.js';
import { approvedAnchor, operatorOf, pageAs, topUp, type Member } from '../lib/member.js';
import { open } from '../lib/page.js';
import { roomUrl } from '../lib/roomKit.js';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * Lucky bags in the browser: the anchor puts up a bag with the chat task from the create sheet
 * for one minute; two viewers, one in English, see the badge count down, are refused before chatting
 * (参与 greyed with the reason), chat and enter; then the server's clock is moved past the bag's end
 * (the development clock call) and the worker's sweep draws it, and the room is told who won.
 * Screens at 375×812 in zh-CN and English.
 */

let server: RunningServer;
let browser: Browser;
const coinOf = async (m: Member) => (await call(server.url, 'financeWallet', undefined, m.token)).coin;

before(async () => {
  [server, browser] = await Promise.all([startServer({ ROOM_GRACE_MS: '600000', LUCKYBAG_SWEEP_MS: '1000' }), launch(FAKE_MEDIA_FLAGS)]);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

async function phoneOf(m: Member, locale = 'zh-CN'): Promise<Page> {
  const { page } = await pageAs(browser, m, [MEDIA_PROBE_JS], locale);
  page.on('pageerror', (e) => console.error(`[page ${m.user.nickname}]`, e.message));
  return page;
}
async function named(name: string): Promise<Member> {
  const m = await registerMember(server.url);
  await call(server.url, 'updateUserInfo', { nickname: name }, m.token);
  return m;
}
async function closeSheet(page: Page): Promise<void> {
  await page
    .locator('.adm-mask')
    .first()
    .click({ position: { x: 10, y: 10 } });
  await page.getByTestId('luckybag-sheet').waitFor({ state: 'detached' });
}

describe('lucky bags in the browser', () => {
  it('the anchor puts up a chat bag; viewers are refused before chatting, chat, enter; the room sees who won', async () => {
    const operator = await operatorOf(server);
    const anchor = await approvedAnchor(server, operator, await named('福袋主播'));
    await topUp(server.url, anchor, 2);
    const { list: cats } = await call(server.url, 'roomCategories');
    const roomId = (await call(server.url, 'roomOpen', { title: '福袋来啦', category_id: cats[0]!.id, kind: 'live' }, anchor.token)).id;
    const [zhM, enM] = await Promise.all([named('小鱼'), named('Lily')]);
    const host = await phoneOf(anchor);
    const zh = await phoneOf(zhM);
    const en = await phoneOf(enM, 'en');
    // The anchor goes live from the browser (the fake camera); the viewers come in.
    await open(host, server.url, roomUrl(roomId));
    await host.getByTestId('luckybag-button').waitFor({ timeout: 60_000 });
    for (const p of [zh, en]) {
      await open(p, server.url, roomUrl(roomId));
      await p.getByTestId('live-stage').waitFor({ timeout: 40_000 });
    }

    // The anchor's sheet: 100 coins for 1 winner, the chat task, 1 minute.
    await host.getByTestId('luckybag-button').click();
    const sheet = host.locator('.luckybag-create');
    await settled(sheet);
    await sheet.getByTestId('luckybag-coins-input').locator('input').fill('100');
    await sheet.getByTestId('luckybag-winners-input').locator('input').fill('1');
    await sheet.getByTestId('luckybag-task-chat').click();
    await sheet.getByTestId('luckybag-minutes-1').click();
    await shot(host, 'luckybag-create-sheet');
    const before = await coinOf(anchor);
    await sheet.getByTestId('luckybag-create').click();
    await sheet.waitFor({ state: 'detached' });
    assert.equal(await coinOf(anchor), before - 100 * 10000);

    // Both viewers see the badge count down; before a chat line 参与 is greyed with the reason.
    for (const p of [zh, en]) await p.locator('[data-testid=luckybag-badge][data-status=open]').waitFor();
    assert.match((await zh.getByTestId('luckybag-countdown').textContent()) ?? '', /^0[01]:\d\d$/);
    await shot(zh, 'luckybag-badge');
    await shot(en, 'luckybag-badge-en');
    const refusals = { zh: '发一条弹幕即可参与', en: 'Send a chat message to join' };
    for (const [p, reason, name] of [
      [zh, refusals.zh, 'luckybag-sheet-task'],
      [en, refusals.en, 'luckybag-sheet-task-en'],
    ] as const) {
      await p.getByTestId('luckybag-badge').click();
      await settled(p.getByTestId('luckybag-sheet'));
      const go = p.getByTestId('luckybag-enter');
      await p.locator('[data-testid=luckybag-enter][data-state=blocked]').waitFor();
      assert.equal((await go.textContent())?.trim(), reason);
      assert.equal(await go.isDisabled(), true);
      await shot(p, name);
      await closeSheet(p);
    }

    // Each chats, opens the bag again and enters.
    for (const [p, line] of [
      [zh, '来抢福袋'],
      [en, 'hello!'],
    ] as const) {
      await p.locator('input[name=chat]').fill(line);
      await p.locator('input[name=chat]').press('Enter');
      await p.locator('.room-chat .chat-line').filter({ hasText: line }).first().waitFor();
      await p.getByTestId('luckybag-badge').click();
      await settled(p.getByTestId('luckybag-sheet'));
      await p.locator('[data-testid=luckybag-enter][data-state=ready]').click();
      await p.locator('[data-testid=luckybag-enter][data-state=entered]').waitFor();
    }
    await shot(zh, 'luckybag-sheet-entered');
    await shot(en, 'luckybag-sheet-entered-en');

    // The time ends (the server's clock a minute on): the worker's sweep draws the bag, everyone sees
    // who won, the winner's sheet says so, and the ledger paid them.
    await call(server.url, 'devClockAdvance', { advance_ms: 60_000 });
    for (const p of [zh, en]) await p.getByTestId('luckybag-result').waitFor({ timeout: 20_000 });
    await host.getByTestId('luckybag-won').waitFor();
    const shown = (await host.getByTestId('luckybag-won').textContent()) ?? '';
    const winner = shown.includes('小鱼') ? zhM : enM;
    assert.match(shown, /开奖啦！(小鱼|Lily) 等1人中奖/);
    assert.equal(await coinOf(winner), 100 * 10000);
    assert.equal(await coinOf(winner === zhM ? enM : zhM), 0);
    await shot(zh, 'luckybag-result');
    await shot(en, 'luckybag-result-en');
    await closeSheet(en);
    await en.getByTestId('luckybag-won').waitFor();
    await shot(en, 'luckybag-won-en');
    await shot(host, 'luckybag-won');
  });
});
