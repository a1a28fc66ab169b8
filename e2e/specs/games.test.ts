import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Frame, Page } from 'playwright-core';
import { eventually } from '@app/testkit';
import { call, registerMember } from '../lib/api.js';
import { launch, settled, shot } from '../lib/browser.js';
import { pageAs as phonePageAs, topUp as payTopUp } from '../lib/member.js';
import { open, routeOf, waitForRoute, watchCsp } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * Issue 8 in the browser: the games tab lists the games; a member opens 2048, moves coins into the
 * game wallet, plays a round to a score with the real controls (arrow keys), ends it, leaves, and
 * finds the coins (minus the entry, plus the reward) back in the wallet and its records. Closing
 * the tab mid-game returns the coins too. Every screen is saved at 375×812.
 */

const C = 10_000;
let server: RunningServer;
let browser: Browser;
type Member = Awaited<ReturnType<typeof registerMember>>;
let member: Member;

const coinsOf = async (m: Member) => (await call(server.url, 'financeWallet', undefined, m.token)).coin;

const until = (what: string, fn: () => Promise<boolean>, timeout = 15_000) => eventually(fn, { what, timeout, interval: 200 });

/** Two animation frames of the game's page: what a key press changed has been drawn. */
const nextPaint = (f: Frame) => f.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** The game page inside the play screen's frame, once its start card is up. */
async function gameFrame(page: Page): Promise<Frame> {
  const el = await page.waitForSelector('[data-testid=game-frame]', { timeout: 20_000 });
  const frame = (await el.contentFrame())!;
  await frame.waitForFunction(() => (window as unknown as { __game?: { state: string } }).__game?.state === 'idle', undefined, { timeout: 20_000 });
  return frame;
}

const gameState = (f: Frame) => f.evaluate(() => (window as unknown as { __game: { state: string; score: number } }).__game);

/** Opens a game from the list, moves `coins` in through the sheet, and answers its frame. */
async function openAndFund(page: Page, code: string, coins: number, shotName?: string): Promise<Frame> {
  await open(page, server.url, '/pages/game/index');
  await page.locator(`[data-testid=game-row][data-code=${code}]`).click();
  await waitForRoute(page, '/pages/game/game');
  await page.getByText('转入游戏币').waitFor({ timeout: 20_000 });
  await page.locator(`[data-testid=amount-${coins}]`).click();
  if (shotName) {
    await settled(page.locator('.game-sheet'));
    await shot(page, shotName);
  }
  await page.getByRole('button', { name: `转入 ${coins} 金币` }).click();
  await until(
    'the game wallet to show the coins',
    async () => (await page.locator('[data-testid=game-balance]').textContent())?.includes(String(coins)) ?? false,
  );
  return gameFrame(page);
}

