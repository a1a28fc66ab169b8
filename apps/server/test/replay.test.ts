/**
 * Replays: a live published as H.264 (copied by the egress, not transcoded) is recorded; when the
 * room closes the replay is listed on the anchor's page and in the public list, plays as a VOD
 * playlist from its first to its last segment, carries the live's chat and gifts as moments; the
 * anchor makes it private or deletes it (its files go), an operator hides it; a password room's
 * replay is its anchor's only; bad ids are clear refusals that leak nothing; the retention sweep
 * removes old replays with their files. Skipped without ffmpeg.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type Session } from '@app/contract';
import { eventually } from '@app/testkit';
import { giftId, rechargeDirect, rid } from './financeHelpers.js';
import { publishTestStream, type TestPublisher } from './helpers/rtpPublisher.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { closeSockets, member, memberIn, operator, ownedRoom, send } from './roomHarness.js';
import { fetchWhole, ffprobeUrl, segmentsOf } from './videoHelpers.js';

const hasFfmpeg = fs.existsSync('/usr/bin/ffmpeg');
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

/** A live room of a new anchor, published from ffmpeg in `codec`, until its egress has `segments` segments; then closed. */
async function recordLive(
  codec: 'h264' | 'vp8',
  segments: number,
  body: Record<string, unknown> = {},
  during?: (roomId: number, owner: Session) => Promise<void>,
) {
  const { owner, room } = await ownedRoom(s, op, body);
  const pub = await publishTestStream(s.sfu, room.id, owner.user.id, codec);
  pubs.push(pub);
  const egress = await eventually(() => s.egress.of(room.id), { what: 'the egress to start' });
  await during?.(room.id, owner);
  await eventually(() => egress.segments.length >= segments, { what: `${segments} segments`, timeout: 20_000 });
  const live = (await s.deps.db.kysely.selectFrom('live_egress').selectAll().where('room_id', '=', room.id).executeTakeFirstOrThrow()).playlist;
  expect((await s.api.call(api.roomClose, { room_id: room.id }, { token: owner.token })).data).toEqual({ closed: true });
  await pub.stop();
  const replay = await eventually(async () => {
    const r = await s.deps.db.kysely.selectFrom('live_replays').selectAll().where('room_id', '=', room.id).executeTakeFirst();
    return r?.status === 'ready' && r;
  });
  return { owner, room, replayId: replay.id, livePlaylist: `${s.url}${live}` };
}

const notFound = (r: { code: number; msg: string; data: unknown }) => {
  expect([r.code, r.msg, r.data]).toEqual([ErrorCode.NOT_FOUND, '回放不存在或不可见', null]);
};

