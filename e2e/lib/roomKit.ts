import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, registerMember } from './api.js';
import { firstFrame, MEDIA_PROBE_JS } from './media.js';
import { approvedAnchor, pageAs as phonePageAs, type Member } from './member.js';
import { open } from './page.js';
import type { RunningServer } from './server.js';

/** What the live room suites share: their server, browser and operator (set in their `before`). */
export interface RoomEnv {
  server: RunningServer;
  browser: Browser;
  operator: Member;
}

export const roomUrl = (id: number) => `/pages/room/index?id=${id}`;

/** The live room suites' helpers over a suite's environment; `contexts` holds every phone it opened. */
export function roomKit(env: () => RoomEnv) {
  const contexts: BrowserContext[] = [];

  /** A new member with a nickname. */
  async function member(name: string): Promise<Member> {
    const m = await registerMember(env().server.url);
    await call(env().server.url, 'updateUserInfo', { nickname: name }, m.token);
    return { ...m, user: { ...m.user, nickname: name } };
  }

  /** A phone page logged in as `m` (the session the app persists, seed §3), recording its peer connections. */
  async function pageAs(m: Member): Promise<Page> {
    const { ctx, page } = await phonePageAs(env().browser, m, [MEDIA_PROBE_JS]);
    contexts.push(ctx);
    page.on('pageerror', (e) => console.error(`[page ${m.user.nickname}]`, e.message));
    return page;
  }

  async function enterRoom(page: Page, id: number): Promise<void> {
    await open(page, env().server.url, roomUrl(id));
    await page.getByTestId('live-stage').waitFor();
  }

  /** An anchor live in their own room from the browser (the fake camera), for `firstFrame` checks. */
  async function liveAnchor(name: string, title: string): Promise<{ anchor: Member; roomId: number; page: Page }> {
    const anchor = await approvedAnchor(env().server, env().operator, await member(name));
    const { list: cats } = await call(env().server.url, 'roomCategories');
    const roomId = (await call(env().server.url, 'roomOpen', { title, category_id: cats[0]!.id, kind: 'live' }, anchor.token)).id;
    const page = await pageAs(anchor);
    await open(page, env().server.url, roomUrl(roomId));
    await firstFrame(page, 'local', 20_000);
    return { anchor, roomId, page };
  }

  /** Waits for a line in the chat over the video (a message, or a notice such as a mute). */
  async function waitForChat(page: Page, text: string): Promise<void> {
    await page.locator('.room-chat .chat-line').filter({ hasText: text }).first().waitFor({ timeout: 10_000 });
  }

  async function send(page: Page, text: string): Promise<void> {
    await page.locator('input[name=chat]').fill(text);
    await page.locator('input[name=chat]').press('Enter');
  }

  /** Opens the viewer list on the anchor's page, then the user's card, and picks an action on it. */
  async function moderate(anchorPage: Page, userId: number, action: string): Promise<void> {
    await anchorPage.locator('.room-viewers').click();
    await anchorPage.locator(`[data-testid=viewer-list] [data-user-id="${userId}"]`).click();
    await anchorPage.getByTestId('card-actions').getByRole('button', { name: action, exact: true }).click();
  }

  /** Closes every phone this kit opened. */
  const closeAll = () => Promise.all(contexts.splice(0).map((c) => c.close().catch(() => undefined)));

  return { contexts, member, pageAs, enterRoom, liveAnchor, waitForChat, send, moderate, closeAll };
}
