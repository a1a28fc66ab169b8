/**
 * Co-hosts in the HLS picture: an anchor publishing a blue picture (H.264, copied while alone); a
 * co-host publishing red (VP8) joins seat-1: the egress starts a new ffmpeg run after a
 * discontinuity that composes the anchor's full frame with the co-host in the first tile and mixes
 * both voices; the co-host leaves: the tile is gone again. Asserted on decoded frames of the
 * segments the egress uploaded. Skipped without ffmpeg.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@app/contract';
import { eventually } from '@app/testkit';
import { CANVAS, TILE, tileAt } from '../src/modules/live/hlsFfmpeg.js';
import type { RoomEgress } from '../src/modules/live/roomEgress.js';
import { publishTestStream, type TestPublisher } from './helpers/rtpPublisher.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { closeSockets, member, operator, ownedRoom } from './roomHarness.js';
import { ffprobeUrl, run } from './videoHelpers.js';

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

/** The picture scaled down to W×H, RGB. */
const W = 54;
const H = 96;
type Rgb = [number, number, number];

/** One decoded frame of the egress's newest segment, and the colour at the frame's centre and at the first tile's centre. */
async function newestPicture(egress: RoomEgress): Promise<{ centre: Rgb; tile: Rgb; index: number }> {
  const index = egress.segments.length - 1;
  const url = `${s.url}${s.deps.storage.url(egress.segments[index]!.key)}`;
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', url, '-frames:v', '1', '-vf', `scale=${W}:${H}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    {
      encoding: 'buffer',
      timeout: 30_000,
      maxBuffer: 1 << 20,
    },
  );
  const px = (x: number, y: number): Rgb => {
    const i = (Math.round(y) * W + Math.round(x)) * 3;
    return [stdout[i]!, stdout[i + 1]!, stdout[i + 2]!];
  };
  const t = tileAt(0);
  return { centre: px(W / 2, H / 2), tile: px(((t.x + TILE.w / 2) / CANVAS.w) * W, ((t.y + TILE.h / 2) / CANVAS.h) * H), index };
}
const red = ([r, g, b]: Rgb) => r > 180 && g < 90 && b < 90;
const blue = ([r, g, b]: Rgb) => b > 180 && r < 90 && g < 90;

describe.skipIf(!hasFfmpeg)('co-hosts in the HLS picture', () => {
  it('composes a co-host into a tile (and their voice into the mix) while on the mic, after a discontinuity; removes it when they leave', async () => {
    const { owner, room } = await ownedRoom(s, op);
    pubs.push(await publishTestStream(s.sfu, room.id, owner.user.id, 'h264', { source: 'color=c=blue:size=360x640:rate=15' }));
    const egress = await eventually(() => s.egress.of(room.id), { what: 'the egress to start' });
    // The anchor alone: copied as published, all blue.
    const alone = await eventually(async () => egress.segments.length > 0 && newestPicture(egress), { what: 'a first segment', timeout: 20_000 });
    expect([blue(alone.centre), blue(alone.tile), egress.composed]).toEqual([true, true, []]);

    const cohost = await member(s);
    const before = egress.segments.length;
    pubs.push(await publishTestStream(s.sfu, room.id, cohost.user.id, 'vp8', { source: 'color=c=red:size=320x240:rate=15', seatId: 'seat-1' }));
    const joined = await eventually(
      async () => {
        const p = egress.segments.length > before && (await newestPicture(egress));
        return p && red(p.tile) && p;
      },
      { what: 'the co-host in the first tile', timeout: 30_000 },
    );
    expect(blue(joined.centre)).toBe(true);
    expect(egress.composed).toEqual(['seat-1']);
    expect(egress.segments.slice(before).some((seg) => seg.disc)).toBe(true);
    const playlist = `${s.url}${egress.playlistUrl}`;
    expect(await (await fetch(playlist)).text()).toContain('#EXT-X-DISCONTINUITY');
    // The newest segment: the composed picture, with the mixed voices.
    const probed = await ffprobeUrl(`${s.url}${s.deps.storage.url(egress.segments.at(-1)!.key)}`);
    expect(probed.streams.map((st) => st.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(probed.streams.find((st) => st.codec_type === 'video')).toMatchObject({ width: CANVAS.w, height: CANVAS.h });

    // The co-host leaves the mic: their session ends, the next run is the anchor alone.
    const seat = s.sfu.room(String(room.id))!.publishers.find((p) => p.seatId === 'seat-1')!;
    s.sfu.close(seat.sessionId);
    const after = egress.segments.length;
    const left = await eventually(
      async () => {
        const p = egress.segments.length > after && (await newestPicture(egress));
        return p && blue(p.tile) && p;
      },
      { what: 'the tile gone', timeout: 30_000 },
    );
    expect(blue(left.centre)).toBe(true);
    expect(egress.composed).toEqual([]);
  }, 120_000);
});
