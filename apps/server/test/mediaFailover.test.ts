/**
 * A media node dies (scale suite: TEST_JANUS=1, root, `ip netns`): the app server on two Janus nodes,
 * a room placed on one of them, Chromium publishing the anchor and playing it. The node holding the
 * anchor is SIGKILLed: the room is placed on the live node, its channel hears `media`, the anchor
 * publishes again with fresh credentials (as the web client does on that event) and the viewer sees
 * frames again within 10 s of the kill.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type RoomMediaMoved } from '@app/contract';
import { eventually } from '@app/testkit';
import { janusNodeId } from '../src/media/index.js';
import { janusAvailable, startJanusNode, type JanusNode } from './janusNode.js';
import { onFreePort, startTestServer, type TestServer } from './helpers/testServer.js';
import { openMediaPage, startPlayerPages, T } from './mediaHarness.js';
import { closeSockets, collect, memberIn, next, operator, ownedRoom } from './roomHarness.js';

const enabled = process.env.TEST_JANUS === '1' && janusAvailable();
const NET = { ns: 'jm', subnet: 78 };
const PORTS = Array.from({ length: 40 }, (_, i) => 47020 + i);
type Play = { id: number; seats: string[] };
type SeatStats = Record<string, { framesDecoded: number }>;

describe.skipIf(!enabled)('a media node dies: its rooms move to a live node', () => {
  let nodes: JanusNode[] = [];
  let s: TestServer;
  let pages: Awaited<ReturnType<typeof startPlayerPages>>;

  beforeAll(async () => {
    nodes = [await startJanusNode(1, { net: NET }), await startJanusNode(2, { net: NET })];
    s = await onFreePort(PORTS, (port) =>
      startTestServer({
        port,
        env: { MEDIA_ENGINE: 'janus', JANUS_URLS: nodes.map((n) => n.url).join(','), MEDIA_PUBLIC_URL: `http://127.0.0.1:${port}` },
      }),
    );
    pages = await startPlayerPages();
  }, 60_000);

  afterAll(async () => {
    closeSockets();
    await pages?.close();
    await s?.close();
    for (const n of nodes) await n.stop();
  });

  const frames = async (p: Page, id: number): Promise<number> => (await T<SeatStats>(p, 'seatStats', id)).anchor?.framesDecoded ?? 0;

  it('the anchor republishes on the live node when its node is killed, and the viewer sees frames again within 10 s', async () => {
    const { owner, room, ownerSock } = await ownedRoom(s, await operator(s));
    const placedOn = async () =>
      (await s.deps.db.kysely.selectFrom('rooms').select('media_node').where('id', '=', room.id).executeTakeFirstOrThrow()).media_node;
    const first = await placedOn();
    const holder = nodes.find((n) => janusNodeId(n.url) === first);
    expect(holder).toBeDefined();
    const survivor = nodes.find((n) => n !== holder)!;

    // The anchor client: publishes with room/media's credentials, and again on every `media` event.
    const anchorPage = await openMediaPage(pages.browser, pages.url);
    const publish = async () => {
      const c = (await s.api.call(api.roomMedia, { room_id: room.id, kind: 'publish' }, { token: owner.token })).data;
      await T(anchorPage, 'publish', c.url, c.token, { maxBitrate: 800_000 });
    };
    const moves = collect(ownerSock, 'media');
    ownerSock.on('media', () => void publish());
    await publish();
    await eventually(async () => (await s.api.call(api.roomInfo, { room_id: room.id })).data.live, { what: 'the anchor live', timeout: 10_000 });

    const { who: viewer, sock } = await memberIn(s, room.id);
    const play = async (): Promise<Play> => {
      const c = (await s.api.call(api.roomMedia, { room_id: room.id, kind: 'play' }, { token: viewer.token })).data;
      return T<Play>(viewerPage, 'play', c.url, c.token, { seats: ['anchor'] });
    };
    const viewerPage = await openMediaPage(pages.browser, pages.url);
    const before = await play();
    await eventually(async () => (await frames(viewerPage, before.id)) > 10, { what: 'frames before the kill', timeout: 10_000 });

    const moved = next(sock, 'media', () => true, 10_000);
    const killedAt = Date.now();
    holder!.kill();
    expect(await moved).toEqual<RoomMediaMoved>({ room_id: room.id, reason: 'node_lost' });
    expect(await placedOn()).toBe(janusNodeId(survivor.url));
    // The viewer plays again once the anchor is live again (the web player retries the same way).
    await next(sock, 'live', (p) => p.seat_id === 'anchor' && p.live, 10_000);
    const after = await play();
    await eventually(async () => (await frames(viewerPage, after.id)) > 0, { what: 'frames from the live node', timeout: 10_000 });
    const resumedMs = Date.now() - killedAt;
    expect(resumedMs).toBeLessThan(10_000);
    expect(moves).toHaveLength(1);
    console.info(`media node killed → viewer decoding again: ${resumedMs} ms`);
  }, 90_000);
});
