/**
 * HLS egress on S3 storage (s3rver, a real S3-compatible server started here): a live room's
 * segments and playlist are objects in the bucket, fetched from the bucket's URL without any token,
 * with the cache headers a CDN honours (segments immutable, the live playlist a second); the replay's
 * VOD playlist points at the bucket too. A password room's files are under `private/`, read from the
 * bucket by the server and handed out only as its signed links. Skipped without ffmpeg.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@app/contract';
import { eventually } from '@app/testkit';
import { publishTestStream, type TestPublisher } from './helpers/rtpPublisher.js';
import { startS3Sandbox, startTestServerOnS3, type S3Sandbox } from './helpers/s3rver.js';
import type { TestServer } from './helpers/testServer.js';
import { closeSockets, operator, ownedRoom } from './roomHarness.js';
import { fetchWhole, ffprobeUrl, segmentsOf } from './videoHelpers.js';

const hasFfmpeg = fs.existsSync('/usr/bin/ffmpeg');
let s3: S3Sandbox;
let s: TestServer;
let pub: TestPublisher | undefined;

beforeAll(async () => {
  if (!hasFfmpeg) return;
  s3 = await startS3Sandbox();
  s = await startTestServerOnS3(s3, { LIVE_EGRESS: 'on', ROOM_GRACE_MS: '600000' });
}, 60_000);
afterAll(async () => {
  closeSockets();
  await pub?.stop();
  await s?.close();
  await s3?.close();
});

describe.skipIf(!hasFfmpeg)('HLS egress on S3 storage', () => {
  it('writes segments and playlists to the bucket; players fetch them from its URL without a token', async () => {
    const { owner, room } = await ownedRoom(s, await operator(s));
    pub = await publishTestStream(s.sfu, room.id, owner.user.id, 'h264');
    const egress = await eventually(() => s.egress.of(room.id), { what: 'the egress' });
    const bucketUrl = `${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/`;
    expect(egress.playlistUrl.startsWith(`${bucketUrl}live/${room.id}-`)).toBe(true);
    // The play credentials hand the bucket URL to viewers.
    const creds = await s.api.call(api.roomMedia, { room_id: room.id, kind: 'play' }, { token: owner.token });
    expect(creds.data.hls_url).toBe(egress.playlistUrl);

    const live = await eventually(
      async () => {
        const res = await fetch(egress.playlistUrl);
        const text = res.status === 200 ? await res.text() : '';
        return segmentsOf(text).length >= 2 && { text, cache: res.headers.get('cache-control') };
      },
      { what: 'the live playlist in the bucket', timeout: 20_000 },
    );
    expect(live.cache).toBe('public, max-age=1');
    const seg = await fetch(new URL(segmentsOf(live.text)[0]!, egress.playlistUrl));
    expect([seg.status, seg.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
    expect((await seg.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const probed = await ffprobeUrl(egress.playlistUrl);
    expect(probed.streams.map((st) => st.codec_name).sort()).toEqual(['aac', 'h264']);
    // Objects in the bucket, nothing on the instance's disk.
    const objects = fs.readdirSync(`${s3.dir}/${s3.env.S3_BUCKET}/live`, { recursive: true }).map(String);
    expect(objects.some((f) => f.endsWith('index.m3u8._S3rver_object'))).toBe(true);
    expect(objects.filter((f) => f.endsWith('.ts._S3rver_object')).length).toBeGreaterThanOrEqual(2);
    expect(fs.existsSync(`${s.config.dataDir}/uploads/live`)).toBe(false);

    await s.api.call(api.roomClose, { room_id: room.id }, { token: owner.token });
    const replay = await eventually(async () => (await s.api.call(api.replayList, { anchor_id: owner.user.id })).data.list[0]);
    const info = await s.api.call(api.replayInfo, { id: replay.id });
    const vod = await (await fetch(`${s.url}${info.data.play_url}`)).text();
    const urls = segmentsOf(vod);
    expect(urls.length).toBeGreaterThanOrEqual(2);
    for (const u of urls) expect(u.startsWith(`${bucketUrl}live/`)).toBe(true);
    for (const u of urls) expect((await fetchWhole(u)).status).toBe(200);
  }, 60_000);

  it("keeps a password room's files under private/ in the bucket, handed out only as the server's signed links", async () => {
    const { owner, room } = await ownedRoom(s, await operator(s), { password: 'abc123' });
    const locked = await publishTestStream(s.sfu, room.id, owner.user.id, 'h264');
    try {
      const egress = await eventually(() => s.egress.of(room.id), { what: 'the egress' });
      const bucketUrl = `${s3.env.S3_ENDPOINT}/${s3.env.S3_BUCKET}/`;
      expect(egress.playlistUrl.startsWith(`${bucketUrl}private/live/${room.id}-`)).toBe(true);
      expect((await s.api.call(api.roomPreview, { room_id: room.id })).data.hls_url).toBeNull();
      const creds = await s.api.call(api.roomMedia, { room_id: room.id, kind: 'play' }, { token: owner.token });
      const playlist = new URL(creds.data.hls_url ?? '', s.url).toString();
      expect(playlist.startsWith(`${s.url}/api/client_live/live/play/${room.id}.m3u8?t=`)).toBe(true);
      const links = await eventually(
        async () => {
          const res = await fetch(playlist);
          const urls = res.status === 200 ? segmentsOf(await res.text()) : [];
          return urls.length >= 2 && urls.map((u) => new URL(u, s.url).toString());
        },
        { what: 'the locked live playlist', timeout: 20_000 },
      );
      for (const u of links) {
        expect(u).toMatch(new RegExp(`^${s.url}/uploads/private/live/${room.id}-[0-9a-f]+/[0-9a-f]{32}\\.ts\\?md5=`));
        expect((await fetchWhole(u)).bytes).toBeGreaterThan(1000);
        expect((await fetch(u.split('?')[0]!)).status).toBe(404);
      }
      const objects = fs.readdirSync(`${s3.dir}/${s3.env.S3_BUCKET}/private/live`, { recursive: true }).map(String);
      expect(objects.filter((f) => f.endsWith('.ts._S3rver_object')).length).toBeGreaterThanOrEqual(2);
    } finally {
      await locked.stop();
    }
  }, 60_000);
});
