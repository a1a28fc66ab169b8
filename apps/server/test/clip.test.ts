/**
 * Clips (剪辑): a viewer cuts the last seconds of a live from the HLS segments its egress already
 * wrote; the clip is an MP4 with the live's H.264 and AAC copied (not transcoded), a poster that
 * decodes, and a free short video in the feed crediting the anchor with a link back to the room.
 * A repeated request_id answers the first clip. Refusals: clips turned off by the anchor, a room
 * not live or with nothing recorded, a password room, too many clips in an hour, bad seconds (400
 * naming the field). A replay is clipped from an offset. An operator removes a clip as any video,
 * audited, its files gone. Skipped without ffmpeg.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type Clip, type RoomInfo, type Session } from '@app/contract';
import { unguardBytes } from '@app/kit';
import { eventually } from '@app/testkit';
import { rid } from './financeHelpers.js';
import { publishTestStream, type TestPublisher } from './helpers/rtpPublisher.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { closeSockets, member, operator, ownedRoom, send, type RoomSocket } from './roomHarness.js';
import { ffprobeUrl } from './videoHelpers.js';

const run = promisify(execFile);
const hasFfmpeg = fs.existsSync('/usr/bin/ffmpeg');
const MAX_PER_HOUR = 4;
let s: TestServer;
let op: Session;
const pubs: TestPublisher[] = [];

beforeAll(async () => {
  if (!hasFfmpeg) return;
  s = await startTestServer({ env: { LIVE_EGRESS: 'on', ROOM_GRACE_MS: '600000', CLIP_MAX_PER_HOUR: String(MAX_PER_HOUR) } });
  op = await operator(s);
}, 60_000);
afterAll(async () => {
  closeSockets();
  await Promise.all(pubs.map((p) => p.stop()));
  await s?.close();
});

/** A live room of a new anchor published in H.264 until its egress wrote `segments` segments. */
async function live(segments: number, body: Record<string, unknown> = {}): Promise<{ owner: Session; room: RoomInfo; ownerSock: RoomSocket }> {
  const o = await ownedRoom(s, op, body);
  pubs.push(await publishTestStream(s.sfu, o.room.id, o.owner.user.id, 'h264'));
  const egress = await eventually(() => s.egress.of(o.room.id), { what: 'the egress to start' });
  await eventually(() => egress.segments.length >= segments, { what: `${segments} segments`, timeout: 45_000 });
  return o;
}

const clip = (who: Session, body: Record<string, unknown>) => s.api.call(api.clipCreate, { request_id: rid(), ...body }, { token: who.token });
const url = (u: string) => (u.startsWith('http') ? u : `${s.url}${u}`);

