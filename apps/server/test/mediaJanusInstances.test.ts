/**
 * Janus signalling is not pinned to the API instance that placed a room (scale suite: TEST_JANUS=1,
 * root, `ip netns`, PostgreSQL + Redis): two instances on one Janus node, the anchor publishing
 * through instance A; a viewer whose WHEP calls all land on instance B (as behind a load balancer)
 * plays: B finds the room's VideoRoom on the node the room is placed on and subscribes to the
 * feeds A publishes there. Chromium decodes the frames; B's session takes trickle and DELETE.
 * The room's HLS egress on A is fed by Janus's `rtp_forward` (relayed to ffmpeg on 127.0.0.1, which
 * the node cannot reach): ffprobe decodes frames from its playlist; an encoder that stops and
 * starts again within the grace period, nobody watching over WebRTC, keeps one egress and one
 * replay. One Janus node serves both.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@app/contract';
import { eventually } from '@app/testkit';
import { mediaRise } from '../../../e2e/lib/media.js';
import { janusNodeId } from '../src/media/index.js';
import { scaleEnabled } from './helpers/instancePair.js';
import { dropSchema, newSchemaName, onFreePort, startTestServer, type TestServer } from './helpers/testServer.js';
import { janusAvailable, startJanusNode, type JanusNode } from './janusNode.js';
import { openMediaPage, startPlayerPages, T } from './mediaHarness.js';
import { closeSockets, memberIn, operator, ownedRoom } from './roomHarness.js';
import { ffprobeUrl } from './videoHelpers.js';

const enabled = process.env.TEST_JANUS === '1' && janusAvailable() && scaleEnabled();
const PORTS = Array.from({ length: 20 }, (_, i) => 47080 + i);
type Play = { id: number; location: string; seats: string[] };

describe.skipIf(!enabled)('media on Janus: a viewer on another API instance', () => {
  const schema = newSchemaName();
  let node: JanusNode;
  let a: TestServer;
  let b: TestServer;
  let pages: Awaited<ReturnType<typeof startPlayerPages>>;
  let roomId = 0;

  beforeAll(async () => {
    node = await startJanusNode(1, { net: { ns: 'ji', subnet: 80 } });
    const shared = { schema, redisPrefix: `janusi:${schema}:` };
    const start = (ports: number[], env: Record<string, string> = {}) =>
      onFreePort(ports, (port) =>
        startTestServer({ shared, port, env: { MEDIA_ENGINE: 'janus', JANUS_URLS: node.url, MEDIA_PUBLIC_URL: `http://127.0.0.1:${port}`, ...env } }),
      );
    a = await start(PORTS.slice(0, 10), { LIVE_EGRESS: 'on' });
    b = await start(PORTS.slice(10));
    pages = await startPlayerPages();
  }, 60_000);

  afterAll(async () => {
    closeSockets();
    await pages?.close();
    await a?.close();
    await b?.close();
    await node?.stop();
    await dropSchema(schema);
  });

  it('a viewer whose WHEP calls go to instance B plays a room published through instance A', async () => {
    const { owner, room } = await ownedRoom(a, await operator(a));
    roomId = room.id;
    const placed = await b.deps.db.kysely.selectFrom('rooms').select(['media_node']).where('id', '=', room.id).executeTakeFirstOrThrow();
    expect(placed.media_node).toBe(janusNodeId(node.url));

    const pub = (await a.api.call(api.roomMedia, { room_id: room.id, kind: 'publish' }, { token: owner.token })).data;
    expect(pub.url.startsWith(a.url)).toBe(true);
    const anchorPage = await openMediaPage(pages.browser, pages.url);
    await T(anchorPage, 'publish', pub.url, pub.token, { maxBitrate: 800_000 });
    await eventually(async () => (await b.api.call(api.roomInfo, { room_id: room.id })).data.live, { what: 'the room live on B', timeout: 10_000 });

    // Everything the viewer does goes to instance B: its room channel, room/media and WHEP.
    const { who: viewer } = await memberIn(b, room.id);
    const play = (await b.api.call(api.roomMedia, { room_id: room.id, kind: 'play' }, { token: viewer.token })).data;
    // B under another name (as a load balancer's): the session URL names B's own MEDIA_PUBLIC_URL.
    const onB = `${b.url.replace('127.0.0.1', 'localhost')}/api/media/whep/${room.id}`;
    const viewerPage = await openMediaPage(pages.browser, pages.url);
    const session = await T<Play>(viewerPage, 'play', onB, play.token, { seats: ['anchor'] });
    expect(session.seats).toEqual(['anchor']);
    expect(session.location.startsWith(b.url)).toBe(true);
    expect(await T<number>(viewerPage, 'firstFrame', session.id)).toBeGreaterThan(0);
    const rise = await mediaRise(viewerPage, 2000);
    expect(rise.frames[0]).toBeGreaterThan(15);

    // The anchor publishes again through A (a reload: fresh credentials, a new feed): B hears it from
    // Janus and switches its viewer's slot, whose picture resumes in the same session.
    const fresh = (await a.api.call(api.roomMedia, { room_id: room.id, kind: 'publish' }, { token: owner.token })).data;
    const reloaded = await openMediaPage(pages.browser, pages.url);
    await T(reloaded, 'publish', fresh.url, fresh.token, { maxBitrate: 800_000 });
    await anchorPage.context().close();
    const decoded = async () => (await T<Record<string, { framesDecoded: number }>>(viewerPage, 'seatStats', session.id)).anchor?.framesDecoded ?? 0;
    const n = await decoded();
    await eventually(async () => (await decoded()) > n + 20, { what: "frames of the anchor's new feed on B's viewer", timeout: 15_000 });

    // B holds the session: it takes a trickled candidate fragment and the DELETE.
    const trickle = await fetch(session.location, {
      method: 'PATCH',
      headers: { 'content-type': 'application/trickle-ice-sdpfrag', authorization: `Bearer ${play.token}` },
      body: 'a=end-of-candidates\r\n',
    });
    expect(trickle.status).toBe(204);
    const handles = await node.handleCount();
    expect((await fetch(session.location, { method: 'DELETE', headers: { authorization: `Bearer ${play.token}` } })).status).toBe(200);
    await eventually(async () => (await node.handleCount()) < handles, { what: "the viewer's Janus handle detached" });
    // The room's VideoRoom stays for its publisher: the anchor still feeds a new viewer through A.
    const again = await T<Play>(viewerPage, 'play', `${a.url}/api/media/whep/${room.id}`, play.token, { seats: ['anchor'] });
    expect(await T<number>(viewerPage, 'firstFrame', again.id)).toBeGreaterThan(0);
  }, 90_000);

  it.skipIf(!fs.existsSync('/usr/bin/ffmpeg'))(
    "the room's HLS egress on A is fed by Janus: ffprobe decodes H.264 frames and AAC from its playlist",
    async () => {
      expect(roomId).toBeGreaterThan(0);
      const row = await eventually(
        async () => (await a.deps.db.kysely.selectFrom('live_egress').selectAll().where('room_id', '=', roomId).executeTakeFirst()) ?? false,
        { what: 'the egress started', timeout: 15_000 },
      );
      const playlist = `${a.url}${row.playlist}`;
      await eventually(async () => (await fetch(playlist)).status === 200, { what: 'the live playlist', timeout: 15_000 });
      const probed = await ffprobeUrl(playlist);
      expect(probed.streams.map((st) => st.codec_name).sort()).toEqual(['aac', 'h264']);
      // Frames decoded from the playlist (its first 2 s: a live playlist never ends), not only its stream headers.
      const { stdout } = await promisify(execFile)(
        'ffprobe',
        [
          '-v',
          'error',
          '-read_intervals',
          '%+2',
          '-select_streams',
          'v:0',
          '-count_frames',
          '-show_entries',
          'stream=nb_read_frames,width',
          '-of',
          'json',
          playlist,
        ],
        { timeout: 60_000 },
      );
      const video = (JSON.parse(stdout) as { streams: { nb_read_frames: string; width: number }[] }).streams[0]!;
      expect(Number(video.nb_read_frames)).toBeGreaterThan(10);
      expect(video.width).toBeGreaterThan(0);
    },
    60_000,
  );

  it.skipIf(!fs.existsSync('/usr/bin/ffmpeg'))(
    'an encoder restart within the grace period, nobody watching over WebRTC, keeps one egress and one replay',
    async () => {
      // The first case's room closed: a room is bridged by the instance bridging the fewest, on a tie the placing one (A, which runs the egress).
      if (roomId) await a.services.room.closeRoom(roomId, 'operator');
      const { owner, room } = await ownedRoom(a, await operator(a));
      const publish = async () => {
        const pub = (await a.api.call(api.roomMedia, { room_id: room.id, kind: 'publish' }, { token: owner.token })).data;
        expect(pub.url.startsWith(a.url)).toBe(true);
        const page = await openMediaPage(pages.browser, pages.url);
        await T(page, 'publish', pub.url, pub.token, { maxBitrate: 800_000 });
        return page;
      };
      const first = await publish();
      const egress = await eventually(() => a.egress.of(room.id), { what: 'the egress started', timeout: 15_000 });
      await eventually(() => egress.segments.length >= 2, { what: 'segments of the first run', timeout: 20_000 });
      await first.context().close();
      await eventually(() => a.sfu.room(String(room.id)) === undefined, { what: "the engine's room empty", timeout: 30_000 });
      await publish();
      const before = egress.segments.length;
      await eventually(() => egress.segments.length >= before + 2, { what: 'segments after the restart', timeout: 20_000 });
      expect(a.egress.of(room.id)).toBe(egress);
      expect((await a.api.call(api.roomClose, { room_id: room.id }, { token: owner.token })).data).toEqual({ closed: true });
      const replays = await eventually(async () => {
        const rows = await a.deps.db.kysely.selectFrom('live_replays').selectAll().where('room_id', '=', room.id).execute();
        return rows.length > 0 && rows.every((r) => r.status !== 'recording') && rows;
      });
      expect(replays.map((r) => r.status)).toEqual(['ready']);
    },
    90_000,
  );
});
