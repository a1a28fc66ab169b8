/**
 * Media end to end on the app server: the demo publisher (ffmpeg test pattern → RTP → SFU) makes the
 * demo rooms live, and a werift viewer who joined the room channel plays one with a WHEP token and
 * receives its video and audio RTP. Skipped when ffmpeg is not installed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { setTimeout as pause } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection } from 'werift';
import { api, type Session } from '@app/contract';
import { eventually } from '@app/testkit';
import { localCodecs } from '../src/media/codecs.js';
import { DEMO_RESTART_MS } from '../src/demo/demoPublisher.js';
import { H264Start, h264StartOf, isVp8KeyframeStart } from '../src/media/keyframe.js';
import { DEMO_ANCHORS } from '../src/demo/room.seed.js';
import { publishTestStream, type TestPublisher } from './helpers/rtpPublisher.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { closeSockets, collect, connectRoom, join, member, next } from './roomHarness.js';

const hasFfmpeg = fs.existsSync('/usr/bin/ffmpeg');
const hasX264 = hasFfmpeg && execFileSync('/usr/bin/ffmpeg', ['-hide_banner', '-encoders'], { encoding: 'utf8' }).includes('libx264');
let s: TestServer;
let viewer: Session;
const pubs: TestPublisher[] = [];

beforeAll(async () => {
  if (!hasFfmpeg) return;
  s = await startTestServer({ env: { DEMO_PUBLISHER: 'on' } });
  viewer = await member(s);
});
afterAll(async () => {
  closeSockets();
  await s?.close();
});

describe.skipIf(!hasFfmpeg)('demo rooms: live with moving video and sound', () => {
  it('lists the demo rooms as live; a viewer who joined plays one over WHEP and receives video and audio', async () => {
    const live = await eventually(
      async () => {
        const list = (await s.api.call(api.anchorList, { size: 50 })).data.list;
        const demo = list.filter((r) => DEMO_ANCHORS.some((d) => d.number === r.number));
        return demo.length === DEMO_ANCHORS.length && demo.every((r) => r.live) && demo;
      },
      { what: 'the demo rooms to go live' },
    );
    const room = live.find((r) => r.kind === 'live')!;
    expect(room).toMatchObject({ status: 'open', need_password: false, anchor: { is_anchor: true } });
    expect(room.cover).toMatch(/^\/static\/rooms\/\w+\.svg$/);
    expect((await fetch(`${s.url}${room.cover}`)).status).toBe(200);

    const sock = await connectRoom(s, viewer);
    const liveEvents = collect(sock, 'live');
    const joined = await join(sock, room.id);
    expect(joined.room).toMatchObject({ live: true, anchor_present: true });
    const creds = (await s.api.call(api.roomMedia, { room_id: room.id, kind: 'play' }, { token: viewer.token })).data;

    // A viewer as a browser is: H.264 and VP8 (the demo streams are H.264 where ffmpeg has libx264).
    const pc = new RTCPeerConnection({
      codecs: localCodecs(),
      iceServers: [],
      iceUseIpv6: false,
      iceInterfaceAddresses: { udp4: '127.0.0.1' },
      iceAdditionalHostAddresses: ['127.0.0.1'],
      bundlePolicy: 'max-bundle',
    });
    const got = { video: 0, audio: 0, keyframe: false };
    pc.ontrack = ({ track }) => {
      track.onReceiveRtp.subscribe((rtp) => {
        if (track.kind === 'video') {
          got.video++;
          if (isVp8KeyframeStart(rtp.payload) || h264StartOf(rtp.payload) !== H264Start.NONE) got.keyframe = true;
        } else {
          got.audio++;
        }
      });
    };
    try {
      pc.addTransceiver('audio', { direction: 'recvonly' });
      pc.addTransceiver('video', { direction: 'recvonly' });
      await pc.setLocalDescription(await pc.createOffer());
      const res = await fetch(`${s.url}${creds.url}?seats=anchor`, {
        method: 'POST',
        headers: { 'content-type': 'application/sdp', authorization: `Bearer ${creds.token}` },
        body: pc.localDescription!.sdp,
      });
      expect(res.status).toBe(201);
      const location = res.headers.get('location')!;
      const answer = await res.text();
      // The demo streams are H.264 (what the HLS egress remuxes) where ffmpeg has libx264.
      if (hasX264) expect(answer).toMatch(/a=rtpmap:\d+ H264\/90000/);
      await pc.setRemoteDescription({ type: 'answer', sdp: answer });
      await eventually(() => got.video > 40 && got.audio > 40, { timeout: 8000, what: 'video and audio RTP' });
      expect(got.keyframe).toBe(true);
      expect((await fetch(`${s.url}${location}`, { method: 'DELETE', headers: { authorization: `Bearer ${creds.token}` } })).status).toBe(200);
    } finally {
      await pc.close();
    }
    // The room channel said nothing went down meanwhile.
    expect(liveEvents.filter((e) => !e.live)).toEqual([]);
  });

  it('a real anchor in a demo room: the demo publisher never replaces it, and its disconnect does not restart the demo stream', async () => {
    const list = (await s.api.call(api.anchorList, { size: 50 })).data.list.filter((r) => DEMO_ANCHORS.some((d) => d.number === r.number));
    const room = list[list.length - 1]!;
    const roomId = String(room.id);
    const events: { name: string; sessionId: string; reason?: string }[] = [];
    const offs = (['publisher-up', 'publisher-down'] as const).map((name) =>
      s.sfu.on(name, (e) => {
        if (e.roomId === roomId && e.seatId === 'anchor') events.push({ name, ...e });
      }),
    );
    const anchorOf = () => s.sfu.room(roomId)?.publishers.find((p) => p.seatId === 'anchor');
    /** The condition holds throughout twice the demo stream's restart delay (what is checked is that nothing happens). */
    const holds = async (cond: () => boolean, what: string) => {
      const until = Date.now() + 2 * DEMO_RESTART_MS + 1000;
      while (Date.now() < until) {
        expect(cond(), what).toBe(true);
        await pause(200);
      }
    };
    const anchorId = (await s.api.login(DEMO_ANCHORS.find((d) => d.number === room.number)!.mobile, 'demo1234')).data.user.id;
    const demoSession = (await eventually(() => anchorOf()?.live && anchorOf(), { what: 'the demo stream live' })).sessionId;
    // Demo sessions that came up before the real anchor (its first start may fall after the listeners were added).
    const earlier = new Set([demoSession, ...events.filter((e) => e.name === 'publisher-up').map((e) => e.sessionId)]);
    const real = await publishTestStream(s.sfu, room.id, anchorId, 'h264');
    try {
      const realSession = anchorOf()!.sessionId;
      expect(realSession).not.toBe(demoSession);
      await eventually(() => events.some((e) => e.name === 'publisher-down' && e.sessionId === demoSession && e.reason === 'replaced'), {
        what: 'the demo stream replaced by the real anchor',
      });
      await holds(() => anchorOf()?.sessionId === realSession, "the real anchor's stream keeps the seat");
      // The real anchor leaves (its DELETE) and comes back at once (a reload): the demo stream neither
      // restarts on that disconnect nor replaces the new stream.
      s.sfu.close(realSession, 'deleted');
      await eventually(() => events.some((e) => e.name === 'publisher-down' && e.sessionId === realSession), { what: "the real anchor's stream down" });
      const back = await publishTestStream(s.sfu, room.id, anchorId, 'h264');
      pubs.push(back);
      const backSession = anchorOf()!.sessionId;
      await holds(() => anchorOf()?.sessionId === backSession, "the real anchor's new stream keeps the seat");
      expect(
        events.filter((e) => e.name === 'publisher-up' && !earlier.has(e.sessionId) && e.sessionId !== realSession && e.sessionId !== backSession),
      ).toEqual([]);
    } finally {
      for (const off of offs) off();
      await Promise.all([real, ...pubs.splice(0)].map((p) => p.stop()));
    }
  }, 60_000);

  it('ends the stream with the room: closing a demo room stops its media and tells the room', async () => {
    const list = (await s.api.call(api.anchorList, { kind: 'chat', size: 50 })).data.list;
    const room = list.find((r) => DEMO_ANCHORS.some((d) => d.number === r.number))!;
    const sock = await connectRoom(s, viewer);
    await join(sock, room.id);
    const closed = next(sock, 'closed');
    const mobile = DEMO_ANCHORS.find((d) => d.number === room.number)!.mobile;
    const owner = (await s.api.login(mobile, 'demo1234')).data;
    expect((await s.api.call(api.roomClose, { room_id: room.id }, { token: owner.token })).data).toEqual({ closed: true });
    expect(await closed).toEqual({ room_id: room.id, reason: 'owner', note: null });
    const info = (await s.api.call(api.roomInfo, { room_id: room.id })).data;
    expect([info.status, info.live]).toEqual(['closed', false]);
  });
});
