import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, fullPath } from '@app/contract';
import { MONEY_UNIT } from '@app/kit';
import { TranscodeQueue } from '../src/modules/video/transcodeQueue.js';
import { expectSound, quickMember, rechargeDirect, rid } from './financeHelpers.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { durationOf, ffprobeUrl, makeClip as makeClipIn, run, segmentsOf, videoClient } from './videoHelpers.js';

// A short preview keeps the clips short.
const PREVIEW_S = 4;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'video-test-'));

let s: TestServer;
let owner: { id: number; token: string };
let buyer: { id: number; token: string };
let stranger: { id: number; token: string };
let clip10: Buffer;

let v: ReturnType<typeof videoClient>;
const makeClip = (name: string, seconds: number, size?: string) => makeClipIn(tmp, name, seconds, size);
const sendChunk = (...a: Parameters<typeof v.sendChunk>) => v.sendChunk(...a);
const uploadVideo = (...a: Parameters<typeof v.uploadVideo>) => v.uploadVideo(...a);
const waitReady = (...a: Parameters<typeof v.waitReady>) => v.waitReady(...a);
const playlist = (...a: Parameters<typeof v.playlist>) => v.playlist(...a);

let published: { resourceId: number; videoId: number };

beforeAll(async () => {
  s = await startTestServer({ env: { VIDEO_PREVIEW_S: String(PREVIEW_S) } });
  v = videoClient(s);
  [owner, buyer, stranger] = await Promise.all([quickMember(s, '上传者'), quickMember(s, '买家'), quickMember(s, '路人')]);
  clip10 = await makeClip('ten.mp4', 10);
}, 60_000);
afterAll(async () => {
  await s?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('video upload and transcode', () => {
  it('takes a real video in chunks (a repeated or misplaced chunk only says where to resume), transcodes it to HLS with a poster', async () => {
    const t = await s.api.call(api.uploadSts, { size: clip10.length, name: 'ten.mp4' }, { token: owner.token });
    expect(t.data).toMatchObject({ provider: 'local', max_duration_s: 60, url: fullPath(api.uploadVideo) });
    const half = Math.floor(clip10.length / 2);
    const first = await sendChunk(owner.token, t.data.upload_id, 0, clip10.subarray(0, half));
    expect(first.data).toMatchObject({ received: half, total: clip10.length, resource: null });
    // The same chunk again (a retry after a lost answer) and a chunk from the wrong place move nothing.
    expect((await sendChunk(owner.token, t.data.upload_id, 0, clip10.subarray(0, half))).data.received).toBe(half);
    expect((await sendChunk(owner.token, t.data.upload_id, half + 10, clip10.subarray(half + 10))).data.received).toBe(half);
    // Someone else cannot write into this upload.
    expect((await sendChunk(stranger.token, t.data.upload_id, half, clip10.subarray(half))).code).toBe(ErrorCode.NOT_FOUND);
    const done = await sendChunk(owner.token, t.data.upload_id, half, clip10.subarray(half));
    expect(done.code, done.msg).toBe(200);
    expect(done.data.received).toBe(clip10.length);
    expect(done.data.resource).toMatchObject({ status: 'uploaded', width: 160, height: 284, video: null });
    expect(done.data.resource!.duration).toBeGreaterThan(9.5);

    const ready = await waitReady(owner.token, done.data.resource!.id);
    expect(ready.status, ready.error).toBe('ready');
    expect(ready.poster).toMatch(/^\/uploads\/cover\/.+\.webp$/);
    expect((await fetch(`${s.url}${ready.poster}`)).status).toBe(200);

    const created = await s.api.call(api.videoCreate, { resource_id: ready.id, title: '  付费测试片  ', cate_id: 1, price_coins: 3 }, { token: owner.token });
    expect(created.code, created.msg).toBe(200);
    expect(created.data.video).toMatchObject({ title: '付费测试片', price: 3 * MONEY_UNIT, cover: ready.poster });
    // Publishing the same upload again answers the same video.
    const again = await s.api.call(api.videoCreate, { resource_id: ready.id, title: '另一个标题', cate_id: 2, price_coins: 0 }, { token: owner.token });
    expect(again.data.video!.id).toBe(created.data.video!.id);
    published = { resourceId: ready.id, videoId: created.data.video!.id };

    const list = await s.api.call(api.videoList, { page: 1, size: 20, cate_id: 1 });
    expect(list.data.list.map((v) => v.id)).toContain(published.videoId);
    const card = list.data.list.find((v) => v.id === published.videoId)!;
    expect(card).toMatchObject({ price: 3 * MONEY_UNIT, user: { id: owner.id }, width: 160, height: 284 });
    expect((await s.api.call(api.videoList, { page: 1, size: 20, cate_id: 2 })).data.list.map((v) => v.id)).not.toContain(published.videoId);
  }, 120_000);

  it('serves playable HLS in two renditions to the uploader, and only the preview to others', async () => {
    const info = await s.api.call(api.videoInfo, { id: published.videoId }, { token: owner.token });
    expect(info.data).toMatchObject({ full: true, is_owner: true, preview_s: PREVIEW_S });
    // The preview is never more than half a video, or a short paid video would be free.
    expect([s.services.video.videos.previewOf(6), s.services.video.videos.previewOf(100)]).toEqual([3, PREVIEW_S]);
    const master = await playlist(info.data.play_url, owner.token);
    expect(master.type).toContain('mpegurl');
    const variants = segmentsOf(master.text);
    expect(variants).toHaveLength(2);
    expect(master.text).toMatch(/RESOLUTION=\d+x\d+/);

    const full = await playlist(variants[0]!, owner.token);
    expect(full.access).toBe('full');
    expect(durationOf(full.text)).toBeGreaterThan(9.5);
    const probed = await ffprobeUrl(`${s.url}${info.data.play_url}`, owner.token);
    expect(Number(probed.format.duration)).toBeGreaterThan(9.5);
    expect(probed.streams.map((x) => x.codec_name)).toEqual(expect.arrayContaining(['h264', 'aac']));
    // Each rendition is playable on its own: every segment decodes.
    for (const v of variants) {
      const p = await ffprobeUrl(`${s.url}${v}`, owner.token);
      expect(Number(p.format.duration)).toBeGreaterThan(9.5);
    }

    // Anyone else (a member who did not buy, or nobody at all) gets the preview only.
    for (const token of [stranger.token, undefined]) {
      const preview = await playlist(variants[0]!, token);
      expect(preview.access).toBe('preview');
      const d = durationOf(preview.text);
      expect(d).toBeGreaterThanOrEqual(PREVIEW_S);
      expect(d).toBeLessThan(PREVIEW_S + 2.5);
      expect(segmentsOf(preview.text).length).toBeLessThan(segmentsOf(full.text).length);
      const p = await ffprobeUrl(`${s.url}${info.data.play_url}`, token);
      expect(Number(p.format.duration)).toBeLessThan(PREVIEW_S + 2.5);
    }
  }, 120_000);

  it('refuses a 61 s video (ffprobe, on the server) and a file that is not a video by its bytes', async () => {
    const long = await makeClip('long.mp4', 61, '32x32');
    const refused = await uploadVideo(owner.token, long, 1024 * 1024);
    expect(refused.last.code).toBe(ErrorCode.VIDEO_TOO_LONG);
    expect(refused.last.msg).toMatch(/60/);

    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0ab0a0000000049454e44ae426082',
      'hex',
    );
    const notVideo = await uploadVideo(owner.token, png);
    expect(notVideo.last.code).toBe(ErrorCode.UPLOAD_BAD_FILE);
    // A container header followed by garbage: the bytes look right, ffprobe says no.
    const fake = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(4000, 7)]);
    const broken = await uploadVideo(owner.token, fake);
    expect(broken.last.code).toBe(ErrorCode.UPLOAD_BAD_FILE);

    const mine = await s.api.call(api.resourceFetch, { page: 1, size: 50 }, { token: owner.token });
    expect(mine.data.list.filter((r) => r.status === 'failed')).toHaveLength(2);
    expect(mine.data.list.filter((r) => r.status === 'ready').map((r) => r.id)).toEqual([published.resourceId]);
    // A file larger than the limit is refused before any byte is sent.
    const big = await s.api.call(api.uploadSts, { size: 10 * 1024 * 1024 * 1024 }, { token: owner.token });
    expect(big.code).toBe(ErrorCode.UPLOAD_TOO_LARGE);
  }, 120_000);

  it('refuses a picture above the resolution limit from its header, before any decoder runs', async () => {
    // An 8K clip of about 100 KB: small on the wire, ~570 MB to decode one frame of.
    const file = path.join(tmp, '8k.mp4');
    await run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=7680x4320:r=2:d=1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '51',
      file,
    ]);
    const huge = await uploadVideo(stranger.token, fs.readFileSync(file));
    expect(huge.last.code).toBe(ErrorCode.UPLOAD_BAD_FILE);
    expect(huge.last.msg).toContain('7680×4320');
    const mine = await s.api.call(api.resourceFetch, { page: 1, size: 50 }, { token: stranger.token });
    expect(mine.data.list.map((r) => r.status)).toEqual(['failed']);
  }, 60_000);
});

