import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, fullPath, type Session } from '@app/contract';
import { looksLikeImage, unguardBytes } from '@app/kit';
import { quickSession } from './helpers/members.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

let s: TestServer;
let me: Session;
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  s = await startTestServer();
  me = await quickSession(s);
  png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#ff6633' } })
    .composite([{ input: Buffer.from('<svg width="2000" height="1000"><circle cx="500" cy="500" r="400" fill="#fff"/></svg>') }])
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await s?.close();
});

function form(parts: Array<[string, Blob | string, string?]>): FormData {
  const fd = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') fd.append(name, value);
    else fd.append(name, value, filename);
  }
  return fd;
}

async function upload(fd: FormData, token = me.token) {
  return s.api.raw<{ id: number; url: string; mime: string; width: number; height: number; size: number }>('POST', fullPath(api.uploadFile), {
    body: fd,
    headers: { Authorization: token },
  });
}

const uploadsCount = async () =>
  Number(
    (
      await s.deps.db.kysely
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const storedFiles = (): string[] => {
  const root = path.join(s.config.dataDir, 'uploads');
  return fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.webp')) : [];
};

describe('resource/upload/file', () => {
  it('resizes an avatar to 256×256 WebP and stores it guarded', async () => {
    const r = await upload(
      form([
        ['purpose', 'avatar'],
        ['file', new Blob([png], { type: 'image/png' }), 'me.png'],
      ]),
    );
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ mime: 'image/webp', width: 256, height: 256 });
    expect(r.data.url).toMatch(/^\/uploads\/avatar\/\d{4}\/\d{2}\/[0-9a-f-]+\.webp$/);
    const served = new Uint8Array(await (await fetch(`${s.url}${r.data.url}`)).arrayBuffer());
    expect(served.length).toBe(r.data.size);
    expect(looksLikeImage(served)).toBeNull();
    expect(looksLikeImage(unguardBytes(served))).toBe('image/webp');
  });

  it('caps other images at 1280 wide, keeping the aspect ratio', async () => {
    const r = await upload(form([['file', new Blob([jpeg]), 'photo.jpg']]));
    expect(r.data).toMatchObject({ width: 1280, height: 640 });
  });

  it('refuses bad files by their bytes, answering clearly and writing nothing', async () => {
    const before = { rows: await uploadsCount(), files: storedFiles().length };
    const text = await upload(form([['file', new Blob(['hello, not an image'], { type: 'image/png' }), 'fake.png']]));
    expect([text.status, text.code]).toEqual([200, ErrorCode.UPLOAD_BAD_FILE]);
    expect(text.msg).toContain('file');

    const truncated = await upload(form([['file', new Blob([jpeg.subarray(0, Math.floor(jpeg.length / 2))], { type: 'image/jpeg' }), 'cut.jpg']]));
    expect(truncated.code).toBe(ErrorCode.UPLOAD_BAD_FILE);
    expect(truncated.msg).toBe('file: 图片已损坏或无法识别');

    const empty = await upload(form([['purpose', 'avatar']]));
    expect([empty.status, empty.code]).toEqual([400, ErrorCode.VALIDATION]);
    expect(empty.msg).toMatch(/^file: /);

    const wrongField = await upload(form([['image', new Blob([png]), 'a.png']]));
    expect([wrongField.status, wrongField.code]).toEqual([400, ErrorCode.VALIDATION]);
    expect(wrongField.msg).toMatch(/^image: /);

    const badPurpose = await upload(
      form([
        ['purpose', 'banner'],
        ['file', new Blob([png]), 'a.png'],
      ]),
    );
    expect([badPurpose.status, badPurpose.code]).toEqual([400, ErrorCode.VALIDATION]);
    expect(badPurpose.msg).toMatch(/^purpose: /);

    const unknownField = await upload(
      form([
        ['admin', '1'],
        ['file', new Blob([png]), 'a.png'],
      ]),
    );
    expect(unknownField.msg).toMatch(/^admin: /);

    const twoFiles = await upload(
      form([
        ['file', new Blob([png]), 'a.png'],
        ['file', new Blob([png]), 'b.png'],
      ]),
    );
    expect([twoFiles.status, twoFiles.code]).toEqual([400, ErrorCode.VALIDATION]);

    const big = await upload(form([['file', new Blob([png, Buffer.alloc(11 * 1024 * 1024)]), 'big.png']]));
    expect([big.status, big.code]).toEqual([413, ErrorCode.UPLOAD_TOO_LARGE]);

    const json = await s.api.raw('POST', fullPath(api.uploadFile), {
      headers: { Authorization: me.token, 'Content-Type': 'application/json' },
      body: '{"file":"x"}',
    });
    expect([json.status, json.code]).toEqual([400, ErrorCode.VALIDATION]);

    expect({ rows: await uploadsCount(), files: storedFiles().length }).toEqual(before);
  });

  it('needs a member session', async () => {
    const anon = await s.api.raw('POST', fullPath(api.uploadFile), { body: form([['file', new Blob([png]), 'a.png']]) });
    expect([anon.status, anon.code]).toEqual([401, ErrorCode.TOKEN_MISSING]);
    const guest = await s.api.call(api.visitor, undefined, { headers: { Device: 'device-upload-guest' } });
    const r = await upload(form([['file', new Blob([png]), 'a.png']]), guest.data.token);
    expect([r.status, r.code]).toEqual([401, ErrorCode.GUEST_NOT_ALLOWED]);
  });
});

