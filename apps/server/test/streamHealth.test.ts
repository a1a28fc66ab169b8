/**
 * Stream health (decisions 0230–0232): the anchor's browser reports its outgoing stream, kept at
 * most once per LIVE_HEALTH_S per live (an injected clock moves past the bound); the media role
 * measures the anchor's WHIP stream (ffmpeg H.264 at 400 kbit/s, 20 fps) and keeps `ingest`
 * samples; the anchor reads their own room's, a moderator any room's; another member is refused,
 * bad input names its field, and a closed room keeps nothing. Runs on SQLite, and on PostgreSQL
 * with TEST_DATABASE_URL. The ingest part is skipped without ffmpeg.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type RoomInfo, type Session } from '@app/contract';
import { eventually } from '@app/testkit';
import { makeOperator } from './financeHelpers.js';
import { fakeClock } from './helpers/fakeClock.js';
import { publishTestStream, type TestPublisher } from './helpers/rtpPublisher.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { closeSockets, member, operator, ownedRoom } from './roomHarness.js';

const hasFfmpeg = fs.existsSync('/usr/bin/ffmpeg');
const clock = fakeClock();
let s: TestServer;
let op: Session;
let owner: Session;
let room: RoomInfo;
const pubs: TestPublisher[] = [];

beforeAll(async () => {
  s = await startTestServer({ clock, env: { LIVE_HEALTH_S: '2', ROOM_GRACE_MS: '600000' } });
  op = await operator(s);
  ({ owner, room } = await ownedRoom(s, op));
}, 60_000);
afterAll(async () => {
  closeSockets();
  await Promise.all(pubs.map((p) => p.stop()));
  await s?.close();
});

const sample = { bitrate: 850_000, target: 1_000_000, fps: 29.5, width: 720, height: 1280, loss: 0.012, rtt_ms: 38, limited: 'none' };
const report = (who: Session, body: Record<string, unknown> = {}) =>
  s.api.call(api.liveHealthReport, { room_id: room.id, ...sample, ...body }, { token: who.token });
const mine = (who: Session, roomId = room.id) => s.api.call(api.liveHealth, { room_id: roomId }, { token: who.token });

describe('stream health', () => {
  it("keeps the anchor client's samples at most once per LIVE_HEALTH_S, and shows them to the anchor", async () => {
    expect((await report(owner)).data).toEqual({ stored: true });
    expect((await report(owner, { bitrate: 1 })).data).toEqual({ stored: false });
    clock.advance(2000);
    expect((await report(owner, { bitrate: 300_000, limited: 'bandwidth' })).data).toEqual({ stored: true });
    const h = (await mine(owner)).data;
    expect(h.started_at).not.toBeNull();
    const client = h.list.filter((x) => x.source === 'client');
    expect(client.map((x) => [x.bitrate, x.limited])).toEqual([
      [850_000, 'none'],
      [300_000, 'bandwidth'],
    ]);
    expect(client[0]).toMatchObject({ target: 1_000_000, fps: 29.5, width: 720, height: 1280, loss: 0.012, rtt_ms: 38 });
  });

  it("refuses another member's report and read, and names a bad field", async () => {
    const other = await member(s);
    expect((await report(other)).code).toBe(ErrorCode.NOT_OWN_LIVE);
    expect((await mine(other)).code).toBe(ErrorCode.NOT_OWN_LIVE);
    const bad = await report(owner, { bitrate: -5 });
    expect([bad.status, bad.code, bad.msg]).toEqual([400, ErrorCode.VALIDATION, 'bitrate: 码率不能为负数']);
    const loss = await report(owner, { loss: 2 });
    expect([loss.status, loss.msg]).toEqual([400, 'loss: 丢包率不能超过1']);
    // A moderator reads any room; a plain member cannot call the console.
    const moderator = await member(s);
    await makeOperator(s, moderator.user.id, 'moderator');
    const seen = await s.api.call(api.adminLiveHealth, { room_id: room.id }, { token: moderator.token });
    expect(seen.data.list.length).toBeGreaterThanOrEqual(2);
    expect((await s.api.call(api.adminLiveHealth, { room_id: room.id }, { token: other.token })).status).toBe(403);
  });

  it.skipIf(!hasFfmpeg)("measures the anchor's WHIP stream: bitrate, frame rate and loss as ingest samples", async () => {
    pubs.push(await publishTestStream(s.sfu, room.id, owner.user.id, 'h264', { bitrate: '400k' }));
    // The sampler looks every LIVE_HEALTH_S; its first look at a session is the baseline, and the
    // interval after it may hold ffmpeg's start: a steady sample is awaited.
    const ingest = await eventually(
      async () => {
        await s.ingest.tick();
        clock.advance(2000);
        return (await mine(owner)).data.list.find((x) => x.source === 'ingest' && x.fps !== null && x.fps > 12);
      },
      { what: 'an ingest sample', timeout: 20_000, interval: 1000 },
    );
    expect(ingest.bitrate).toBeGreaterThan(100_000);
    expect(ingest.bitrate).toBeLessThan(1_500_000);
    expect(ingest.fps).toBeLessThan(28);
    expect(ingest.loss).toBeLessThan(0.05);
    expect([ingest.target, ingest.width, ingest.rtt_ms]).toEqual([null, null, null]);
  });

  it('keeps nothing once the live has ended', async () => {
    await s.api.call(api.roomClose, { room_id: room.id }, { token: owner.token });
    expect((await report(owner)).code).toBe(ErrorCode.HEALTH_NOT_LIVE);
    expect((await mine(owner)).data).toEqual({ room_id: room.id, started_at: null, list: [] });
  });
});
