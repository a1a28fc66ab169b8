import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { call } from '../lib/api.js';
import { launch, shot } from '../lib/browser.js';
import { FAKE_MEDIA_FLAGS, firstFrame } from '../lib/media.js';
import { approvedAnchor, operatorOf, type Member } from '../lib/member.js';
import { open } from '../lib/page.js';
import { roomKit } from '../lib/roomKit.js';
import { startServer, type RunningServer } from '../lib/server.js';
import { cover, uploadCover } from './roomFixtures.js';

/*
 * A live room's gates in the browser, against the production build: the anchor, live with
 * Chromium's fake camera, mutes a viewer (who cannot chat; the room reads the notice) and kicks
 * another (out, and kept out after a reload, with no picture); a password room refuses a wrong
 * password and lets the right one in. The rest of a live room: room.test.ts. Screens at 375×812.
 */

let server: RunningServer;
let browser: Browser;
let operator: Member;
const { member, pageAs, enterRoom, liveAnchor, waitForChat, send, moderate, closeAll } = roomKit(() => ({ server, browser, operator }));

let roomId = 0;
let anchorPage: Page;
let viewerPage: Page;
let pwRoom: { id: number; number: string };

before(async () => {
  // Rooms opened through the API wait for their anchor longer than the suite runs.
  [server, browser] = await Promise.all([startServer({ ROOM_GRACE_MS: '600000' }), launch(FAKE_MEDIA_FLAGS)]);
  operator = await operatorOf(server);
  const pwHost = await approvedAnchor(server, operator, await member('深夜电台'));
  const pwCover = await uploadCover(server.url, pwHost, await cover('#36d1dc', '#5b86e5'));
  pwRoom = await call(server.url, 'roomOpen', { title: '私密小屋 · 只聊天', cover: pwCover, category_id: 1, password: 'abc123' }, pwHost.token);
  const live = await liveAnchor('星光主播', '晚安电台 · 一起听歌');
  [roomId, anchorPage] = [live.roomId, live.page];
  viewerPage = await pageAs(await member('小明'));
  await enterRoom(viewerPage, roomId);
  await firstFrame(viewerPage, 'anchor');
});
after(async () => {
  await closeAll();
  await browser?.close();
  await server?.stop();
});

describe("a live room's gates in the browser", () => {
  it('a muted viewer cannot chat', async () => {
    const quiet = await member('话痨');
    const page = await pageAs(quiet);
    await enterRoom(page, roomId);
    await send(page, '我先说一句');
    await waitForChat(anchorPage, '我先说一句');
    await moderate(anchorPage, quiet.user.id, '禁言');
    const input = page.locator('input[name=chat]');
    await page.waitForFunction(() => (document.querySelector('input[name=chat]') as HTMLInputElement | null)?.disabled === true);
    assert.equal(await input.getAttribute('placeholder'), '你已被禁言');
    await waitForChat(viewerPage, '被禁言');
    await page.close();
  });

  it('a kicked viewer is out and cannot come back in', async () => {
    const rude = await member('捣乱的人');
    const page = await pageAs(rude);
    await enterRoom(page, roomId);
    await firstFrame(page, 'anchor');
    await moderate(anchorPage, rude.user.id, '踢出');
    await anchorPage.locator('.adm-dialog-button', { hasText: '踢出' }).click();
    await page.locator('[data-testid=room-gate][data-gate=kicked]').waitFor();
    assert.match(await page.getByTestId('room-gate').innerText(), /你已被移出直播间/);
    await page.reload();
    await page.locator('[data-testid=room-gate][data-gate=kicked]').waitFor();
    assert.equal(await page.locator('video[data-seat=anchor]').count(), 0, 'no video for a banned user');
    await page.close();
  });

  it('a password room refuses a wrong password and lets the right one in', async () => {
    const page = await pageAs(await member('敲门的人'));
    await open(page, server.url, '/pages/user/join');
    await page.locator('input[name=room-number]').fill(pwRoom.number);
    await shot(page, 'rooms-join');
    await page.getByRole('button', { name: '进入房间' }).click();
    await page.locator('input[name=room-password]').fill('wrong1');
    await page.locator('.password-sheet').getByRole('button', { name: '进入房间' }).click();
    await page.getByTestId('password-error').filter({ hasText: '房间密码错误' }).waitFor();
    await page.locator('input[name=room-password]').fill('abc123');
    await page.locator('.password-sheet').getByRole('button', { name: '进入房间' }).click();
    await page.getByTestId('live-stage').waitFor();
    await page.close();
  });
});
