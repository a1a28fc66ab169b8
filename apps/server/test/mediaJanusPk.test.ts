/**
 * PK battles on the Janus engine (scale suite: TEST_JANUS=1, root, `ip netns`): two anchors publish
 * Chromium's fake camera through a server whose media engine is Janus, a battle links their rooms,
 * and a viewer of each room decodes the other room's anchor with `pk/media`'s credentials, as the
 * browser suite does on the embedded engine (e2e/specs/pk.test.ts). The battle's end refuses them.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type MediaCredentials, type Session } from '@app/contract';
import { eventually } from '@app/testkit';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { janusAvailable, startJanusNode, type JanusNode } from './janusNode.js';
import { openMediaPage, startPlayerPages, T } from './mediaHarness.js';
import { anchor, closeSockets, connectRoom, join, memberIn, openRoom, operator } from './roomHarness.js';

const enabled = process.env.TEST_JANUS === '1' && janusAvailable();
type Play = { id: number; seats: string[] };
type SeatStats = Record<string, { framesDecoded: number }>;

describe.skipIf(!enabled)('PK battles on the Janus engine', () => {
  let node: JanusNode;
  let s: TestServer;
  let pages: Awaited<ReturnType<typeof startPlayerPages>>;

  beforeAll(async () => {
    node = await startJanusNode(1, { net: { ns: 'jp', subnet: 84 } });
    s = await startTestServer({ env: { MEDIA_ENGINE: 'janus', JANUS_URLS: node.url } });
    pages = await startPlayerPages();
  }, 90_000);

  afterAll(async () => {
    closeSockets();
    await pages?.close();
    await s?.close();
    await node?.stop();
  });

  /** Credentials name the server relatively unless MEDIA_PUBLIC_URL is set; the player page is another origin. */
  const absolute = (c: MediaCredentials) => (c.url.startsWith('/') ? `${s.url}${c.url}` : c.url);
  const frames = async (p: Page, id: number): Promise<number> => (await T<SeatStats>(p, 'seatStats', id)).anchor?.framesDecoded ?? 0;

  async function liveAnchor(op: Session) {
    const who = await anchor(s, op);
    const room = await openRoom(s, who);
    const sock = await connectRoom(s, who);
    await join(sock, room.id);
    const c = (await s.api.call(api.roomMedia, { room_id: room.id, kind: 'publish' }, { token: who.token })).data;
    await T(await openMediaPage(pages.browser, pages.url), 'publish', absolute(c), c.token, { maxBitrate: 800_000 });
    await eventually(async () => (await s.api.call(api.roomInfo, { room_id: room.id })).data.live, { what: `room ${room.id} live`, timeout: 15_000 });
    return { who, room };
  }

  it("each room's viewer decodes the other room's anchor through pk/media; after the battle pk/media refuses", async () => {
    const op = await operator(s);
    const A = await liveAnchor(op);
    const B = await liveAnchor(op);
    const inv = await s.api.call(api.pkInvite, { room_id: B.room.id }, { token: A.who.token });
    expect(inv.code, inv.msg).toBe(200);
    const acc = await s.api.call(api.pkAnswer, { battle_id: inv.data.battle.id, accept: true }, { token: B.who.token });
    expect(acc.code, acc.msg).toBe(200);
    expect(acc.data.battle.status).toBe('battle');

    for (const [mine, theirs] of [
      [A, B],
      [B, A],
    ] as const) {
      const { who: fan } = await memberIn(s, mine.room.id);
      const c = await s.api.call(api.pkMedia, { room_id: mine.room.id }, { token: fan.token });
      expect(c.code, c.msg).toBe(200);
      expect(c.data.url).toContain(`/api/media/whep/${theirs.room.id}`);
      const page = await openMediaPage(pages.browser, pages.url);
      const play = await T<Play>(page, 'play', absolute(c.data), c.data.token, { seats: c.data.seats });
      await eventually(async () => (await frames(page, play.id)) > 10, {
        what: `room ${mine.room.id}'s viewer decoding room ${theirs.room.id}'s anchor`,
        timeout: 15_000,
      });
    }

    const ended = await s.api.call(api.pkEnd, { battle_id: acc.data.battle.id }, { token: A.who.token });
    expect(ended.code, ended.msg).toBe(200);
    const { who: late } = await memberIn(s, A.room.id);
    await eventually(async () => (await s.api.call(api.pkMedia, { room_id: A.room.id }, { token: late.token })).code === ErrorCode.PK_ENDED, {
      what: 'pk/media refused once the link ends',
      timeout: 10_000,
    });
  }, 120_000);
});
