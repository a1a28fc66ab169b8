/**
 * Videos on S3 storage (s3rver, a real S3-compatible server started here): the transcode's segments
 * and poster land in the bucket, not on local disk; the playlists point at the bucket and play
 * (ffprobe fetches every segment from it); deleting the upload removes its objects. Direct uploads:
 * a presigned PUT, then complete; the source waits in the bucket (no instance's disk) until it is
 * transcoded; refusals and abandoned uploads remove the object.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, fullPath } from '@app/contract';
import { directUploads, VideoSources } from '../src/modules/video/videoSource.js';
import { quickMember } from './financeHelpers.js';
import { scaleEnabled, useInstancePair } from './helpers/instancePair.js';
import { startS3Sandbox, startTestServerOnS3, type S3Sandbox } from './helpers/s3rver.js';
import type { TestServer } from './helpers/testServer.js';
import { durationOf, ffprobeUrl, makeClip, segmentsOf, videoClient } from './videoHelpers.js';

let s3: S3Sandbox;
let s: TestServer;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'video-s3-'));
/** S3_* of the sandbox, for the two-instance suite (filled in before its instances start). */
const pairEnv: Record<string, string> = {};

beforeAll(async () => {
  s3 = await startS3Sandbox();
  Object.assign(pairEnv, s3.env);
  s = await startTestServerOnS3(s3);
}, 60_000);
afterAll(async () => {
  await s?.close();
  await s3?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('videos on S3 storage', () => {
  it('stores segments and poster in the bucket; the playlists play from it; delete removes the objects', async () => {
    const v = videoClient(s);
    const owner = await quickMember(s, '桶上传者');
    const clip = await makeClip(tmp, 'six.mp4', 6);
    const up = await v.uploadVideo(owner.token, clip);
    expect(up.last.code, up.last.msg).toBe(200);
    const ready = await v.waitReady(owner.token, up.last.data.resource!.id);
    expect(ready.status, ready.error).toBe('ready');
    const bucketUrl = `${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/`;
    expect(ready.poster.startsWith(`${bucketUrl}cover/`)).toBe(true);
    expect((await fetch(ready.poster)).status).toBe(200);

    const created = await s.api.call(api.videoCreate, { resource_id: ready.id, title: '桶里的视频', cate_id: 1, price_coins: 0 }, { token: owner.token });
    expect(created.code, created.msg).toBe(200);
    const info = await s.api.call(api.videoInfo, { id: created.data.video!.id });
    const master = await v.playlist(info.data.play_url);
    const variant = await v.playlist(segmentsOf(master.text)[0]!);
    const segments = segmentsOf(variant.text);
    expect(segments.length).toBeGreaterThan(1);
    for (const seg of segments) expect(seg.startsWith(`${bucketUrl}video/`)).toBe(true);
    expect(durationOf(variant.text)).toBeGreaterThan(5.5);
    const probed = await ffprobeUrl(`${s.url}${info.data.play_url}`);
    expect(Number(probed.format.duration)).toBeGreaterThan(5.5);
    // Nothing of it on local disk: only the bucket holds it.
    const local = path.join(s.config.dataDir, 'uploads');
    expect(fs.existsSync(local) ? fs.readdirSync(local, { recursive: true }).filter((f) => String(f).endsWith('.ts')) : []).toEqual([]);

    expect((await s.api.call(api.resourceDelete, { id: ready.id }, { token: owner.token })).code).toBe(200);
    for (const seg of segments) expect((await fetch(seg)).status).toBe(404);
  }, 120_000);

  // Needs the store's presigned PUT and download (S3Storage).
  it('takes a direct upload to the bucket: presigned PUT from resource/upload/sts, then complete', async () => {
    expect(directUploads(s.deps.storage), 'the S3 store gives presigned PUTs and downloads').not.toBeNull();
    const v = videoClient(s);
    const owner = await quickMember(s, '直传者');
    const clip = await makeClip(tmp, 'direct.mp4', 4);
    const t = await s.api.call(api.uploadSts, { size: clip.length }, { token: owner.token });
    expect(t.data.provider).toBe('s3');
    expect(t.data.url.startsWith(`${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/incoming/`)).toBe(true);
    // Completing before the file is in the bucket names the missing file.
    const early = await s.api.call(api.uploadVideoDone, { upload_id: t.data.upload_id }, { token: owner.token });
    expect([early.status, early.code]).toEqual([400, 10000]);
    expect(early.msg).toContain('file');

    const put = await fetch(t.data.url, { method: 'PUT', body: clip });
    expect(put.status).toBe(200);
    // Only the uploader may complete it.
    const stranger = await quickMember(s, '路人甲');
    expect((await s.api.call(api.uploadVideoDone, { upload_id: t.data.upload_id }, { token: stranger.token })).code).toBe(10002);
    const done = await s.api.call(api.uploadVideoDone, { upload_id: t.data.upload_id }, { token: owner.token });
    expect(done.code, done.msg).toBe(200);
    expect(done.data.resource).toMatchObject({ status: 'uploaded', width: 160, height: 284 });
    // Completing again answers the same upload.
    expect((await s.api.call(api.uploadVideoDone, { upload_id: t.data.upload_id }, { token: owner.token })).data.resource!.id).toBe(done.data.resource!.id);
    // The source waits in the bucket, not on this instance's disk: whichever instance takes the job fetches it from there.
    expect(fs.existsSync(path.join(s.services.video.uploads.incomingDir, t.data.upload_id))).toBe(false);
    const ready = await v.waitReady(owner.token, done.data.resource!.id);
    expect(ready.status, ready.error).toBe('ready');
    // Transcoded: the source left the bucket; the segments are in it and play from it.
    expect((await fetch(`${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/incoming/${t.data.upload_id}`)).status).toBe(404);
    const created = await s.api.call(api.videoCreate, { resource_id: ready.id, title: '直传的视频', cate_id: 1, price_coins: 0 }, { token: owner.token });
    expect(created.code, created.msg).toBe(200);
    const info = await s.api.call(api.videoInfo, { id: created.data.video!.id });
    const variant = await v.playlist(segmentsOf((await v.playlist(info.data.play_url)).text)[0]!);
    for (const seg of segmentsOf(variant.text)) expect(seg.startsWith(`${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/video/`)).toBe(true);
    const probed = await ffprobeUrl(`${s.url}${info.data.play_url}`);
    expect(Number(probed.format.duration)).toBeGreaterThan(3.5);
    expect(new Set(probed.streams.map((x) => x.codec_type))).toEqual(new Set(['audio', 'video']));
  }, 120_000);

  it('refuses a direct upload that is not a video, by its bytes', async () => {
    expect(directUploads(s.deps.storage), 'the S3 store gives presigned PUTs and downloads').not.toBeNull();
    const owner = await quickMember(s, '直传者乙');
    const junk = Buffer.from('not a video at all\n'.repeat(100));
    const t = await s.api.call(api.uploadSts, { size: junk.length }, { token: owner.token });
    expect((await fetch(t.data.url, { method: 'PUT', body: junk })).status).toBe(200);
    const done = await s.api.call(api.uploadVideoDone, { upload_id: t.data.upload_id }, { token: owner.token });
    expect(done.code).toBe(10300);
    expect((await fetch(objectUrl(t.data.upload_id))).status).toBe(404);
  });

  /** sts for `size` bytes, PUT `bytes` to the presigned URL, complete. */
  async function direct(token: string, bytes: Buffer, size = bytes.length) {
    const t = await s.api.call(api.uploadSts, { size }, { token });
    expect(t.data.provider).toBe('s3');
    expect((await fetch(t.data.url, { method: 'PUT', body: bytes })).status).toBe(200);
    return { uploadId: t.data.upload_id, done: await s.api.call(api.uploadVideoDone, { upload_id: t.data.upload_id }, { token }) };
  }
  const objectUrl = (uploadId: string) => `${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/incoming/${uploadId}`;

  it('refuses a direct upload over 60 s and one of another size than announced; the object is removed and the upload failed', async () => {
    expect(directUploads(s.deps.storage), 'the S3 store gives presigned PUTs and downloads').not.toBeNull();
    const owner = await quickMember(s, '长视频');
    const long = await direct(owner.token, await makeClip(tmp, 'long.mp4', 61));
    expect(long.done.code, long.done.msg).toBe(ErrorCode.VIDEO_TOO_LONG);
    expect(long.done.msg).toContain('60');
    expect((await fetch(objectUrl(long.uploadId))).status).toBe(404);
    // Completing it again says why it failed; it never reaches the transcode queue.
    expect((await s.api.call(api.uploadVideoDone, { upload_id: long.uploadId }, { token: owner.token })).code).toBe(ErrorCode.UPLOAD_BAD_FILE);
    const mine = await s.api.call(api.resourceFetch, { page: 1, size: 50 }, { token: owner.token });
    expect(mine.data.list.map((r) => [r.status, r.error.includes('60')])).toEqual([['failed', true]]);

    // The signed Content-Length makes a real bucket refuse this PUT; s3rver does not, so the server checks too.
    const clip = await makeClip(tmp, 'short.mp4', 2);
    const wrong = await direct(owner.token, clip, clip.length + 10);
    expect(wrong.done.code).toBe(ErrorCode.UPLOAD_TOO_LARGE);
    expect(wrong.done.msg).toContain(String(clip.length));
    expect((await fetch(objectUrl(wrong.uploadId))).status).toBe(404);
  }, 120_000);

  it('refuses a bad completion clearly: unknown, malformed or someone else’s upload id, an unknown field', async () => {
    expect(directUploads(s.deps.storage), 'the S3 store gives presigned PUTs and downloads').not.toBeNull();
    const owner = await quickMember(s, '完成者');
    const other = await quickMember(s, '旁人');
    const t = await s.api.call(api.uploadSts, { size: 1000 }, { token: owner.token });
    expect((await s.api.call(api.uploadVideoDone, { upload_id: 'A'.repeat(32) }, { token: owner.token })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await s.api.call(api.uploadVideoDone, { upload_id: t.data.upload_id }, { token: other.token })).code).toBe(ErrorCode.NOT_FOUND);
    const malformed = await s.api.call(api.uploadVideoDone, { upload_id: 'short' }, { token: owner.token });
    expect([malformed.status, malformed.code]).toEqual([400, ErrorCode.VALIDATION]);
    expect(malformed.msg).toContain('upload_id');
    const extra = await s.api.raw('POST', fullPath(api.uploadVideoDone), {
      body: JSON.stringify({ upload_id: t.data.upload_id, offset: 1000 }),
      headers: { Authorization: owner.token, 'Content-Type': 'application/json' },
    });
    expect([extra.status, extra.code]).toEqual([400, ErrorCode.VALIDATION]);
    expect(extra.msg).toContain('offset');
  });

  it('gives any instance the source from the bucket, and sweeps an abandoned direct upload with its object', async () => {
    expect(directUploads(s.deps.storage), 'the S3 store gives presigned PUTs and downloads').not.toBeNull();
    const owner = await quickMember(s, '半途而废');
    const clip = await makeClip(tmp, 'left.mp4', 2);
    const t = await s.api.call(api.uploadSts, { size: clip.length }, { token: owner.token });
    expect((await fetch(t.data.url, { method: 'PUT', body: clip })).status).toBe(200);
    // Another instance: an empty disk of its own, the same bucket.
    const elsewhere = new VideoSources(s.deps.storage, fs.mkdtempSync(path.join(tmp, 'other-instance-')));
    const work = fs.mkdtempSync(path.join(tmp, 'work-'));
    const copy = await elsewhere.fetch(t.data.upload_id, work);
    expect(copy && fs.readFileSync(copy).equals(clip)).toBe(true);
    expect(await elsewhere.fetch('B'.repeat(32), work)).toBeNull();
    // A source made on one instance's disk (the demo clips) is moved to the bucket, where the other finds it.
    fs.writeFileSync(elsewhere.file('C'.repeat(32)), clip);
    await elsewhere.share('C'.repeat(32));
    expect(fs.existsSync(elsewhere.file('C'.repeat(32)))).toBe(false);
    const shared = await new VideoSources(s.deps.storage, fs.mkdtempSync(path.join(tmp, 'third-'))).fetch('C'.repeat(32), work);
    expect(shared && fs.readFileSync(shared).equals(clip)).toBe(true);
    await elsewhere.remove('C'.repeat(32));
    expect((await fetch(objectUrl('C'.repeat(32)))).status).toBe(404);

    // Never completed: a day later the sweep fails it and removes the object.
    expect(await s.services.video.uploads.sweepAbandoned(Date.now() + 25 * 3600_000)).toBeGreaterThanOrEqual(1);
    expect((await fetch(objectUrl(t.data.upload_id))).status).toBe(404);
    expect((await s.api.call(api.uploadVideoDone, { upload_id: t.data.upload_id }, { token: owner.token })).code).toBe(ErrorCode.UPLOAD_BAD_FILE);
  }, 60_000);
});

describe.skipIf(!scaleEnabled())('direct uploads on two instances (PostgreSQL + the same bucket)', () => {
  const pair = useInstancePair('videos3', pairEnv);

  it('transcodes on the other instance an upload completed on one (no sticky sessions)', async () => {
    const { a, b } = pair;
    // Instance a takes the upload but runs no transcodes: only b (its own empty disk) can do the job,
    // once it holds the worker lease a gives up.
    await a.worker?.stop();
    const owner = await quickMember(a, '跨实例');
    const clip = await makeClip(tmp, 'pair.mp4', 3);
    const t = await a.api.call(api.uploadSts, { size: clip.length }, { token: owner.token });
    expect(t.data.provider).toBe('s3');
    expect((await fetch(t.data.url, { method: 'PUT', body: clip })).status).toBe(200);
    const done = await a.api.call(api.uploadVideoDone, { upload_id: t.data.upload_id }, { token: owner.token });
    expect(done.code, done.msg).toBe(200);
    const ready = await videoClient(b).waitReady(owner.token, done.data.resource!.id);
    expect(ready.status, ready.error).toBe('ready');
    expect(ready.poster.startsWith(`${pairEnv.S3_ENDPOINT}/${pairEnv.S3_BUCKET}/cover/`)).toBe(true);
    expect(fs.existsSync(path.join(b.services.video.uploads.incomingDir, t.data.upload_id))).toBe(false);
    expect((await fetch(`${pairEnv.S3_ENDPOINT}/${pairEnv.S3_BUCKET}/incoming/${t.data.upload_id}`)).status).toBe(404);

    // Chunks sent to a (an older client) go to the bucket once checked: b transcodes them too.
    const chunked = await videoClient(a).uploadVideo(owner.token, clip);
    expect(chunked.last.code, chunked.last.msg).toBe(200);
    expect(fs.existsSync(path.join(a.services.video.uploads.incomingDir, chunked.ticket.upload_id))).toBe(false);
    const alsoReady = await videoClient(b).waitReady(owner.token, chunked.last.data.resource!.id);
    expect(alsoReady.status, alsoReady.error).toBe('ready');
  }, 120_000);
});
