import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { call, registerMember } from '../lib/api.js';
import { launch, shotSettled } from '../lib/browser.js';
import { pageAs, type Member } from '../lib/member.js';
import { open } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * Issue 32 item 6 in the browser: the moderators' patrol wall (/#/admin/patrol) shows every demo
 * room's live picture (desktop 1280×800 and phone 375×812, shot); a warning reaches the anchor's
 * room page as a banner, and ending the live from the wall shows the anchor the reason.
 */

const DEMO_ANCHOR = { mobile: '13800000011', password: 'demo1234' };
const DEMO_ROOMS = 4;

let server: RunningServer;
let browser: Browser;
let moderator: Member;

before(async () => {
  [server, browser] = await Promise.all([startServer({ DEMO_PUBLISHER: 'on', LIVE_EGRESS: 'on', LIVE_HEALTH_S: '2' }), launch()]);
  moderator = await registerMember(server.url);
  await server.admin('operator', 'add', moderator.mobile, 'moderator');
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The wall with every demo room's picture decoded. */
async function wallWithPictures(page: Page): Promise<void> {
  await open(page, server.url, '/admin/patrol');
  await page.getByTestId('patrol-wall').waitFor();
  await page.waitForFunction(
    (n) => {
      // The tiles' pictures, not the anchors' avatars beside them.
      const pics = [...document.querySelectorAll<HTMLImageElement>('[data-testid=patrol-room] .adm-patrol__pic img')];
      return pics.length >= n && pics.every((i) => i.complete && i.naturalWidth > 0);
    },
    DEMO_ROOMS,
    { timeout: 30_000 },
  );
}

/** Opens the first tile's stream health and waits for its figures (a bitrate over the live). */
async function healthOfFirstTile(page: Page): Promise<void> {
  const tile = page.getByTestId('patrol-room').first();
  await tile.getByTestId('patrol-health-toggle').click();
  await tile.getByTestId('patrol-health-now').waitFor({ timeout: 20_000 });
  assert.match(await tile.getByTestId('patrol-health-now').innerText(), /\d+ (k|M)bps · \d+ fps/);
  await tile.locator('.adm-health__ingest').waitFor();
  await tile.getByTestId('patrol-health-now').scrollIntoViewIfNeeded();
}

describe('live patrol wall', () => {
  it('shows every demo room’s picture; a warning reaches the anchor, ending the live shows them the reason', async () => {
    const desk = await pageAs(browser, moderator, [], 'zh-CN', {
      viewport: { width: 1280, height: 800 },
      isMobile: false,
      hasTouch: false,
      deviceScaleFactor: 1,
    });
    await wallWithPictures(desk.page);
    await shotSettled(desk.page, 'patrol-wall-desktop');
    const narrow = await pageAs(browser, moderator);
    await wallWithPictures(narrow.page);
    await shotSettled(narrow.page, 'patrol-wall-phone');
    // A tile's stream health: the server's measure of the demo stream (decision 0230).
    await healthOfFirstTile(narrow.page);
    await shotSettled(narrow.page, 'patrol-health-phone');
    await narrow.ctx.close();

    const session = await call(server.url, 'login', { account: DEMO_ANCHOR.mobile, password: DEMO_ANCHOR.password, remember: false });
    const anchor = await pageAs(browser, { ...DEMO_ANCHOR, ...session });
    const { list } = await call(server.url, 'adminPatrol', undefined, moderator.token);
    const tile = list.find((p) => p.room.anchor.id === session.user.id);
    assert.ok(tile, 'the demo anchor’s room is on the wall');
    await open(anchor.page, server.url, `/pages/room/index?id=${tile.room.id}`);
    // The anchor's page is in its room once a warning reaches it there: then the banner shows.
    const warning = anchor.page.getByTestId('room-warning');
    for (let i = 0; i < 30 && !(await warning.isVisible()); i++) {
      await call(server.url, 'adminPatrolWarn', { room_id: tile.room.id, text: '请注意直播内容' }, moderator.token);
      await warning.waitFor({ timeout: 1000 }).catch(() => undefined);
    }
    assert.match(await warning.innerText(), /请注意直播内容/);
    await shotSettled(anchor.page, 'patrol-anchor-warned');

    const card = desk.page.locator(`[data-testid=patrol-room][data-room="${tile.room.id}"]`);
    await card.getByRole('button', { name: '结束直播' }).click();
    const dialog = desk.page.getByRole('dialog');
    await dialog.locator('[name=reason]').fill('多次警告后仍违规');
    await dialog.getByRole('button', { name: '关闭直播' }).click();
    await dialog.waitFor({ state: 'detached' });
    await anchor.page.getByText('原因：多次警告后仍违规').waitFor({ timeout: 15_000 });
    await shotSettled(anchor.page, 'patrol-anchor-ended');
    await card.waitFor({ state: 'detached', timeout: 15_000 });
  });
});
