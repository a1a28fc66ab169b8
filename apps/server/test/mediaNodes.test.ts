/**
 * One room across instances (scale suite: PostgreSQL + Redis): every instance registers its embedded
 * SFU as a media node with its own URL; a room is placed on a node when it opens, and room/media
 * names that node whichever instance answers. A viewer whose calls all go to instance B watches a
 * room published through instance A: Chromium decodes its frames.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Session } from '@app/contract';
import { eventually } from '@app/testkit';
import { mediaRise } from '../../../e2e/lib/media.js';
import { scaleEnabled } from './helpers/instancePair.js';
import { dropSchema, newSchemaName, onFreePort, startTestServer, type TestServer } from './helpers/testServer.js';
import { openMediaPage, startPlayerPages, T } from './mediaHarness.js';
import { closeSockets, connectRoom, join, member, operator, ownedRoom } from './roomHarness.js';

type Play = { id: number; location: string; answeredMs: number; seats: string[] };
const PORTS = Array.from({ length: 10 }, (_, i) => 47000 + i);

describe.skipIf(!scaleEnabled())('media nodes: one room, two API instances', () => {
  const schema = newSchemaName();
  let a: TestServer;
  let b: TestServer;
  let pages: Awaited<ReturnType<typeof startPlayerPages>>;

  beforeAll(async () => {
    const shared = { schema, redisPrefix: `nodes:${schema}:` };
    const start = (ports: number[]) =>
      onFreePort(ports, (port) => startTestServer({ shared, port, env: { MEDIA_PUBLIC_URL: `http://127.0.0.1:${port}`, ROOM_INSTANCE_LEASE_MS: '3000' } }));
    a = await start(PORTS.slice(0, 5));
    b = await start(PORTS.slice(5));
    pages = await startPlayerPages();
  }, 60_000);

  afterAll(async () => {
    closeSockets();
    await pages?.close();
    await a?.close();
    await b?.close();
    await dropSchema(schema);
  });

  it('registers each instance as a node; a viewer on instance B plays a room published through instance A', async () => {
    const nodes = await a.deps.db.kysely.selectFrom('media_nodes').select(['kind', 'url']).orderBy('url').execute();
    expect(nodes).toEqual([
      { kind: 'embedded', url: a.url },
      { kind: 'embedded', url: b.url },
    ]);

    const op = await operator(a);
    const { owner, room } = await ownedRoom(a, op);
    const placed = await b.deps.db.kysely.selectFrom('rooms').select(['media_node', 'media_url']).where('id', '=', room.id).executeTakeFirstOrThrow();
    expect(placed.media_url).toBe(a.url);

    const pub = (await a.api.call(api.roomMedia, { room_id: room.id, kind: 'publish' }, { token: owner.token })).data;
    expect(pub.url).toBe(`${a.url}/api/media/whip/${room.id}/anchor`);
    const anchorPage = await openMediaPage(pages.browser, pages.url);
    await T(anchorPage, 'publish', pub.url, pub.token, { maxBitrate: 800_000 });
    await eventually(async () => (await b.api.call(api.roomInfo, { room_id: room.id })).data.live, { what: 'the room live on B', timeout: 10_000 });

    // Everything the viewer does goes through instance B: the room channel and room/media.
    const viewer: Session = await member(b);
    const sock = await connectRoom(b, viewer);
    await join(sock, room.id);
    const play = (await b.api.call(api.roomMedia, { room_id: room.id, kind: 'play' }, { token: viewer.token })).data;
    expect(play.url).toBe(`${a.url}/api/media/whep/${room.id}`);

    const viewerPage = await openMediaPage(pages.browser, pages.url);
    const session = await T<Play>(viewerPage, 'play', play.url, play.token, { seats: ['anchor'] });
    expect(session.seats).toEqual(['anchor']);
    expect(await T<number>(viewerPage, 'firstFrame', session.id)).toBeGreaterThan(0);
    const rise = await mediaRise(viewerPage, 2000);
    expect(rise.frames[0]).toBeGreaterThan(15);
  }, 90_000);
});
