/**
 * HLS egress of live rooms, end to end on the app server: the demo publisher (ffmpeg → RTP → SFU,
 * VP8 + Opus) makes the demo rooms live; the egress transcodes the first one to H.264 + AAC HLS
 * within seconds, served by the static path with CDN cache headers and read by ffprobe; ffmpeg
 * killed mid-live restarts and the playlist goes on after a discontinuity; past LIVE_EGRESS_MAX a
 * room stays WebRTC only; closing the room ends the playlist and keeps a replay. Skipped without ffmpeg.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@app/contract';
import { eventually } from '@app/testkit';
import { DEMO_ANCHORS } from '../src/demo/room.seed.js';
import { metricOf } from './helpers/metricsText.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { ffprobeUrl, segmentsOf } from './videoHelpers.js';

const hasFfmpeg = fs.existsSync('/usr/bin/ffmpeg');
let s: TestServer;

beforeAll(async () => {
  if (!hasFfmpeg) return;
  s = await startTestServer({ env: { DEMO_PUBLISHER: 'on', LIVE_EGRESS: 'on', LIVE_EGRESS_MAX: '1' } });
}, 60_000);
afterAll(async () => {
  await s?.close();
});

const egressRows = () => s.deps.db.kysely.selectFrom('live_egress').selectAll().execute();

async function liveDemoRooms(): Promise<number[]> {
  return eventually(
    async () => {
      const list = (await s.api.call(api.anchorList, { size: 50 })).data.list.filter((r) => DEMO_ANCHORS.some((d) => d.number === r.number));
      return list.length === DEMO_ANCHORS.length && list.every((r) => r.live) && list.map((r) => r.id);
    },
    { what: 'the demo rooms to go live', timeout: 30_000 },
  );
}

describe.skipIf(!hasFfmpeg)('HLS egress of a live room', () => {
  let roomId: number;
  let playlist: string;

  it('serves the room as HLS within 6 s of its anchor going live; ffprobe reads H.264 and AAC frames', async () => {
    await liveDemoRooms();
    // The first room whose anchor came up got the instance's one egress (LIVE_EGRESS_MAX=1).
    const [row] = await eventually(async () => {
      const rows = await egressRows();
      return rows.length === 1 && rows;
    });
    roomId = row!.room_id;
    expect(row!.playlist).toMatch(/^\/uploads\/live\/\d+-[0-9a-f]{16}\/index\.m3u8$/);
    playlist = `${s.url}${row!.playlist}`;
    const egress = s.egress.of(roomId)!;
    const upAt = Date.parse(row!.started_at);
    const served = await eventually(
      async () => {
        const res = await fetch(playlist);
        return res.status === 200 && { text: await res.text(), cache: res.headers.get('cache-control'), at: Date.now() };
      },
      { what: 'the live playlist', timeout: 10_000 },
    );
    console.log(`egress: live playlist served ${served.at - upAt} ms after the egress started`);
    expect(served.at - upAt).toBeLessThan(6000);
    expect(served.cache).toBe('public, max-age=1');
    const seg = segmentsOf(served.text)[0]!;
    const segRes = await fetch(new URL(seg, playlist));
    expect(segRes.status).toBe(200);
    expect(segRes.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await segRes.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const probed = await ffprobeUrl(playlist);
    expect(probed.streams.map((st) => st.codec_name).sort()).toEqual(['aac', 'h264']);
    // The demo rooms stream portrait (360×640), as phones publish.
    expect(probed.streams.find((st) => st.codec_type === 'video')).toMatchObject({ width: 360, height: 640 });
    expect(egress.restarts).toBe(0);
    // Its metrics: one ffmpeg, the segments it wrote, the demo rooms on this process's media node.
    expect(await metricOf(s, 'liveapp_egress_processes')).toBe(1);
    expect(await metricOf(s, 'liveapp_hls_segments_written_total')).toBeGreaterThanOrEqual(egress.segments.length);
    expect(await metricOf(s, 'liveapp_media_node_rooms')).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a room past LIVE_EGRESS_MAX: it stays WebRTC only, with no playlist and no replay', async () => {
    const rooms = await liveDemoRooms();
    const others = rooms.filter((id) => id !== roomId);
    await eventually(() => others.every((id) => s.egress.refused.has(String(id))), { what: 'the other rooms refused' });
    expect((await egressRows()).map((r) => r.room_id)).toEqual([roomId]);
    const replays = await s.deps.db.kysely.selectFrom('live_replays').select('room_id').execute();
    expect(replays.map((r) => r.room_id)).toEqual([roomId]);
  });

  it('restarts ffmpeg killed mid-live: the playlist goes on after a discontinuity', async () => {
    const egress = s.egress.of(roomId)!;
    const before = egress.segments.length;
    const pid = egress.pid!;
    const failures = await metricOf(s, 'liveapp_egress_failures_total');
    process.kill(pid, 'SIGKILL');
    await eventually(() => egress.restarts === 1 && egress.pid !== undefined && egress.pid !== pid, { what: 'ffmpeg restarted' });
    expect(await metricOf(s, 'liveapp_egress_failures_total')).toBe(failures + 1);
    const text = await eventually(
      async () => {
        const t = await (await fetch(playlist)).text();
        return egress.segments.length > before + 2 && t.includes('#EXT-X-DISCONTINUITY') && t;
      },
      { what: 'new segments after a discontinuity', timeout: 15_000 },
    );
    expect(text).toMatch(/#EXT-X-MEDIA-SEQUENCE:\d+/);
    const probed = await ffprobeUrl(playlist);
    expect(probed.streams.some((st) => st.codec_name === 'h264')).toBe(true);
  }, 40_000);

  it('ends the playlist when the room closes and keeps the live as a replay', async () => {
    const egress = s.egress.of(roomId)!;
    expect(await s.services.room.closeRoom(roomId, 'operator')).toBe(true);
    const text = await eventually(
      async () => {
        const t = await (await fetch(playlist)).text();
        return t.includes('#EXT-X-ENDLIST') && t;
      },
      { what: 'the playlist ended' },
    );
    expect(segmentsOf(text).length).toBeGreaterThan(0);
    await eventually(async () => (await egressRows()).length === 0, { what: 'the claim released' });
    const replay = await s.deps.db.kysely.selectFrom('live_replays').selectAll().where('room_id', '=', roomId).executeTakeFirstOrThrow();
    expect(replay.status).toBe('ready');
    const recorded = JSON.parse(replay.segments) as { key: string; d: number }[];
    expect(recorded.length).toBe(egress.segments.length);
    expect(replay.duration).toBeGreaterThan(3);
    expect(recorded.some((seg) => 'disc' in seg)).toBe(true);
  }, 30_000);
});