describe.skipIf(!hasFfmpeg)('clips of a live', () => {
  let owner: Session;
  let room: RoomInfo;
  let ownerSock: RoomSocket;
  let viewer: Session;
  let made: Clip;
  const requestId = rid();

  beforeAll(async () => {
    ({ owner, room, ownerSock } = await live(12));
    viewer = await member(s);
  }, 90_000);

  it('cuts the last seconds from the segments written: H.264 and AAC copied into an MP4 of the length asked, with a poster that decodes', async () => {
    const r = await clip(viewer, { request_id: requestId, room_id: room.id, seconds: 10, title: '名场面' });
    expect([r.status, r.code]).toEqual([200, 200]);
    made = r.data;
    expect(made).toMatchObject({ room_id: room.id, anchor: { id: owner.user.id }, title: '名场面', transcoded: false });
    expect(made.replay_id).toEqual(expect.any(Number));

    const probed = (await ffprobeUrl(url(made.mp4_url))) as unknown as {
      format: { duration: string; format_name: string };
      streams: { codec_type: string; codec_name: string; profile?: string }[];
    };
    expect(probed.format.format_name).toContain('mp4');
    // Within a segment (1 s here) of what was asked.
    expect(Math.abs(Number(probed.format.duration) - 10)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(made.duration - 10)).toBeLessThanOrEqual(1.5);
    const video = probed.streams.find((x) => x.codec_type === 'video');
    const audio = probed.streams.find((x) => x.codec_type === 'audio');
    // Copied as published: an x264 transcode would not keep the publisher's Constrained Baseline profile.
    expect([video?.codec_name, video?.profile, audio?.codec_name]).toEqual(['h264', 'Constrained Baseline', 'aac']);

    const guarded = new Uint8Array(await (await fetch(url(made.poster))).arrayBuffer());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clip-poster-'));
    const file = path.join(dir, 'poster.jpg');
    fs.writeFileSync(file, unguardBytes(guarded));
    const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', file]);
    const poster = (JSON.parse(stdout) as { streams: { codec_name: string; width: number }[] }).streams[0]!;
    expect(poster.codec_name).toBe('mjpeg');
    expect(poster.width).toBeGreaterThan(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is a free short video in the feed, made by the viewer, crediting the anchor, linking back to the room, playing in full', async () => {
    const list = await s.api.call(api.videoList, { size: 50 });
    const card = list.data.list.find((v) => v.id === made.video_id);
    expect(card).toMatchObject({ user: { id: viewer.user.id }, price: 0, clip: { id: made.id, anchor: { id: owner.user.id }, room_id: room.id, live: true } });
    // An upload is no clip.
    expect(list.data.list.filter((v) => v.id !== made.video_id).every((v) => v.clip === null)).toBe(true);
    const info = await s.api.call(api.videoInfo, { id: made.video_id });
    expect(info.data.full).toBe(true);
    const hls = await ffprobeUrl(url(info.data.play_url));
    expect(Math.abs(Number(hls.format.duration) - 10)).toBeLessThanOrEqual(1.5);
    expect(hls.streams.map((x) => x.codec_name).sort()).toEqual(['aac', 'h264']);
  });

  it('answers the first clip to the same request_id, making nothing new', async () => {
    const again = await clip(viewer, { request_id: requestId, room_id: room.id, seconds: 30 });
    expect(again.data).toEqual(made);
    const rows = await s.deps.db.kysely.selectFrom('live_clips').select('id').where('user_id', '=', viewer.user.id).execute();
    expect(rows.map((r) => r.id)).toEqual([made.id]);
  });

  it('refuses bad seconds with a 400 naming the field', async () => {
    for (const seconds of [4, 61, 10.5, 'abc']) {
      const r = await clip(viewer, { room_id: room.id, seconds });
      expect([r.status, r.code], String(seconds)).toEqual([400, ErrorCode.VALIDATION]);
      expect((r.data as unknown as { fields: { path: string }[] }).fields.map((f) => f.path)).toEqual(['seconds']);
    }
    const unknown = await clip(viewer, { room_id: room.id, seconds: 10, start: 3 });
    expect(unknown.status).toBe(400);
  });

  it('refuses once the anchor turned clips off, and clips again once on', async () => {
    expect((await send(ownerSock, 'settings', { settings: { allow_clips: false } })).code).toBe(200);
    const info = await s.api.call(api.roomInfo, { room_id: room.id });
    expect(info.data.settings.allow_clips).toBe(false);
    const off = await clip(viewer, { room_id: room.id, seconds: 5 });
    expect([off.status, off.code, off.msg]).toEqual([200, ErrorCode.CLIP_OFF, '主播关闭了剪辑']);
    expect((await send(ownerSock, 'settings', { settings: { allow_clips: true } })).code).toBe(200);
    expect((await clip(viewer, { room_id: room.id, seconds: 5 })).code).toBe(200);
  });

  it('refuses past CLIP_MAX_PER_HOUR clips in an hour', async () => {
    const busy = await member(s);
    for (let i = 0; i < MAX_PER_HOUR; i++) expect((await clip(busy, { room_id: room.id, seconds: 5 })).code).toBe(200);
    const over = await clip(busy, { room_id: room.id, seconds: 5 });
    expect([over.code, over.msg]).toEqual([ErrorCode.CLIP_TOO_MANY, '剪辑太频繁了，请稍后再试']);
  });

  it('clips a replay from an offset, linking back to it; an offset past its end is a 400 naming start_s', async () => {
    expect((await s.api.call(api.roomClose, { room_id: room.id }, { token: owner.token })).data).toEqual({ closed: true });
    const replay = await eventually(async () => {
      const r = await s.deps.db.kysely.selectFrom('live_replays').selectAll().where('room_id', '=', room.id).executeTakeFirst();
      return r?.status === 'ready' && r;
    });
    const notLive = await clip(viewer, { room_id: room.id, seconds: 5 });
    expect(notLive.code).toBe(ErrorCode.CLIP_NOT_LIVE);
    // The player offers ✂ on it: the room lets viewers clip.
    expect((await s.api.call(api.replayInfo, { id: replay.id })).data.allow_clips).toBe(true);
    // The clip made while live links back to this replay, at where it starts in it.
    const wasLive = (await s.api.call(api.videoInfo, { id: made.video_id })).data.clip;
    expect(wasLive).toMatchObject({ replay_id: replay.id, live: false, start_s: made.start_s });
    expect(made.start_s).toBeGreaterThan(0);
    expect(made.start_s + made.duration).toBeLessThanOrEqual(replay.duration + 1.5);
    const r = await clip(viewer, { room_id: room.id, replay_id: replay.id, start_s: 2, seconds: 5 });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ replay_id: replay.id, start_s: 2, transcoded: false });
    expect(Math.abs(r.data.duration - 5)).toBeLessThanOrEqual(1.5);
    const past = await clip(viewer, { room_id: room.id, replay_id: replay.id, start_s: 3600, seconds: 5 });
    expect([past.status, (past.data as unknown as { fields: { path: string }[] }).fields[0]?.path]).toEqual([400, 'start_s']);
    const elsewhere = await clip(viewer, { room_id: room.id + 100000, replay_id: replay.id, start_s: 0, seconds: 5 });
    expect(elsewhere.code).toBe(ErrorCode.NOT_FOUND);
  });

  it("says on a replay that its room's clips are off, and refuses a clip of it", { timeout: 90_000 }, async () => {
    const off = await live(2);
    expect((await send(off.ownerSock, 'settings', { settings: { allow_clips: false } })).code).toBe(200);
    expect((await s.api.call(api.roomClose, { room_id: off.room.id }, { token: off.owner.token })).data).toEqual({ closed: true });
    const replay = await eventually(async () => {
      const r = await s.deps.db.kysely.selectFrom('live_replays').selectAll().where('room_id', '=', off.room.id).executeTakeFirst();
      return r?.status === 'ready' && r;
    });
    expect((await s.api.call(api.replayInfo, { id: replay.id })).data.allow_clips).toBe(false);
    const r = await clip(viewer, { room_id: off.room.id, replay_id: replay.id, start_s: 0, seconds: 5 });
    expect([r.code, r.msg]).toEqual([ErrorCode.CLIP_OFF, '主播关闭了剪辑']);
  });

  it('is removed by an operator as a video: audited, gone from the feed, its MP4 gone', async () => {
    const t = { token: op.token };
    // The console's video list marks it as a clip of the anchor's live.
    const listed = await s.api.call(api.adminContent, { type: 'video', size: 50 }, t);
    expect(listed.data.list.find((i) => i.id === made.video_id)?.clip_of).toMatchObject({ id: owner.user.id });
    expect((await s.api.call(api.adminContentDelete, { type: 'video', id: made.video_id }, t)).code).toBe(200);
    const list = await s.api.call(api.videoList, { size: 50 });
    expect(list.data.list.some((v) => v.id === made.video_id)).toBe(false);
    expect((await fetch(url(made.mp4_url))).status).toBe(404);
    const audit = await s.api.call(api.adminAudit, { action: 'adminContentDelete' }, t);
    expect(audit.data.list.map((e) => e.target)).toContain(`video:${made.video_id}`);
  });
});

describe.skipIf(!hasFfmpeg)('clips refused by the room', () => {
  it('refuses a room not live yet (nothing recorded), and a password room', { timeout: 60_000 }, async () => {
    const viewer = await member(s);
    const { room } = await ownedRoom(s, op);
    const none = await clip(viewer, { room_id: room.id, seconds: 10 });
    expect([none.code, none.msg]).toEqual([ErrorCode.CLIP_NOT_LIVE, '直播还没开始或还没有可剪辑的画面，请稍后再试']);
    const locked = await live(2, { password: 'abc12345' });
    const r = await clip(viewer, { room_id: locked.room.id, seconds: 5 });
    expect([r.code, r.msg]).toEqual([ErrorCode.CLIP_LOCKED_ROOM, '加密直播间不能剪辑']);
    expect((await clip(viewer, { room_id: 99999999, seconds: 5 })).code).toBe(ErrorCode.NOT_FOUND);
  });
});