describe('user/info', () => {
  it('edits the profile, with an uploaded avatar', async () => {
    const up = await upload(
      form([
        ['purpose', 'avatar'],
        ['file', new Blob([png]), 'me.png'],
      ]),
    );
    const r = await s.api.call(
      api.updateUserInfo,
      { nickname: '晚风' + me.user.id, avatar: up.data.url, signature: '你好呀', gender: 1, birthday: '1998-07-15' },
      { token: me.token },
    );
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ nickname: '晚风' + me.user.id, avatar: up.data.url, signature: '你好呀', gender: 1, birthday: '1998-07-15' });
    const again = await s.api.call(api.userInfo, undefined, { token: me.token });
    expect(again.data.avatar).toBe(up.data.url);
    const cleared = await s.api.call(api.updateUserInfo, { birthday: null }, { token: me.token });
    expect(cleared.data.birthday).toBeNull();
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = (await s.api.call(api.userInfo, undefined, { token: me.token })).data;
    const cases: Array<[Record<string, unknown>, string, number]> = [
      [{ gender: 5 }, 'gender', 400],
      [{ nickname: 123 }, 'nickname', 400],
      [{ nickname: '' }, 'nickname', 400],
      [{ nickname: 'x'.repeat(21) }, 'nickname', 400],
      [{ signature: 's'.repeat(141) }, 'signature', 400],
      [{ birthday: '2020-02-30' }, 'birthday', 400],
      [{ birthday: '2999-01-01' }, 'birthday', 400],
      [{ role: 'operator' }, 'role', 400],
      [{ avatar: 'https://evil.example/x.png' }, 'avatar', 400],
      [{ avatar: '/uploads/avatar/2020/01/not-mine.webp' }, 'avatar', 400],
    ];
    for (const [body, field, status] of cases) {
      const r = await s.api.call(api.updateUserInfo, { signature: 'changed', ...body }, { token: me.token });
      expect([r.status, r.code], JSON.stringify(body)).toEqual([status, ErrorCode.VALIDATION]);
      expect(r.msg.startsWith(`${field}: `), r.msg).toBe(true);
      // Every field error is HTTP 400 with the field in data.fields, those found by the service too.
      expect((r.data as unknown as { fields: { path: string }[] }).fields[0]!.path).toBe(field);
    }
    const taken = await s.api.call(api.updateUserInfo, { nickname: '小鹿', signature: 'changed' }, { token: me.token });
    expect(taken.code).toBe(ErrorCode.NICKNAME_TAKEN);
    expect((await s.api.call(api.userInfo, undefined, { token: me.token })).data).toEqual(before);
  });

  it('refuses a body that is not an object, and an oversize one', async () => {
    const arr = await s.api.raw('PUT', fullPath(api.updateUserInfo), {
      headers: { Authorization: me.token, 'Content-Type': 'application/json' },
      body: '[1,2]',
    });
    expect([arr.status, arr.code]).toEqual([400, ErrorCode.VALIDATION]);
    const big = await s.api.raw('PUT', fullPath(api.updateUserInfo), {
      headers: { Authorization: me.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ signature: 'x'.repeat(400_000) }),
    });
    expect([big.status, big.code]).toEqual([413, ErrorCode.BODY_TOO_LARGE]);
  });
});