before(async () => {
  [server, browser] = await Promise.all([startServer({ ROLES: 'all' }), launch()]);
  // The games host is the server's child: it may still be starting when the server answers.
  await until(
    'the games host',
    () =>
      fetch(`http://127.0.0.1:${server.env.GAMES_PORT}/healthz`).then(
        (r) => r.ok,
        () => false,
      ),
    60_000,
  );
  member = await registerMember(server.url);
  await payTopUp(server.url, member, 1); // 60 coins
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('mini games', () => {
  it('plays 2048 to a score and brings the coins back, minus the entry, plus the reward', async () => {
    const { ctx, page } = await phonePageAs(browser, member);
    // The games host in its frame, and the app around it, run under the app's CSP.
    const refused = await watchCsp(page);
    try {
      const before = await coinsOf(member);
      assert.equal(before, 60 * C);
      // The games tab, from another tab.
      await open(page, server.url, '/pages/forum/index');
      await page.locator('.app-tabbar').getByText('游戏').click();
      await waitForRoute(page, '/pages/game/index');
      await page.locator('[data-testid=game-row]').first().waitFor();
      assert.deepEqual(await page.locator('[data-testid=game-row]').evaluateAll((els) => els.map((e) => e.getAttribute('data-code'))), [
        'g2048',
        'snake',
        'rhythm',
      ]);
      await page.waitForFunction(() => [...document.querySelectorAll('.game-row__cover')].every((i) => (i as HTMLImageElement).complete));
      await shot(page, 'games-index');

      const frame = await openAndFund(page, 'g2048', 10, 'games-transfer');
      assert.equal(await coinsOf(member), 50 * C);
      const wallet = await call(server.url, 'financeWallet', undefined, member.token);
      assert.equal(wallet.coin, 50 * C);
      await frame.getByText('10', { exact: true }).first().waitFor(); // the game page shows the moved coins
      await shot(page, 'games-2048-start');

      await frame.getByRole('button', { name: '开始游戏' }).click();
      await frame.waitForFunction(() => (window as unknown as { __game: { state: string } }).__game.state === 'playing');
      // Play with the real controls until the first merges score.
      await frame.locator('[data-testid=board]').click();
      const keys = ['ArrowLeft', 'ArrowDown', 'ArrowRight', 'ArrowDown'];
      for (let i = 0; (await gameState(frame)).score < 16 && i < 200; i++) {
        await page.keyboard.press(keys[i % keys.length]!);
        await nextPaint(frame);
        if ((await gameState(frame)).state !== 'playing') break;
      }
      const played = await gameState(frame);
      assert.ok(played.score >= 16 || played.state !== 'playing', `score ${played.score}`);
      await shot(page, 'games-2048-playing');

      if (played.state === 'playing') await frame.getByRole('button', { name: '结束本局' }).click();
      const rewardEl = frame.locator('[data-id=reward][data-reward]');
      await rewardEl.waitFor({ timeout: 15_000 });
      const score = (await gameState(frame)).score;
      const reward = Number(await rewardEl.getAttribute('data-reward'));
      // 2048 pays a coin per 200 points, at most 10 coins a round.
      assert.equal(reward, Math.min(Math.floor((score * C) / 200), 10 * C));
      await shot(page, 'games-2048-over');
      const left = 10 * C - C + reward;
      await until(
        'the bar to show the game wallet',
        async () => (await page.locator('[data-testid=game-balance]').textContent())?.includes(String(left / C).slice(0, 3)) ?? false,
      );

      // Leave: everything goes back to the wallet.
      await page.locator('.page-nav .adm-nav-bar-back').click();
      await waitForRoute(page, '/pages/game/index');
      await until('the coins back in the wallet', async () => (await coinsOf(member)) === before - C + reward);
      const records = await call(server.url, 'userMoneyChange', { page: 1, size: 10 }, member.token);
      const out = records.list.find((r) => r.type === 'game_out');
      const into = records.list.find((r) => r.type === 'game_in');
      assert.equal(into?.amount, -10 * C);
      assert.equal(out?.amount, left);
      assert.equal(out?.balance, before - C + reward);

      await open(page, server.url, '/pages/user/walletRecord');
      await page.locator('[data-testid=change-row][data-type=game_out]').first().waitFor();
      await page
        .locator('.adm-toast-mask')
        .waitFor({ state: 'detached', timeout: 5_000 })
        .catch(() => undefined);
      assert.match((await page.locator('[data-testid=change-row][data-type=game_out]').first().textContent()) ?? '', /游戏转出.*2048/);
      await shot(page, 'games-wallet-records');
      assert.deepEqual(refused, [], 'no Content-Security-Policy violation while playing');
    } finally {
      await ctx.close();
    }
  });

  it('returns the game coins when the tab is closed in the middle of a game', async () => {
    const { ctx, page } = await phonePageAs(browser, member);
    const before = await coinsOf(member);
    const frame = await openAndFund(page, 'snake', 5);
    assert.equal(await coinsOf(member), before - 5 * C);
    await frame.getByRole('button', { name: '开始游戏' }).click();
    await frame.waitForFunction(() => (window as unknown as { __game: { state: string } }).__game.state === 'playing');
    // The snake has moved: the board is no longer the picture it started with.
    const board = () => frame.evaluate(() => (document.querySelector('canvas.snake') as HTMLCanvasElement).toDataURL());
    const first = await board();
    await until('the snake to move', async () => (await board()) !== first);
    await shot(page, 'games-snake-playing');
    await page.close({ runBeforeUnload: true });
    // The beacon moved what was left (5 − the 1-coin entry) back.
    await until('the coins back after the tab closed', async () => (await coinsOf(member)) === before - C);
    await ctx.close();
  });

  it('offers a recharge instead of a transfer when the wallet cannot pay an entry', async () => {
    const poor = await registerMember(server.url);
    const { ctx, page } = await phonePageAs(browser, poor);
    try {
      await open(page, server.url, '/pages/game/index');
      await page.locator('[data-testid=game-row][data-code=g2048]').click();
      await page.getByText('钱包金币不足一局的入场费').waitFor({ timeout: 20_000 });
      await settled(page.locator('.game-sheet'));
      await shot(page, 'games-transfer-poor');
      await page.getByRole('button', { name: '去充值' }).click();
      await waitForRoute(page, '/pages/user/recharge');
    } finally {
      await ctx.close();
    }
  });

  it('shows the rhythm game, and the list in English', async () => {
    const { ctx, page } = await phonePageAs(browser, member);
    try {
      const frame = await openAndFund(page, 'rhythm', 5);
      await frame.getByRole('button', { name: '开始游戏' }).click();
      await frame.waitForFunction(() => (window as unknown as { __game: { state: string } }).__game.state === 'playing');
      await frame.locator('.note').first().waitFor();
      for (const k of ['a', 's', 'd']) await page.keyboard.press(k);
      await shot(page, 'games-rhythm-playing');
      // Leaving mid-round asks first: staying keeps the game, leaving goes.
      await page.locator('.page-nav .adm-nav-bar-back').click();
      await page.getByText('本局还没结束').waitFor();
      await settled(page.getByRole('dialog'));
      await shot(page, 'games-leave-confirm');
      // The round is held under the dialog: notes stop falling (none moves over ten frames), so none is missed meanwhile.
      const lives = await frame.locator('.rh-lives').textContent();
      const notes = () => frame.locator('.note').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top).join(','));
      // A page-script string: tsx would give a named function a helper the page does not have.
      const tenFrames = () =>
        frame.evaluate('new Promise((r) => { let n = 0; const tick = () => (++n >= 10 ? r() : requestAnimationFrame(tick)); requestAnimationFrame(tick); })');
      // A running round moves its notes every frame, so this never holds unless the round is held.
      await until('the notes to stop under the dialog', async () => {
        const held = await notes();
        await tenFrames();
        return held !== '' && (await notes()) === held;
      });
      assert.equal(await frame.locator('.rh-lives').textContent(), lives);
      await page.getByRole('button', { name: '继续玩' }).click();
      await frame.waitForFunction(() => (window as unknown as { __game: { state: string } }).__game.state === 'playing');
      assert.equal(await routeOf(page), '/pages/game/game');
      await page.locator('.page-nav .adm-nav-bar-back').click();
      await page.getByRole('button', { name: '离开' }).click();
      await waitForRoute(page, '/pages/game/index');
      assert.equal(await routeOf(page), '/pages/game/index');
    } finally {
      await ctx.close();
    }
    const en = await phonePageAs(browser, member, [], 'en');
    try {
      await en.page.addInitScript(() => localStorage.setItem('liveapp.lang', 'en'));
      await open(en.page, server.url, '/pages/game/index');
      await en.page.locator('[data-testid=game-row]').first().waitFor();
      await shot(en.page, 'games-index-en');
      await en.page.locator('[data-testid=game-row][data-code=snake]').click();
      await en.page.getByText('Move coins in').waitFor({ timeout: 20_000 });
      await en.page.locator('[data-testid=amount-5]').click();
      await en.page.getByRole('button', { name: 'Move in 5 coins' }).click();
      const frame = await gameFrame(en.page);
      await frame.getByRole('button', { name: 'Start' }).waitFor();
      await shot(en.page, 'games-snake-start-en');
    } finally {
      await en.ctx.close();
    }
  });
});
