/**
 * S3 storage against a real S3-compatible server (s3rver, started here): uploads land in the
 * bucket and not on local disk, their URLs fetch the stored (guarded) bytes, only one's own
 * uploads count as avatars and chat images, and a misconfigured S3 refuses to start.
 */
import { loadConfig } from '../src/config.js';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, fullPath, type Session } from '@app/contract';
import { looksLikeImage, unguardBytes } from '@app/kit';
import { startS3Sandbox, startTestServerOnS3, type S3Sandbox } from './helpers/s3rver.js';
import { quickSession } from './helpers/members.js';
import type { TestServer } from './helpers/testServer.js';

let s3: S3Sandbox;
let s: TestServer;
let me: Session;
let other: Session;
let png: Buffer;

beforeAll(async () => {
  s3 = await startS3Sandbox();
  s = await startTestServerOnS3(s3);
  me = await quickSession(s);
  other = await quickSession(s);
  png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#22aa66' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await s?.close();
  await s3?.close();
});

async function uploadAvatar(who: Session) {
  const fd = new FormData();
  fd.append('purpose', 'avatar');
  fd.append('file', new Blob([png], { type: 'image/png' }), 'me.png');
  const r = await s.api.raw<{ url: string; width: number; height: number }>('POST', fullPath(api.uploadFile), {
    body: fd,
    headers: { Authorization: who.token },
  });
  expect(r.code).toBe(200);
  return r.data;
}

describe('S3 storage (s3rver)', () => {
  it('stores an upload in the bucket, not on local disk, and serves its guarded bytes from the bucket URL', async () => {
    const { url, width, height } = await uploadAvatar(me);
    expect(url.startsWith(`${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/avatar/`)).toBe(true);
    const local = path.join(s.config.dataDir, 'uploads');
    expect(fs.existsSync(local) ? fs.readdirSync(local, { recursive: true }).filter((f) => String(f).endsWith('.webp')) : []).toEqual([]);

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const stored = new Uint8Array(await res.arrayBuffer());
    // Stored guarded (seed §7): the raw bytes are not an image, unguarded they are the WebP.
    expect(looksLikeImage(stored)).toBeNull();
    const plain = unguardBytes(stored);
    expect(looksLikeImage(plain)).toBe('image/webp');
    const meta = await sharp(plain).metadata();
    expect([meta.width, meta.height]).toEqual([width, height]);
  });

  it('takes one’s own bucket upload as avatar and chat image, and refuses another user’s or a foreign URL', async () => {
    const mine = (await uploadAvatar(me)).url;
    const theirs = (await uploadAvatar(other)).url;

    const set = await s.api.call(api.updateUserInfo, { avatar: mine }, { token: me.token });
    expect(set.code).toBe(200);
    expect(set.data.avatar).toBe(mine);

    for (const avatar of [theirs, `${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/../etc/passwd`, 'https://evil.example/a.webp']) {
      const r = await s.api.call(api.updateUserInfo, { avatar }, { token: me.token });
      expect(r.code, avatar).toBe(ErrorCode.VALIDATION);
    }
    expect((await s.api.call(api.userInfo, undefined, { token: me.token })).data.avatar).toBe(mine);

    const chat = (content: string) =>
      s.api.call(api.chatSend, { to_user_id: other.user.id, client_id: `s3-${randomUUID()}`, type: 'image', content }, { token: me.token });
    expect((await chat(mine)).code).toBe(200);
    expect((await chat(theirs)).code).toBe(ErrorCode.CHAT_BAD_IMAGE);
  });

  it('presigns a PUT that signs its size, expires as asked and carries no checksum; download copies the object back', async () => {
    const storage = s.deps.storage;
    const body = randomBytes(1000);
    const key = `video-incoming/${randomUUID()}`;
    const url = new URL(await storage.presignPut!(key, body.length, 3600));
    expect(`${url.origin}${url.pathname}`).toBe(`${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/${key}`);
    // The bucket refuses another size (s3rver does not check SigV4 signatures, so this is read off the URL).
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-length', 'host']);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
    // A checksum signed into the URL would be the empty body's: a real bucket would refuse the client's bytes.
    expect([...url.searchParams.keys()].filter((k) => k.toLowerCase().includes('checksum'))).toEqual([]);

    expect((await fetch(url, { method: 'PUT', body })).status).toBe(200);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 's3-dl-')), 'copy');
    expect(await storage.download!(key, file)).toBe(body.length);
    expect(fs.readFileSync(file).equals(body)).toBe(true);
    await storage.delete(key);
    expect(await storage.download!(key, file)).toBeNull();
  });

  it('refuses to start with a bucket but no credentials, and reads the public URL and path style', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b' }).s3).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ ...s3.env, S3_FORCE_PATH_STYLE: 'yes' }).s3).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_REGION: 'ap-east-1' }).s3?.publicUrl).toBe(
      'https://b.s3.ap-east-1.amazonaws.com',
    );
    expect(loadConfig({ ...s3.env, S3_PUBLIC_URL: 'https://cdn.example/' }).s3?.publicUrl).toBe('https://cdn.example');
  });
});