describe.skipIf(!hasFfmpeg)('replays of lives', () => {
  let owner: Session;
  let viewer: Session;
  let replayId: number;
  let segmentUrls: string[] = [];

  it('records a live (H.264 copied as published) with its chat and gifts; lists and plays it from first to last segment', async () => {
    const rose = await giftId(s);
    const rec = await recordLive('h264', 4, {}, async (roomId, anchor) => {
      // Copied, not transcoded: the live stream keeps the publisher's Constrained Baseline profile.
      const live = `${s.url}${(await s.deps.db.kysely.selectFrom('live_egress').select('playlist').where('room_id', '=', roomId).executeTakeFirstOrThrow()).playlist}`;
      const probed = (await eventually(() => ffprobeUrl(live), { timeout: 15_000 })) as unknown as { streams: { codec_name: string; profile?: string }[] };
      expect(probed.streams.find((st) => st.codec_name === 'h264')?.profile).toBe('Constrained Baseline');
      const m = await memberIn(s, roomId);
      viewer = m.who;
      expect((await send(m.sock, 'chat', { text: '回放里见' })).code).toBe(200);
      await rechargeDirect(s, viewer.user.id);
      const sent = await s.api.call(
        api.giftSend,
        { request_id: rid(), room_id: roomId, gift_id: rose.id, count: 2, receiver_id: anchor.user.id },
        { token: viewer.token },
      );
      expect(sent.code, sent.msg).toBe(200);
    });
    owner = rec.owner;
    replayId = rec.replayId;
    // The live playlist ended cleanly with the room.
    expect(await (await fetch(rec.livePlaylist)).text()).toContain('#EXT-X-ENDLIST');

    const mine = await s.api.call(api.replayList, { anchor_id: owner.user.id });
    expect(mine.data.list.map((r) => r.id)).toEqual([replayId]);
    expect((await s.api.call(api.replayList, {})).data.list.map((r) => r.id)).toContain(replayId);
    const info = await s.api.call(api.replayInfo, { id: replayId }, { token: viewer.token });
    expect(info.code, info.msg).toBe(200);
    expect(info.data).toMatchObject({ id: replayId, room_id: rec.room.id, private: false, locked: false, hidden: false, is_owner: false });
    expect(info.data.moments.find((m) => m.kind === 'chat')).toMatchObject({ text: '回放里见', user_id: viewer.user.id });
    expect(info.data.moments.every((m) => m.t >= 0 && m.t <= info.data.duration + 5)).toBe(true);

    const res = await fetch(`${s.url}${info.data.play_url}`);
    const vod = await res.text();
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(vod).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(vod.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    segmentUrls = segmentsOf(vod).map((u) => new URL(u, s.url).toString());
    expect(segmentUrls.length).toBeGreaterThanOrEqual(4);
    for (const u of segmentUrls) {
      const got = await fetchWhole(u);
      expect(got.status).toBe(200);
      expect(got.bytes).toBeGreaterThan(0);
    }
    const probed = await ffprobeUrl(`${s.url}${info.data.play_url}`);
    expect(Number(probed.format.duration)).toBeGreaterThan(info.data.duration - 1.5);
  }, 90_000);

  it('keeps one live one replay when the encoder stops and starts again within the grace period, nobody watching over WebRTC', async () => {
    const { owner, room } = await ownedRoom(s, op);
    const first = await publishTestStream(s.sfu, room.id, owner.user.id, 'h264');
    pubs.push(first);
    const egress = await eventually(() => s.egress.of(room.id), { what: 'the egress to start' });
    await eventually(() => egress.segments.length >= 2, { what: 'segments of the first run', timeout: 20_000 });
    await first.stop();
    // The engine's room empties: no publisher, no WebRTC viewer.
    await eventually(() => s.sfu.room(String(room.id)) === undefined, { what: 'the media room empty', timeout: 30_000 });
    const again = await publishTestStream(s.sfu, room.id, owner.user.id, 'h264');
    pubs.push(again);
    const before = egress.segments.length;
    await eventually(() => egress.segments.length >= before + 2, { what: 'segments after the restart', timeout: 20_000 });
    expect(s.egress.of(room.id)).toBe(egress);
    expect((await s.api.call(api.roomClose, { room_id: room.id }, { token: owner.token })).data).toEqual({ closed: true });
    await again.stop();
    const replays = await eventually(async () => {
      const rows = await s.deps.db.kysely.selectFrom('live_replays').selectAll().where('room_id', '=', room.id).execute();
      return rows.every((r) => r.status !== 'recording') && rows;
    });
    expect(replays.map((r) => r.status)).toEqual(['ready']);
    expect((JSON.parse(replays[0]!.segments) as unknown[]).length).toBeGreaterThanOrEqual(before + 2);
  }, 90_000);

  it('keeps a gift sent during the live as a moment', async () => {
    const info = await s.api.call(api.replayInfo, { id: replayId });
    // The gift went to the anchor of the room: it is on the timeline with its count.
    expect(info.data.moments.filter((m) => m.kind === 'gift')).toMatchObject([{ user_id: viewer.user.id, text: '玫瑰', count: 2 }]);
  });

  it('lets the anchor make it private (others no longer find it) and an operator hide it', async () => {
    const other = await member(s);
    const priv = await s.api.call(api.replayVisibility, { id: replayId, private: true }, { token: owner.token });
    expect(priv.data).toMatchObject({ id: replayId, private: true });
    notFound(await s.api.call(api.replayInfo, { id: replayId }, { token: other.token }));
    expect((await fetch(`${s.url}/api/client_live/replay/play/${replayId}.m3u8`, { headers: { Authorization: other.token } })).status).toBe(404);
    expect((await s.api.call(api.replayList, {})).data.list.map((r) => r.id)).not.toContain(replayId);
    expect((await s.api.call(api.replayInfo, { id: replayId }, { token: owner.token })).data.is_owner).toBe(true);
    // Someone else's private replay: they may not change it either, and learn nothing of it.
    notFound(await s.api.call(api.replayVisibility, { id: replayId, private: false }, { token: other.token }));
    await s.api.call(api.replayVisibility, { id: replayId, private: false }, { token: owner.token });

    const hidden = await s.api.call(api.adminReplayHide, { id: replayId, hidden: true }, { token: op.token });
    expect(hidden.data).toMatchObject({ id: replayId, hidden: true });
    expect((await s.api.call(api.replayList, { anchor_id: owner.user.id })).data.list).toEqual([]);
    notFound(await s.api.call(api.replayInfo, { id: replayId }, { token: other.token }));
    // The console still lists it, marked hidden.
    const all = await s.api.call(api.adminReplays, {}, { token: op.token });
    expect(all.data.list.find((r) => r.id === replayId)).toMatchObject({ hidden: true });
    expect((await s.api.call(api.adminReplays, {}, { token: other.token })).status).not.toBe(200);
    expect((await s.api.call(api.adminReplayHide, { id: replayId, hidden: true }, { token: owner.token })).status).not.toBe(200);
    await s.api.call(api.adminReplayHide, { id: replayId, hidden: false }, { token: op.token });
  });

  it('refuses bad ids clearly: malformed, unknown', async () => {
    const bad = await s.api.call(api.replayInfo, { id: 'abc' } as never);
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('id');
    expect((await s.api.call(api.replayDelete, { id: -1 }, { token: owner.token })).status).toBe(400);
    notFound(await s.api.call(api.replayInfo, { id: 999_999 }));
    expect((await fetch(`${s.url}/api/client_live/replay/play/abc.m3u8`)).status).toBe(404);
  });

  it('deletes it for its anchor only: its files go, and it is gone for everyone', async () => {
    notFound(await s.api.call(api.replayDelete, { id: replayId }, { token: viewer.token }));
    const del = await s.api.call(api.replayDelete, { id: replayId }, { token: owner.token });
    expect(del.data).toEqual({ id: replayId, deleted: true });
    for (const u of segmentUrls) expect((await fetch(u)).status).toBe(404);
    notFound(await s.api.call(api.replayInfo, { id: replayId }, { token: owner.token }));
    notFound(await s.api.call(api.replayDelete, { id: replayId }, { token: owner.token }));
    expect((await s.api.call(api.replayList, { anchor_id: owner.user.id }, { token: owner.token })).data.list).toEqual([]);
  });

  it('lets an operator send a room to HLS and see how many watch each way', async () => {
    const { owner, room } = await ownedRoom(s, op);
    const pub = await publishTestStream(s.sfu, room.id, owner.user.id, 'h264');
    pubs.push(pub);
    await eventually(() => s.egress.of(room.id), { what: 'the egress to start' });
    const m = await memberIn(s, room.id);
    const creds = async () => (await s.api.call(api.roomMedia, { room_id: room.id, kind: 'play' }, { token: m.who.token })).data;
    expect(await creds()).toMatchObject({ hls_only: false, hls_url: expect.stringMatching(/index\.m3u8$/) });

    expect((await s.api.call(api.adminLiveVia, { room_id: room.id, via: 'hls' }, { token: op.token })).data).toEqual({ room_id: room.id, via: 'hls' });
    expect((await creds()).hls_only).toBe(true);
    expect((await s.api.call(api.adminLiveVia, { room_id: room.id, via: 'hls' }, { token: m.who.token })).status).not.toBe(200);
    const watch = await eventually(async () => {
      const w = (await s.api.call(api.adminLiveWatch, {}, { token: op.token })).data.list.find((r) => r.room_id === room.id);
      return w?.hls_viewers === 2 && w;
    });
    // The anchor's socket and the viewer's are in the room; nobody plays WebRTC.
    expect(watch).toEqual({ room_id: room.id, hls: true, via: 'hls', webrtc: 0, hls_viewers: 2 });
    await s.api.call(api.adminLiveVia, { room_id: room.id, via: 'auto' }, { token: op.token });
    expect((await creds()).hls_only).toBe(false);
    await s.api.call(api.roomClose, { room_id: room.id }, { token: owner.token });
    await pub.stop();
  }, 60_000);

  it("keeps a password room's replay (VP8, transcoded) for its anchor only; the retention sweep removes old ones with their files", async () => {
    const rec = await recordLive('vp8', 2, { password: 'abc123' });
    const mine = await s.api.call(api.replayList, { anchor_id: rec.owner.user.id }, { token: rec.owner.token });
    expect(mine.data.list).toMatchObject([{ id: rec.replayId, locked: true }]);
    expect((await s.api.call(api.replayList, { anchor_id: rec.owner.user.id }, { token: viewer.token })).data.list).toEqual([]);
    notFound(await s.api.call(api.replayInfo, { id: rec.replayId }, { token: viewer.token }));
    notFound(await s.api.call(api.replayInfo, { id: rec.replayId }));
    const path = `/api/client_live/replay/play/${rec.replayId}.m3u8`;
    expect((await fetch(`${s.url}${path}`)).status).toBe(404);
    const own = await fetch(`${s.url}${path}`, { headers: { Authorization: rec.owner.token } });
    expect(own.status).toBe(200);
    const urls = segmentsOf(await own.text()).map((u) => new URL(u, s.url).toString());
    expect((await fetchWhole(urls[0]!)).status).toBe(200);

    const ready = await s.deps.db.kysely.selectFrom('live_replays').select('id').where('status', '=', 'ready').execute();
    expect(await s.services.replays.sweepRetention(Date.now() + 29 * 86_400_000)).toBe(0);
    expect(await s.services.replays.sweepRetention(Date.now() + 31 * 86_400_000)).toBe(ready.length);
    notFound(await s.api.call(api.replayInfo, { id: rec.replayId }, { token: rec.owner.token }));
    for (const u of urls) expect((await fetch(u)).status).toBe(404);
  }, 90_000);
});