describe('paid videos', () => {
  it('a buyer without coins is refused; buying twice moves coins once; the full video then plays', async () => {
    const poor = await s.api.call(api.videoBuy, { request_id: rid(), video_id: published.videoId }, { token: buyer.token });
    expect(poor.code).toBe(ErrorCode.BALANCE_NOT_ENOUGH);
    await rechargeDirect(s, buyer.id, 1); // 60 coins
    const wallet = async (token: string) => (await s.api.call(api.financeWallet, undefined, { token })).data;
    const before = await wallet(buyer.token);
    const ownerBefore = await wallet(owner.token);

    const key = rid();
    const [a, b] = await Promise.all([
      s.api.call(api.videoBuy, { request_id: key, video_id: published.videoId }, { token: buyer.token }),
      s.api.call(api.videoBuy, { request_id: key, video_id: published.videoId }, { token: buyer.token }),
    ]);
    expect([a.code, b.code]).toEqual([200, 200]);
    const other = await s.api.call(api.videoBuy, { request_id: rid(), video_id: published.videoId }, { token: buyer.token });
    expect(other.code).toBe(200);
    expect(other.data.video).toMatchObject({ bought: true, full: true });
    expect(other.data.coin).toBe(before.coin - 3 * MONEY_UNIT);
    expect((await wallet(buyer.token)).coin).toBe(before.coin - 3 * MONEY_UNIT);
    // The uploader's share (default 0.7) is pending earnings; the rest is the platform's.
    expect((await wallet(owner.token)).gift_pending).toBe(ownerBefore.gift_pending + Math.floor(3 * MONEY_UNIT * 0.7));
    const transfers = await s.deps.db.kysely.selectFrom('transfers').select(['kind', 'amount']).where('kind', 'in', ['video_buy', 'video_fee']).execute();
    expect(transfers.map((t) => t.kind).sort()).toEqual(['video_buy', 'video_fee']);
    await expectSound(s.deps.db);

    // The same request_id for another purchase is a conflict, not a silent replay.
    const reused = await s.api.call(api.videoBuy, { request_id: key, video_id: published.videoId + 999 }, { token: buyer.token });
    expect(reused.code).toBe(ErrorCode.CONFLICT);

    const info = await s.api.call(api.videoInfo, { id: published.videoId }, { token: buyer.token });
    expect(info.data).toMatchObject({ bought: true, full: true });
    const master = await playlist(info.data.play_url, buyer.token);
    const variant = await playlist(segmentsOf(master.text)[1]!, buyer.token);
    expect(variant.access).toBe('full');
    expect(durationOf(variant.text)).toBeGreaterThan(9.5);
    // The buyer's wallet record names the video.
    const records = await s.api.call(api.userMoneyChange, { page: 1, size: 10, type: 'video_buy' }, { token: buyer.token });
    expect(records.data.list[0]).toMatchObject({ type: 'video_buy', amount: -3 * MONEY_UNIT, remark: '《付费测试片》' });
  }, 60_000);

  it('likes count once per user and can be taken back; a guest cannot like', async () => {
    const like = (token: string, on: boolean) => s.api.call(api.videoLike, { video_id: published.videoId, like: on }, { token });
    expect((await like(buyer.token, true)).data).toEqual({ liked: true, likes: 1 });
    expect((await like(buyer.token, true)).data).toEqual({ liked: true, likes: 1 });
    expect((await like(stranger.token, true)).data).toEqual({ liked: true, likes: 2 });
    expect((await like(buyer.token, false)).data).toEqual({ liked: false, likes: 1 });
    expect((await s.api.call(api.videoInfo, { id: published.videoId }, { token: stranger.token })).data.liked).toBe(true);
    expect((await s.api.call(api.videoLike, { video_id: published.videoId, like: true })).status).toBe(401);
  });

  it('home/travel recommends the most viewed videos', async () => {
    const t = await s.api.call(api.homeTravel);
    expect(t.code).toBe(200);
    expect(t.data.videos.map((v) => v.id)).toContain(published.videoId);
    expect(Array.isArray(t.data.rooms)).toBe(true);
  });
});

