/**
 * HLS that needs a credential (decision 0181): a password room's live and replay are under
 * `private/` in storage, never handed out by the public preview, listed per viewer token by the API
 * and fetched only through short-lived signed links; segment names cannot be guessed; a kick or a
 * login ban ends the HLS at the next playlist refresh; a public room keeps its cacheable public path.
 * Skipped without ffmpeg.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Session } from '@app/contract';
import { eventually } from '@app/testkit';
import { publishTestStream, type TestPublisher } from './helpers/rtpPublisher.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { closeSockets, memberIn, operator, ownedRoom, send, type RoomSocket } from './roomHarness.js';
import { fetchWhole, segmentsOf } from './videoHelpers.js';

const hasFfmpeg = fs.existsSync('/usr/bin/ffmpeg');
const PASSWORD = 'hls123';
let s: TestServer;
let op: Session;
const pubs: TestPublisher[] = [];

beforeAll(async () => {
  if (!hasFfmpeg) return;
  s = await startTestServer({ env: { LIVE_EGRESS: 'on', ROOM_GRACE_MS: '600000' } });
  op = await operator(s);
}, 60_000);
afterAll(async () => {
  closeSockets();
  await Promise.all(pubs.map((p) => p.stop()));
  await s?.close();
});

/** A live room of a new anchor (a password room with `password`), published in H.264 until its egress has two segments. */
async function liveRoom(body: Record<string, unknown> = {}) {
  const r = await ownedRoom(s, op, body);
  pubs.push(await publishTestStream(s.sfu, r.room.id, r.owner.user.id, 'h264'));
  const egress = await eventually(() => s.egress.of(r.room.id), { what: 'the egress' });
  await eventually(() => egress.segments.length >= 2, { what: 'two segments', timeout: 20_000 });
  return { ...r, egress };
}

/** A URL as a client resolves it (PUBLIC_URL is unset in the tests: the server hands out paths). */
const abs = (u: string) => new URL(u, s.url).toString();

const playUrl = async (roomId: number, who: Session): Promise<string> => {
  const c = await s.api.call(api.roomMedia, { room_id: roomId, kind: 'play' }, { token: who.token });
  expect(c.code, c.msg).toBe(200);
  expect(c.data.hls_url).not.toBeNull();
  return abs(c.data.hls_url ?? '');
};

