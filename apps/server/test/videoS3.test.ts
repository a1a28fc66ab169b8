/**
 * Videos on S3 storage (s3rver, a real S3-compatible server started here): the transcode's segments
 * and poster land in the bucket, not on local disk; the playlists point at the bucket and play
 * (ffprobe fetches every segment from it); deleting the upload removes its objects.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@app/contract';
import { directUploads } from '../src/modules/video/upload.service.js';
import { quickMember } from './financeHelpers.js';
import { startS3Sandbox, startTestServerOnS3, type S3Sandbox } from './helpers/s3rver.js';
import type { TestServer } from './helpers/testServer.js';
import { durationOf, ffprobeUrl, makeClip, segmentsOf, videoClient } from './videoHelpers.js';

let s3: S3Sandbox;
let s: TestServer;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'video-s3-'));

beforeAll(async () => {
  s3 = await startS3Sandbox();
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
  it('takes a direct upload to the bucket: presigned PUT from resource/upload/sts, then complete', async (ctx) => {
    if (!directUploads(s.deps.storage)) ctx.skip();
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
    // Completing again answers the same upload; the staging object left the bucket.
    expect((await s.api.call(api.uploadVideoDone, { upload_id: t.data.upload_id }, { token: owner.token })).data.resource!.id).toBe(done.data.resource!.id);
    expect((await fetch(`${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/incoming/${t.data.upload_id}`)).status).toBe(404);
    const ready = await v.waitReady(owner.token, done.data.resource!.id);
    expect(ready.status, ready.error).toBe('ready');
  }, 120_000);

  it('refuses a direct upload that is not a video, by its bytes', async (ctx) => {
    if (!directUploads(s.deps.storage)) ctx.skip();
    const owner = await quickMember(s, '直传者乙');
    const junk = Buffer.from('not a video at all\n'.repeat(100));
    const t = await s.api.call(api.uploadSts, { size: junk.length }, { token: owner.token });
    expect((await fetch(t.data.url, { method: 'PUT', body: junk })).status).toBe(200);
    const done = await s.api.call(api.uploadVideoDone, { upload_id: t.data.upload_id }, { token: owner.token });
    expect(done.code).toBe(10300);
  });
});