describe('my uploads', () => {
  it("someone else's upload cannot be deleted; the owner's delete unlists its video", async () => {
    const foreign = await s.api.call(api.resourceDelete, { id: published.resourceId }, { token: stranger.token });
    expect(foreign.code).toBe(ErrorCode.NOT_FOUND);
    expect((await s.api.call(api.videoInfo, { id: published.videoId })).code).toBe(200);
    // Operators hide a video through the service (the console); it leaves the lists and the player.
    expect(await s.services.video.hide(published.videoId)).toBe(true);
    expect((await s.api.call(api.videoInfo, { id: published.videoId })).code).toBe(ErrorCode.NOT_FOUND);
    await s.services.video.hide(published.videoId, false);
    const mine = await s.api.call(api.resourceDelete, { id: published.resourceId }, { token: owner.token });
    expect(mine.data).toEqual({ deleted: true });
    expect((await s.api.call(api.videoInfo, { id: published.videoId })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await playlist(`${fullPath(api.videoInfo).replace('list/info', 'play')}/${published.videoId}/master.m3u8`)).status).toBe(404);
    expect((await s.api.call(api.videoList, { page: 1, size: 50 })).data.list.map((v) => v.id)).not.toContain(published.videoId);
    expect((await s.api.call(api.resourceDelete, { id: published.resourceId }, { token: owner.token })).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('the transcode queue', () => {
  it('takes over a job whose worker died (a restart) once its lease ran out', async () => {
    await s.services.video.queue.stop(); // this instance "crashes": nothing transcodes any more
    const clip = await makeClip('three.mp4', 3);
    const up = await uploadVideo(owner.token, clip);
    const id = up.last.data.resource!.id;
    // The dead worker had claimed it: processing, with a lease that has run out.
    await s.deps.db.kysely
      .updateTable('video_resources')
      .set({ status: 'processing', lease_until: new Date(Date.now() - 1000).toISOString(), attempts: 1 })
      .where('id', '=', id)
      .execute();
    const restarted = new TranscodeQueue(s.deps, { incomingDir: s.services.video.uploads.incomingDir, concurrency: 1, pollMs: 200 });
    restarted.start();
    try {
      const r = await waitReady(owner.token, id);
      expect(r.status, r.error).toBe('ready');
    } finally {
      await restarted.stop();
    }
  }, 90_000);
});

describe('abandoned uploads', () => {
  it('an upload with no chunk for a day is marked failed and its partial file removed', async () => {
    const t = await s.api.call(api.uploadSts, { size: clip10.length }, { token: owner.token });
    await sendChunk(owner.token, t.data.upload_id, 0, clip10.subarray(0, 1000));
    const partial = path.join(s.services.video.uploads.incomingDir, t.data.upload_id);
    expect(fs.existsSync(partial)).toBe(true);
    expect(await s.services.video.uploads.sweepAbandoned()).toBe(0);
    expect(await s.services.video.uploads.sweepAbandoned(Date.now() + 25 * 3600_000)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(partial)).toBe(false);
    const late = await sendChunk(owner.token, t.data.upload_id, 1000, clip10.subarray(1000, 2000));
    expect(late.code).toBe(ErrorCode.UPLOAD_BAD_FILE);
    expect(late.msg).toContain('过期');
  });
});

describe('bad input', () => {
  it('names the field on every video call (HTTP 400, code 10000)', async () => {
    const t = { token: owner.token };
    const cases: [Parameters<typeof s.api.call>[0], Record<string, unknown>, string][] = [
      [api.videoList, { page: 0 }, 'page'],
      [api.videoList, { cate_id: 'x' }, 'cate_id'],
      [api.videoList, { sort: 'best' }, 'sort'],
      [api.videoInfo, { id: -1 }, 'id'],
      [api.videoInfo, {}, 'id'],
      [api.videoBuy, { request_id: 'short', video_id: 1 }, 'request_id'],
      [api.videoBuy, { request_id: rid(), video_id: 'one' }, 'video_id'],
      [api.videoBuy, { request_id: rid(), video_id: 1, extra: 1 }, 'extra'],
      [api.videoCreate, { resource_id: 1, title: '', cate_id: 1 }, 'title'],
      [api.videoCreate, { resource_id: 1, title: 'x'.repeat(61), cate_id: 1 }, 'title'],
      [api.videoCreate, { resource_id: 1, title: 'ok', cate_id: 1, price_coins: -1 }, 'price_coins'],
      [api.videoCreate, { resource_id: 1, title: 'ok', cate_id: 1, price_coins: 1.5 }, 'price_coins'],
      [api.videoCreate, { resource_id: 1, title: 'ok', cate_id: 1, cover: 'http://evil/x.png' }, 'cover'],
      [api.videoLike, { video_id: 1, like: 'yes' }, 'like'],
      [api.uploadSts, { size: 0 }, 'size'],
      [api.uploadSts, {}, 'size'],
      [api.resourceFetch, { size: 51 }, 'size'],
      [api.resourceDelete, { id: 'abc' }, 'id'],
    ];
    for (const [def, input, field] of cases) {
      const r = await s.api.call(def, input, t);
      expect([r.status, r.code, def.path]).toEqual([400, 10000, def.path]);
      expect(r.msg).toContain(field);
    }
    // Chunks: fields checked the same way.
    const bad = await sendChunk(owner.token, 'not valid!', 0, clip10.subarray(0, 100));
    expect([bad.status, bad.code]).toEqual([400, 10000]);
    expect(bad.msg).toContain('upload_id');
    const ticket = await s.api.call(api.uploadSts, { size: 100 }, t);
    const over = await sendChunk(owner.token, ticket.data.upload_id, 0, clip10.subarray(0, 200));
    expect([over.status, over.code]).toEqual([400, 10000]);
    expect(over.msg).toContain('file');
    const neg = await sendChunk(owner.token, ticket.data.upload_id, -5, clip10.subarray(0, 10));
    expect(neg.msg).toContain('offset');
    // An unknown category is named too; an unknown upload is NOT_FOUND.
    const badCate = await s.api.call(api.videoCreate, { resource_id: 999999, title: 'ok', cate_id: 999 }, t);
    expect(badCate.code).toBe(ErrorCode.NOT_FOUND);
  });
});
