import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { call, registerMember } from '../lib/api.js';
import { launch, shot } from '../lib/browser.js';
import { pageAs as phonePageAs, type Member } from '../lib/member.js';
import { open, routeOf, storedToken } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';

/**
 * A network drop and a stopped server, as a user lives them (issue 19): the offline strip, the
 * session kept, and a screen whose code failed to load coming back by itself. The 45 s outage of
 * issue 34 is outage.test.ts, a first visit whose app code cannot load is in launch.test.ts (a
 * file each keeps them under the per-file budget). Service workers are blocked so every chunk comes
 * from the server (a worker that had precached the app would hide a server that is down).
 */

/** How long the server stays down: the scenario's own length (not a wait for something to happen). */
const DOWN_MS = 30_000;
const downFor = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: RunningServer;
let browser: Browser;
let amy: Member;
let ben: Member;

/** A phone page logged in as `m`, with no service worker (a worker that had precached the app would hide a server that is down). */
const pageAs = (m: Member, locale = 'zh-CN') => phonePageAs(browser, m, [], locale, { serviceWorkers: 'block' });

before(async () => {
  server = await startServer();
  browser = await launch();
  amy = await registerMember(server.url);
  ben = await registerMember(server.url);
  await call(server.url, 'followAdd', { user_id: ben.user.id }, amy.token);
  await call(server.url, 'followAdd', { user_id: amy.user.id }, ben.token);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a network drop and a stopped server', () => {
  it('offline for 30 s while the server restarts: still logged in, and sees what arrived meanwhile', async () => {
    const { ctx, page } = await pageAs(ben);
    await open(page, server.url, '/pages/chats/index');
    await page.getByTestId('tab-chats').waitFor();
    await ctx.setOffline(true);
    await page.getByTestId('offline-banner').waitFor();
    await shot(page, 'resilience-offline');
    await server.halt();
    await downFor(DOWN_MS);
    await server.resume();
    // Sent while Ben's phone is still offline: he gets it when it is back.
    await call(server.url, 'chatSend', { to_user_id: ben.user.id, client_id: randomUUID(), type: 'text', content: '断网的时候发的消息' }, amy.token);
    await ctx.setOffline(false);
    await page.getByTestId(`conv-${amy.user.id}`).getByText('断网的时候发的消息').waitFor({ timeout: 20_000 });
    assert.equal(await routeOf(page), '/pages/chats/index');
    assert.equal(await storedToken(page), ben.token);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    await ctx.close();
  });

  it('a screen whose code failed while the server was down loads by itself when it returns', async () => {
    const { ctx, page } = await pageAs(amy);
    await open(page, server.url, '/pages/user/index');
    await page.getByTestId('tab-user').waitFor();
    await server.halt();
    // The rank screen's code was never loaded: it cannot be fetched now.
    await page.evaluate(() => (location.hash = '#/pages/rank/index'));
    await page.getByTestId('screen-error').waitFor();
    await page.getByRole('button', { name: '重试' }).waitFor();
    await shot(page, 'resilience-chunk-retry');
    await server.resume();
    // Its code and its styles (a stylesheet that failed is fetched again, not skipped).
    await page.getByText('财富榜').first().waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.rank-types')!).display === 'flex');
    await shot(page, 'resilience-chunk-loaded');
    await ctx.close();
  });
});