describe.skipIf(!hasFfmpeg)('HLS of rooms that are not public', () => {
  let locked: Awaited<ReturnType<typeof liveRoom>>;
  let viewer: { who: Session; sock: RoomSocket };

  beforeAll(async () => {
    if (!hasFfmpeg) return;
    locked = await liveRoom({ password: PASSWORD });
    viewer = await memberIn(s, locked.room.id, PASSWORD);
  }, 60_000);

  it("keeps a public room's cacheable public path: the preview hands it out, no token needed", async () => {
    const pub = await liveRoom();
    const preview = await s.api.call(api.roomPreview, { room_id: pub.room.id });
    expect(preview.data.hls_url).toBe(pub.egress.playlistUrl);
    const res = await fetch(abs(pub.egress.playlistUrl));
    expect([res.status, res.headers.get('cache-control')]).toEqual([200, 'public, max-age=1']);
    const seg = await fetch(new URL(segmentsOf(await res.text())[0]!, abs(pub.egress.playlistUrl)));
    expect([seg.status, seg.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
    await s.api.call(api.roomClose, { room_id: pub.room.id }, { token: pub.owner.token });
  }, 60_000);

  it("gives no picture in a password room's preview, and nothing under its files' public path", async () => {
    expect((await s.api.call(api.roomPreview, { room_id: locked.room.id })).data).toEqual({ room_id: locked.room.id, live: true, hls_url: null });
    expect(locked.egress.playlistUrl).toContain('/uploads/private/live/');
    expect((await fetch(new URL(locked.egress.playlistUrl, s.url))).status).toBe(404);
    for (const seg of locked.egress.segments) expect((await fetch(new URL(`/uploads/${seg.key}`, s.url))).status).toBe(404);
  });

  it('names segments so that none can be guessed from another', async () => {
    const keys = locked.egress.segments.map((seg) => seg.key.slice(seg.key.lastIndexOf('/') + 1));
    for (const k of keys) expect(k).toMatch(/^[0-9a-f]{32}\.ts$/);
    // ffmpeg's own names are not in storage.
    const prefix = locked.egress.playlistUrl.slice(locked.egress.playlistUrl.indexOf('/uploads/'), -'/index.m3u8'.length);
    expect((await fetch(new URL(`${prefix}/r1-00000.ts`, s.url))).status).toBe(404);
  });

  it('lists the live per viewer token, each segment a short-lived signed link checked where it is served', async () => {
    const url = await playUrl(locked.room.id, viewer.who);
    expect(url).toMatch(new RegExp(`/api/client_live/live/play/${locked.room.id}\\.m3u8\\?t=`));
    const res = await fetch(url);
    expect([res.status, res.headers.get('cache-control')]).toEqual([200, 'private, no-store']);
    const links = segmentsOf(await res.text()).map(abs);
    expect(links.length).toBeGreaterThanOrEqual(2);
    const link = new URL(links[0]!);
    const expires = Number(link.searchParams.get('expires'));
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(s.config.egress.linkTtlS);
    expect((await fetchWhole(link.toString())).status).toBe(200);
    // Without its signature, with another's, or past its expiry: nothing.
    expect((await fetch(`${link.origin}${link.pathname}`)).status).toBe(404);
    const other = new URL(links[1]!);
    expect((await fetch(`${link.origin}${link.pathname}?md5=${other.searchParams.get('md5')}&expires=${other.searchParams.get('expires')}`)).status).toBe(404);
    expect((await fetch(`${link.origin}${link.pathname}?md5=${link.searchParams.get('md5')}&expires=${expires + 1}`)).status).toBe(404);
    // Without a token, or another room's.
    expect((await fetch(url.split('?')[0]!)).status).toBe(404);
    expect((await fetch(url.replace(`/play/${locked.room.id}.m3u8`, `/play/${locked.room.id + 1}.m3u8`))).status).toBe(404);
  });

  it('ends the HLS of a kicked viewer at the next playlist refresh', async () => {
    const kicked = await memberIn(s, locked.room.id, PASSWORD);
    const url = await playUrl(locked.room.id, kicked.who);
    expect((await fetch(url)).status).toBe(200);
    expect((await send(locked.ownerSock, 'kick', { user_id: kicked.who.user.id, minutes: 5 })).code).toBe(200);
    expect((await fetch(url)).status).toBe(404);
    // The others watch on.
    expect((await fetch(await playUrl(locked.room.id, viewer.who))).status).toBe(200);
  });

  it('ends the HLS of a viewer banned from logging in at the next playlist refresh', async () => {
    const banned = await memberIn(s, locked.room.id, PASSWORD);
    const url = await playUrl(locked.room.id, banned.who);
    expect((await fetch(url)).status).toBe(200);
    const ban = await s.api.call(api.adminUserBan, { user_id: banned.who.user.id, scope: 'login', minutes: 5, reason: '测试' }, { token: op.token });
    expect(ban.code, ban.msg).toBe(200);
    expect((await fetch(url)).status).toBe(404);
  });

  it("serves a password room's replay to its anchor through signed links only", async () => {
    await s.api.call(api.roomClose, { room_id: locked.room.id }, { token: locked.owner.token });
    const replay = await eventually(async () => {
      const r = await s.deps.db.kysely.selectFrom('live_replays').selectAll().where('room_id', '=', locked.room.id).executeTakeFirst();
      return r?.status === 'ready' && r;
    });
    const path = `${s.url}/api/client_live/replay/play/${replay.id}.m3u8`;
    expect((await fetch(path)).status).toBe(404);
    expect((await fetch(path, { headers: { Authorization: viewer.who.token } })).status).toBe(404);
    const own = await fetch(path, { headers: { Authorization: locked.owner.token } });
    const links = segmentsOf(await own.text()).map(abs);
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const l of links) {
      expect(l).toMatch(/\/uploads\/private\/live\/.+\.ts\?md5=.+&expires=\d+$/);
      expect((await fetchWhole(l)).status).toBe(200);
      expect((await fetch(l.split('?')[0]!)).status).toBe(404);
    }
  }, 30_000);
});
