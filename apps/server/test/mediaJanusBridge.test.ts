/**
 * The API instance bridging a Janus room dies (scale suite: TEST_JANUS=1, root, `ip netns`,
 * PostgreSQL + Redis): two instances on one Janus node; the room is opened through instance A (a
 * process of its own), so its WHIP/WHEP URL is A's; the anchor publishes through A, a viewer watches
 * through B. A is SIGKILLed (no shutdown: its lease runs out): B places the room on itself, the room
 * channel hears `media` (node_lost), the anchor publishes again with fresh credentials (as the web
 * client's broadcaster does on that event) through B, into the VideoRoom still on the same node, and
 * the viewer decodes frames again within 10 s of the kill.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type RoomMediaMoved } from '@app/contract';
import { eventually } from '@app/testkit';
import { janusNodeId } from '../src/media/index.js';
import { ApiClient } from './helpers/apiClient.js';
import { scaleEnabled } from './helpers/instancePair.js';
import { exited, freePort, killAll, signal, spawnServer } from './helpers/spawnServer.js';
import { dropSchema, newSchemaName, onFreePort, redisUrl, startTestServer, type TestServer } from './helpers/testServer.js';
import { janusAvailable, startJanusNode, type JanusNode } from './janusNode.js';
import { openMediaPage, startPlayerPages, T } from './mediaHarness.js';
import { anchor, closeSockets, collect, connectRoom, join, memberIn, next, operator } from './roomHarness.js';

const enabled = process.env.TEST_JANUS === '1' && janusAvailable() && scaleEnabled();
const PORTS = Array.from({ length: 10 }, (_, i) => 47120 + i);
/** Short leases: a dead instance is found within a few seconds (production: ROOM_INSTANCE_LEASE_MS). */
const LEASE_MS = 3000;
type Play = { id: number; seats: string[] };
type SeatStats = Record<string, { framesDecoded: number }>;

describe.skipIf(!enabled)("media on Janus: the instance bridging a room dies, the room's clients move to a live one", () => {
  const schema = newSchemaName();
  const redisPrefix = `janusb:${schema}:`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'liveapp-bridge-'));
  let node: JanusNode;
  let a: { child: ChildProcess; url: string };
  let b: TestServer;
  let pages: Awaited<ReturnType<typeof startPlayerPages>>;

  beforeAll(async () => {
    node = await startJanusNode(1, { net: { ns: 'jk', subnet: 83 } });
    const env = { MEDIA_ENGINE: 'janus', JANUS_URLS: node.url, ROOM_INSTANCE_LEASE_MS: String(LEASE_MS) };
    b = await onFreePort(PORTS, (port) =>
      startTestServer({ shared: { schema, redisPrefix }, port, env: { ...env, MEDIA_PUBLIC_URL: `http://127.0.0.1:${port}` } }),
    );
    const port = await freePort();
    a = await spawnServer({
      dataDir,
      schema,
      port,
      env: { ...env, MEDIA_PUBLIC_URL: `http://127.0.0.1:${port}`, REDIS_URL: redisUrl()!, REDIS_PREFIX: redisPrefix },
    });
    pages = await startPlayerPages();
  }, 90_000);

  afterAll(async () => {
    closeSockets();
    killAll();
    await pages?.close();
    await b?.close();
    await node?.stop();
    await dropSchema(schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const frames = async (p: Page, id: number): Promise<number> => (await T<SeatStats>(p, 'seatStats', id)).anchor?.framesDecoded ?? 0;

  it('A is killed: the room is bridged by B, the anchor republishes through B and the viewer decodes frames again within 10 s', async () => {
    // The room is opened through A: A places it and bridges it (its URL is the room's media URL).
    const owner = await anchor(b, await operator(b));
    const category = (await b.api.call(api.roomCategories)).data.list[0]!.id;
    const opened = await new ApiClient(a.url, b.config).call(api.roomOpen, { title: '桥接实例', category_id: category }, { token: owner.token });
    expect(opened.code).toBe(200);
    const room = opened.data;
    const placement = () =>
      b.deps.db.kysely.selectFrom('rooms').select(['media_node', 'media_url', 'media_bridge']).where('id', '=', room.id).executeTakeFirstOrThrow();
    expect(await placement()).toMatchObject({ media_node: janusNodeId(node.url), media_url: a.url });

    // The anchor client (its room channel on B): publishes with room/media's credentials, and again on every `media` event.
    const ownerSock = await connectRoom(b, owner);
    await join(ownerSock, room.id);
    const anchorPage = await openMediaPage(pages.browser, pages.url);
    const urls: string[] = [];
    const publish = async () => {
      const c = (await b.api.call(api.roomMedia, { room_id: room.id, kind: 'publish' }, { token: owner.token })).data;
      urls.push(c.url);
      await T(anchorPage, 'publish', c.url, c.token, { maxBitrate: 800_000 });
    };
    const moves = collect(ownerSock, 'media');
    ownerSock.on('media', () => void publish());
    await publish();
    expect(urls[0]!.startsWith(a.url)).toBe(true);
    await eventually(async () => (await b.api.call(api.roomInfo, { room_id: room.id })).data.live, { what: 'the anchor live', timeout: 10_000 });

    // The viewer: everything through B (its WHEP too, whatever room/media names).
    const { who: viewer, sock } = await memberIn(b, room.id);
    const viewerPage = await openMediaPage(pages.browser, pages.url);
    const play = async (): Promise<Play> => {
      const c = (await b.api.call(api.roomMedia, { room_id: room.id, kind: 'play' }, { token: viewer.token })).data;
      return T<Play>(viewerPage, 'play', `${b.url}/api/media/whep/${room.id}`, c.token, { seats: ['anchor'] });
    };
    const before = await play();
    await eventually(async () => (await frames(viewerPage, before.id)) > 10, { what: 'frames before the kill', timeout: 10_000 });

    const moved = next(sock, 'media', () => true, 10_000);
    const anchorBack = next(sock, 'live', (p) => p.seat_id === 'anchor' && p.live, 10_000);
    anchorBack.catch(() => {}); // awaited below; a failure before then is the test's, not an unhandled rejection
    const killedAt = Date.now();
    signal(a.child, 'SIGKILL');
    await exited(a.child);
    expect(await moved).toEqual<RoomMediaMoved>({ room_id: room.id, reason: 'node_lost' });
    const movedMs = Date.now() - killedAt;
    // The same Janus node (its VideoRoom is there), bridged by B now.
    expect(await placement()).toEqual({ media_node: janusNodeId(node.url), media_url: b.url, media_bridge: b.services.room.lease.id });

    // The anchor's republish went through B; the viewer plays again once the anchor is live (as the web player retries).
    await anchorBack;
    const liveMs = Date.now() - killedAt;
    expect(urls.at(-1)!.startsWith(b.url)).toBe(true);
    const after = await play();
    await eventually(async () => (await frames(viewerPage, after.id)) > 0, { what: 'frames through B', timeout: 10_000 });
    const resumedMs = Date.now() - killedAt;
    expect(resumedMs).toBeLessThan(10_000);
    expect(moves).toHaveLength(1);
    console.info(
      `bridge instance killed → room moved (node_lost): ${movedMs} ms; anchor live through B: ${liveMs} ms; viewer decoding again: ${resumedMs} ms (lease ${LEASE_MS} ms)`,
    );
  }, 120_000);
});
