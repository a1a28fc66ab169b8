import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@app/testkit';
import { call, registerMember } from '../lib/api.js';
import { launch } from '../lib/browser.js';
import { FAKE_MEDIA_FLAGS, firstFrame, MEDIA_PROBE_JS } from '../lib/media.js';
import { approvedAnchor, operatorOf, pageAs, topUp, type Member } from '../lib/member.js';
import { open } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';

/**
 * What the PK suites share: two anchors live from their room pages (Chromium's fake camera), each
 * with a viewer in their room who holds coins; room B's viewer reads English. Short times:
 * PK_INVITE_S=4, PK_PUNISH_S=30.
 */
export interface PkStage {
  server: RunningServer;
  browser: Browser;
  hostA: Member;
  hostB: Member;
  fanA: Member;
  fanB: Member;
  roomA: number;
  roomB: number;
  pages: Record<'a' | 'b' | 'fa' | 'fb', Page>;
}

const rid = () => randomUUID().replace(/-/g, '');
export const arena = (p: Page) => p.getByTestId('pk-arena');
export const scoreOf = async (p: Page, side: 'mine' | 'theirs') => Number(await p.getByTestId(`pk-score-${side}`).getAttribute('data-score'));
export const arenaStatus = (p: Page, status: string) => p.locator(`[data-testid=pk-arena][data-status=${status}]`).waitFor({ timeout: 20_000 });

/** Sends `count` of the gift named `name` from `from` to `to` in room `roomId`. */
export async function gift(stage: PkStage, from: Member, roomId: number, to: Member, name: string, count = 1) {
  const g = (await call(stage.server.url, 'commonConfig')).gift.find((x) => x.name === name)!;
  return call(stage.server.url, 'giftSend', { request_id: rid(), room_id: roomId, gift_id: g.gift_id, count, receiver_id: to.user.id }, from.token);
}

/** Sets the stage up. `beforeViewers` runs once both anchors are live, before the viewers enter. */
export async function startPkStage(beforeViewers?: (stage: PkStage) => Promise<void>): Promise<PkStage> {
  const [server, browser] = await Promise.all([
    startServer({ ROOM_GRACE_MS: '600000', PK_INVITE_S: '4', PK_PUNISH_S: '30', PK_SWEEP_MS: '300' }),
    launch(FAKE_MEDIA_FLAGS),
  ]);
  const nick = (m: Member, name: string) => call(server.url, 'updateUserInfo', { nickname: name }, m.token);
  const openRoomPage = async (m: Member, roomId: number, locale = 'zh-CN'): Promise<Page> => {
    const { page } = await pageAs(browser, m, [MEDIA_PROBE_JS], locale);
    await open(page, server.url, `/pages/room/index?id=${roomId}`);
    await page.getByTestId('live-stage').waitFor();
    return page;
  };
  const operator = await operatorOf(server);
  const [fanA, fanB, hostA, hostB] = await Promise.all([
    registerMember(server.url),
    registerMember(server.url),
    approvedAnchor(server, operator),
    approvedAnchor(server, operator),
  ]);
  await Promise.all([nick(hostA, '小鹿酱'), nick(hostB, '阿星'), nick(fanA, '鹿粉'), nick(fanB, '星粉')]);
  const { list: cats } = await call(server.url, 'roomCategories');
  const roomA = (await call(server.url, 'roomOpen', { title: '鹿鹿唱歌', category_id: cats[0]!.id, kind: 'live' }, hostA.token)).id;
  const roomB = (await call(server.url, 'roomOpen', { title: '阿星聊天', category_id: cats[0]!.id, kind: 'live' }, hostB.token)).id;
  const { list: pkgs } = await call(server.url, 'rechargeCategory', undefined, fanA.token);
  const pkg = (pkgs.find((p) => p.amount >= 100 * 10000) ?? pkgs.at(-1)!).id;
  await Promise.all([topUp(server.url, fanA, pkg), topUp(server.url, fanB, pkg)]);
  // Both anchors go live from their room page (the fake camera), each viewer enters one room.
  const [a, b] = await Promise.all([openRoomPage(hostA, roomA), openRoomPage(hostB, roomB)]);
  await Promise.all([firstFrame(a, 'local'), firstFrame(b, 'local')]);
  for (const id of [roomA, roomB]) await eventually(async () => (await call(server.url, 'roomInfo', { room_id: id })).live, { what: `room ${id} live` });
  const stage: PkStage = { server, browser, hostA, hostB, fanA, fanB, roomA, roomB, pages: { a, b } as PkStage['pages'] };
  await beforeViewers?.(stage);
  // Room B's viewer reads English: its screens show the English strings.
  [stage.pages.fa, stage.pages.fb] = await Promise.all([openRoomPage(fanA, roomA), openRoomPage(fanB, roomB, 'en')]);
  return stage;
}
