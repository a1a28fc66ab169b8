/**
 * The media suite, run against each engine: the embedded SFU (werift, in `npm test`) and the Janus
 * engine (a Janus 1.1 node in a network namespace; `npm run test:scale`: TEST_JANUS=1, root,
 * `ip netns`). The same cases, the same WHIP/WHEP routes and client; assertions read what Chromium
 * viewers decode. One Janus start serves every Janus case.
 */
import { spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import dgram from 'node:dgram';
import { setTimeout as pause } from 'node:timers/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@app/testkit';
import { mediaRise } from '../../../e2e/lib/media.js';
import type { MediaEngine } from '../src/media/engine.js';
import { JanusEngine } from '../src/media/janus/janusEngine.js';
import { janusRoomId } from '../src/media/janus/janusSessions.js';
import { Sfu } from '../src/media/sfu.js';
import { gstMissing, receivedCodec, spawnGstPublisher, stopGstPublisher } from './gstPublisher.js';
import { janusAvailable, startJanusNode, type JanusNode } from './janusNode.js';
import { launchMediaBrowser, openMediaPage, postSdp, startMediaApp, T, weriftOffer, type MediaApp } from './mediaHarness.js';

type Ev = { name: string; roomId: string; seatId?: string; sessionId: string; reason?: string };
type Play = { id: number; location: string; answeredMs: number; seats: string[] };
type SeatStats = Record<string, { framesDecoded: number; samples: number; packets: number; lost: number; keyFrames: number; plis: number }>;
type Restarted = { status: number; etag?: string; ufrag?: string; serverUfrag?: string; body?: string };
type IceStats = { localUfrag: string; state: string; pairChanges: number };

interface UdpReader {
  socket: dgram.Socket;
  port: number;
  packets: number;
}

/** A UDP socket on 127.0.0.1 that counts the datagrams it receives (an egress reader's stand-in). */
function udpReader(): Promise<UdpReader> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    const reader: UdpReader = { socket, port: 0, packets: 0 };
    socket.on('message', () => reader.packets++);
    socket.bind(0, '127.0.0.1', () => resolve(Object.assign(reader, { port: socket.address().port })));
  });
}

/** Tokens: `user:<id>` acts as that user; `bad` is refused (403). */
const authorize = async (_k: string, _r: string, _s: string | undefined, token: string) =>
  token === 'bad' ? false : token.startsWith('user:') ? { userId: token.slice(5) } : true;

interface EngineUnderTest {
  engine: MediaEngine & { session(id: string): unknown };
  /** The address a publisher on this machine gives its ICE agent to reach the engine. */
  iceAddress: string;
  /** Sessions the media server still holds (Janus: handles), for "nothing left behind". */
  leftovers(): Promise<number>;
  /** RTP forwarders (HLS egress) the media server runs for a room (Janus: `listforwarders`). */
  forwarders(roomId: string): Promise<number>;
  /** Mountpoint media the media server listens for now (Janus: its UDP sockets on 127.0.0.1, janusMounts.ts). */
  mountpoints(): number;
  stop(): Promise<void>;
}

const engines: { name: string; enabled: boolean; start(): Promise<EngineUnderTest> }[] = [
  {
    name: 'embedded',
    // Nothing here needs what the scale suite adds (TEST_SUITE=scale, vitest.config.ts): it ran in `npm test`.
    enabled: process.env.TEST_SUITE !== 'scale',
    start: async () => {
      const sfu = new Sfu({ publisherIdleMs: 2500 });
      return {
        engine: sfu,
        iceAddress: '127.0.0.1',
        leftovers: async () => sfu.roomCount,
        forwarders: async () => sfu.forwardCount,
        mountpoints: () => 0,
        stop: () => sfu.shutdown(),
      };
    },
  },
  {
    name: 'janus',
    enabled: process.env.TEST_JANUS === '1' && janusAvailable(),
    start: async () => {
      const node: JanusNode = await startJanusNode(111, { net: { ns: 'je', subnet: 79 } });
      const engine = await JanusEngine.connect({ janusUrls: [node.url], publisherIdleMs: 2500 });
      return {
        engine,
        iceAddress: node.hostAddress,
        leftovers: () => node.handleCount(),
        forwarders: async (roomId) => {
          const listed = await engine.nodeOf(roomId)?.admin.listForward({ room: janusRoomId(roomId) });
          return (listed?.forwarders ?? []).reduce((n, p) => n + p.forwarders.length, 0);
        },
        mountpoints: () =>
          spawnSync('ip', ['netns', 'exec', node.ns, 'ss', '-Hnul', 'src', '127.0.0.1'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).length,
        stop: async () => {
          await engine.shutdown();
          await node.stop();
        },
      };
    },
  },
];

for (const { name, enabled, start } of engines)
  describe.skipIf(!enabled)(`media on the ${name} engine`, () => {
    let under: EngineUnderTest;
    let engine: EngineUnderTest['engine'];
    let app: MediaApp;
    /** A second origin serving the same player page: its WHEP calls to `app` are cross-origin. */
    let otherOrigin: MediaApp;
    let browser: Browser;
    const events: Ev[] = [];
    const room = (n: number) => `${name}-${n}`;
    const whip = (r: string, seat = 'anchor') => `${app.url}/api/media/whip/${r}/${seat}`;
    const whep = (r: string) => `${app.url}/api/media/whep/${r}`;
    const sessionIdOf = (location: string) => location.split('/').pop()!;

    beforeAll(async () => {
      under = await start();
      engine = under.engine;
      for (const ev of ['publisher-up', 'publisher-down', 'viewer-up', 'viewer-down'] as const) engine.on(ev, (e) => events.push({ name: ev, ...e }));
      app = await startMediaApp(engine, authorize);
      otherOrigin = await startMediaApp(new Sfu());
      browser = await launchMediaBrowser();
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      await app?.close();
      await otherOrigin?.close();
      await under?.stop();
    });

    // Publishing pages keep encoding until closed: each case frees the CPU for the next.
    afterEach(async () => {
      await Promise.all(browser.contexts().map((c) => c.close()));
    });

    const frames = async (page: Page, id: number, seat = 'anchor'): Promise<number> => (await T<SeatStats>(page, 'seatStats', id))[seat]?.framesDecoded ?? 0;
    /** Frames of `seat` rise by more than `by` within 10 s; a timeout says what the receiver saw. */
    const framesRise = async (page: Page, id: number, seat: string, by: number, what: string) => {
      const n = await frames(page, id, seat);
      await eventually(
        async () => {
          const st = (await T<SeatStats>(page, 'seatStats', id))[seat];
          if ((st?.framesDecoded ?? 0) > n + by) return true;
          throw new Error(`frames ${n} → ${JSON.stringify(st)}`);
        },
        { what, timeout: 10_000 },
      );
    };
    const live = (r: string, seat = 'anchor') =>
      eventually(() => engine.room(r)?.publishers.find((p) => p.seatId === seat && p.live), { what: `${r}/${seat} live`, timeout: 15_000 });
    const publishAnchor = async (r: string, user: string): Promise<Page> => {
      const page = await openMediaPage(browser, app.url);
      await T(page, 'publish', whip(r), `user:${user}`, { maxBitrate: 800_000 });
      await live(r);
      return page;
    };
    const watch = async (r: string, user: string, opts?: { seats: string[] }): Promise<{ page: Page; play: Play }> => {
      const page = await openMediaPage(browser, app.url);
      const play = await T<Play>(page, 'play', whep(r), `user:${user}`, ...(opts ? [opts] : []));
      expect(await T<number>(page, 'firstFrame', play.id)).toBeGreaterThan(0);
      return { page, play };
    };

    it.skipIf(gstMissing() !== '')(
      'an HLS egress start/stop cycle: RTP reaches the reader, and stopping leaves no forwarder on the media server',
      async () => {
        const r = room(11);
        const lines: string[] = [];
        let gst: ChildProcessWithoutNullStreams | undefined;
        const sockets = await Promise.all([0, 1].map(() => udpReader()));
        try {
          gst = spawnGstPublisher(whip(r), 'user:e11', lines, under.iceAddress);
          await live(r).catch((err: Error) => {
            throw new Error(`${err.message}; publisher said:\n${lines.join('\n')}`);
          });
          const [video, audio] = sockets as [UdpReader, UdpReader];
          const fwd = await engine.forwardRtp(r, 'anchor', { host: '127.0.0.1', videoPort: video.port, audioPort: audio.port });
          fwd.requestKeyframe();
          await eventually(() => video.packets > 10 && audio.packets > 10, { what: 'RTP at the reader', timeout: 10_000 });
          expect(await under.forwarders(r)).toBeGreaterThan(0);
          await fwd.stop();
          expect(await under.forwarders(r)).toBe(0);
          expect(engine.room(r)?.publishers).toEqual([expect.objectContaining({ live: true })]);
        } finally {
          await stopGstPublisher(gst);
          for (const s of sockets) s.socket.close();
        }
      },
      60_000,
    );

    it('a browser anchor → a browser viewer: frames and audio samples keep rising', async () => {
      await publishAnchor(room(1), 'a1');
      const { page, play } = await watch(room(1), 'v1');
      expect(play.seats).toEqual(['anchor']);
      const rise = await mediaRise(page, 2000);
      expect(rise.frames[0]).toBeGreaterThan(15); // the fake camera runs at 20 fps
      expect(rise.samples).toBeGreaterThan(48_000); // 48 kHz
    }, 60_000);

    it.skipIf(gstMissing() !== '')(
      'an H.264 + Opus only WHIP publisher (GStreamer, as OBS offers) goes live; a browser viewer decodes H.264',
      async () => {
        const lines: string[] = [];
        let gst: ChildProcessWithoutNullStreams | undefined;
        try {
          gst = spawnGstPublisher(whip(room(2)), 'user:obs', lines, under.iceAddress);
          await live(room(2)).catch((err: Error) => {
            throw new Error(`${err.message}; publisher said:\n${lines.join('\n')}`);
          });
          expect(lines.find((l) => l.startsWith('OFFER'))).toBe('OFFER H264 OPUS');
          const { page, play } = await watch(room(2), 'v2');
          await framesRise(page, play.id, 'anchor', 20, 'H.264 frames keep coming');
          expect(await receivedCodec(page, play.id)).toBe('video/H264');
        } finally {
          await stopGstPublisher(gst);
        }
      },
      60_000,
    );

    it("a stock WHEP player (Chromium's own offer: 107 is rtx there) plays an H.264 room, and the anchor's reconnect", async () => {
      const r = room(12);
      const first = await publishAnchor(r, 'a12');
      const page = await openMediaPage(browser, app.url);
      const stock = await T<{ status: number; id: number; body?: string; offer: string }>(page, 'playStock', whep(r), 'user:v12');
      // The case at hand: Chromium numbers H.264 otherwise than Janus 1.1's VideoRoom sends it (107);
      // on Janus the player watches a mountpoint numbered as its offer (docs/decisions/0194).
      expect(stock.offer).toMatch(/^a=rtpmap:107 rtx\/90000/m);
      expect(stock.status, stock.body).toBe(201);
      await framesRise(page, stock.id, 'anchor', 20, 'H.264 frames in the stock player');
      expect(await receivedCodec(page, stock.id)).toBe('video/H264');
      // The anchor publishes again (a reload): the stock player's picture comes from the new publisher.
      const before = events.length;
      const again = await openMediaPage(browser, app.url);
      await T(again, 'publish', whip(r), 'user:a12');
      await eventually(() => events.slice(before).some((e) => e.name === 'publisher-up' && e.roomId === r), { what: 'new publisher up', timeout: 10_000 });
      await first.context().close();
      await framesRise(page, stock.id, 'anchor', 20, "the new publisher's frames in the stock player");
      // An ICE restart through PATCH keeps the stock player's session and picture.
      const restarted = await T<Restarted>(page, 'restartIce', stock.id);
      expect(restarted, restarted.body).toMatchObject({ status: 200 });
      await framesRise(page, stock.id, 'anchor', 20, 'frames after the stock player restarted ICE');
      // The room's end takes its mountpoint with it.
      if (name === 'janus') expect(under.mountpoints()).toBeGreaterThan(0);
      engine.closeRoom(r);
      await eventually(() => under.mountpoints() === 0, { what: 'no mountpoint left', timeout: 10_000 });
    }, 60_000);

    /** Runs `body` while a GStreamer publisher of `media` is live on room r's anchor seat. */
    const withGst = async (r: string, media: 'video' | 'audio', body: (lines: string[]) => Promise<void>) => {
      const lines: string[] = [];
      let gst: ChildProcessWithoutNullStreams | undefined;
      try {
        gst = spawnGstPublisher(whip(r), `user:gst-${r}`, lines, under.iceAddress, media);
        await live(r).catch((err: Error) => {
          throw new Error(`${err.message}; publisher said:\n${lines.join('\n')}`);
        });
        await body(lines);
      } finally {
        await stopGstPublisher(gst);
      }
    };

    it.skipIf(gstMissing() !== '')(
      'a video-only H.264 publisher (OBS with its audio off) → a browser viewer decodes it over WebRTC',
      async () => {
        const r = room(13);
        await withGst(r, 'video', async (lines) => {
          expect(lines.find((l) => l.startsWith('OFFER'))).toBe('OFFER H264');
          const { page, play } = await watch(r, 'v13');
          await framesRise(page, play.id, 'anchor', 20, 'frames of the video-only publisher');
          expect(await receivedCodec(page, play.id)).toBe('video/H264');
          expect((await T<{ connection: string }>(page, 'state', play.id)).connection).toBe('connected');
          // A stock player too (on Janus: a mountpoint with video only).
          const stock = await T<{ status: number; id: number; body?: string }>(page, 'playStock', whep(r), 'user:v13b');
          expect(stock.status, stock.body).toBe(201);
          await framesRise(page, stock.id, 'anchor', 20, 'frames of the video-only publisher in a stock player');
        });
      },
      60_000,
    );

    it.skipIf(gstMissing() !== '')(
      'an audio-only publisher → a browser viewer hears it over WebRTC',
      async () => {
        const r = room(14);
        await withGst(r, 'audio', async (lines) => {
          expect(lines.find((l) => l.startsWith('OFFER'))).toBe('OFFER OPUS');
          const page = await openMediaPage(browser, app.url);
          const play = await T<Play>(page, 'play', whep(r), 'user:v14');
          const samples = async () => (await T<SeatStats>(page, 'seatStats', play.id)).anchor?.samples ?? 0;
          await eventually(async () => (await samples()) > 48_000, { what: 'a second of audio received', timeout: 10_000 });
          expect((await T<{ connection: string }>(page, 'state', play.id)).connection).toBe('connected');
        });
      },
      60_000,
    );

    it('one viewer connection carries the anchor and a co-host, and a co-host who takes the mic later', async () => {
      const r = room(3);
      await publishAnchor(r, 'a3');
      const cohost = await openMediaPage(browser, app.url);
      await T(cohost, 'publish', whip(r, 'seat-1'), 'user:c31');
      await live(r, 'seat-1');
      const { page, play } = await watch(r, 'v3', { seats: ['anchor', 'seat-1', 'seat-2'] });
      expect(play.seats.sort()).toEqual(['anchor', 'seat-1', 'seat-2']);
      await eventually(async () => (await frames(page, play.id, 'anchor')) > 0 && (await frames(page, play.id, 'seat-1')) > 0, {
        what: 'anchor and co-host decoded',
        timeout: 10_000,
      });
      expect(await frames(page, play.id, 'seat-2')).toBe(0);
      // seat-2 takes the mic after the viewer joined: it reaches the viewer in the same session.
      const late = await openMediaPage(browser, app.url);
      await T(late, 'publish', whip(r, 'seat-2'), 'user:c32');
      await live(r, 'seat-2');
      await eventually(async () => (await frames(page, play.id, 'seat-2')) > 10, { what: 'the late co-host decoded by the viewer', timeout: 10_000 });
      expect((await T<{ connection: string }>(page, 'state', play.id)).connection).toBe('connected');
      expect(engine.session(sessionIdOf(play.location))).toBeDefined();
    }, 60_000);

    it("a publisher's reconnect resumes in the viewer's same session", async () => {
      const r = room(4);
      const first = await publishAnchor(r, 'a4');
      const { page, play } = await watch(r, 'v4');
      const before = events.length;
      // The same user publishes the seat again (a reload, a new network): the old session is replaced.
      const again = await openMediaPage(browser, app.url);
      await T(again, 'publish', whip(r), 'user:a4');
      await eventually(() => events.slice(before).some((e) => e.name === 'publisher-down' && e.roomId === r && e.reason === 'replaced'), { what: 'replaced' });
      await eventually(() => events.slice(before).some((e) => e.name === 'publisher-up' && e.roomId === r), { what: 'new publisher up', timeout: 10_000 });
      await first.context().close(); // only the new publisher can feed the viewer now
      await framesRise(page, play.id, 'anchor', 20, 'frames from the new publisher');
      expect(engine.session(sessionIdOf(play.location))).toBeDefined();
    }, 60_000);

    it("a kick ends the viewer's session (viewer-down kicked) and its frames stop", async () => {
      const r = room(5);
      await publishAnchor(r, 'a5');
      const { page, play } = await watch(r, 'v5');
      const other = await watch(r, 'v5b');
      expect(engine.closeViewer(r, 'v5')).toBe(1);
      await eventually(() => events.some((e) => e.name === 'viewer-down' && e.roomId === r && e.reason === 'kicked'), { what: 'viewer kicked' });
      expect(engine.session(sessionIdOf(play.location))).toBeUndefined();
      await stopsDecoding(page, play.id);
      // The other viewer is not affected.
      await framesRise(other.page, other.play.id, 'anchor', 10, 'the other viewer still decoding');
    }, 60_000);

    it('closing the room ends every session: publishers down (room-closed), viewers stop, nothing left on the media server', async () => {
      const r = room(6);
      const leftBefore = await under.leftovers();
      await publishAnchor(r, 'a6');
      const { page, play } = await watch(r, 'v6');
      expect(engine.closeRoom(r)).toBe(2);
      expect(engine.room(r)).toBeUndefined();
      await eventually(() => events.some((e) => e.name === 'publisher-down' && e.roomId === r && e.reason === 'room-closed'), { what: 'anchor down' });
      expect(events.some((e) => e.name === 'viewer-down' && e.roomId === r && e.reason === 'room-closed')).toBe(true);
      await stopsDecoding(page, play.id);
      await eventually(async () => (await under.leftovers()) <= leftBefore, { what: 'no session left on the media server', timeout: 30_000 });
    }, 60_000);

    it('a publisher that trickles its candidates through PATCH goes live and is watched', async () => {
      const r = room(7);
      const page = await openMediaPage(browser, app.url);
      const res = await T<{ status: number; offerHadCandidates: boolean; patches: number[] }>(page, 'publishTrickle', whip(r), 'user:a7');
      expect(res.status).toBe(201);
      expect(res.offerHadCandidates).toBe(false);
      expect(res.patches.length).toBeGreaterThan(0);
      expect(res.patches.every((s) => s === 204)).toBe(true);
      await live(r);
      const { page: viewer, play } = await watch(r, 'v7');
      await framesRise(viewer, play.id, 'anchor', 10, 'frames of the trickling publisher');
    }, 60_000);

    it("an ICE restart through PATCH keeps the publisher's and the viewer's sessions, and the picture", async () => {
      const r = room(8);
      const anchor = await openMediaPage(browser, app.url);
      const pub = await T<{ id: number; location: string }>(anchor, 'publish', whip(r), 'user:a8');
      const { sessionId } = await live(r);
      const { page, play } = await watch(r, 'v8');

      // Media keeps flowing on the old pair while a restart is under way: the proof is the browser's
      // transport selecting a pair of the new ICE generation (its new local ufrag).
      const restartedOn = async (p: Page, id: number, r: Restarted, before: IceStats) =>
        eventually(
          async () => {
            const now = await T<IceStats>(p, 'iceTransport', id);
            return now.localUfrag === r.ufrag && now.pairChanges > before.pairChanges && now.state === 'connected';
          },
          { what: 'a pair of the new ICE generation selected', timeout: 10_000 },
        );
      const pubIce = await T<IceStats>(anchor, 'iceTransport', pub.id);
      const p = await T<Restarted>(anchor, 'restartIce', pub.id);
      expect(p, p.body).toMatchObject({ status: 200 });
      expect(p.etag).toMatch(/^"[0-9a-f]+"$/);
      await restartedOn(anchor, pub.id, p, pubIce);
      expect(engine.room(r)?.publishers).toEqual([expect.objectContaining({ sessionId, live: true })]);
      await framesRise(page, play.id, 'anchor', 20, "frames after the publisher's restart");

      const viewerIce = await T<IceStats>(page, 'iceTransport', play.id);
      const v = await T<Restarted>(page, 'restartIce', play.id);
      expect(v, v.body).toMatchObject({ status: 200 });
      await restartedOn(page, play.id, v, viewerIce);
      await framesRise(page, play.id, 'anchor', 20, "frames after the viewer's restart");
      expect(engine.session(sessionIdOf(play.location))).toBeDefined();
      // A PATCH naming the replaced entity tag is stale.
      const stale = await fetch(`${app.url}/api/media/session/${sessionIdOf(play.location)}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/trickle-ice-sdpfrag', 'if-match': '"0000"', authorization: 'Bearer user:v8' },
        body: 'a=end-of-candidates\r\n',
      });
      expect(stale.status).toBe(412);
      expect(stale.headers.get('access-control-allow-origin')).toBe('*');
    }, 60_000);

    it('a WHEP player page on another origin plays the room (CORS)', async () => {
      const r = room(9);
      await publishAnchor(r, 'a9');
      expect(new URL(otherOrigin.url).origin).not.toBe(new URL(app.url).origin);
      const page = await openMediaPage(browser, otherOrigin.url);
      const play = await T<Play>(page, 'play', whep(r), 'user:v9');
      expect(new URL(play.location).origin).toBe(new URL(app.url).origin);
      expect(await T<number>(page, 'firstFrame', play.id)).toBeGreaterThan(0);
      await framesRise(page, play.id, 'anchor', 10, 'frames on the other origin');
      // The player's DELETE is cross-origin too, and ends the session.
      await T(page, 'stop', play.id);
      await eventually(() => engine.session(sessionIdOf(play.location)) === undefined, { what: 'the session ended by the DELETE' });
    }, 60_000);

    it('bad input is a clear 4xx and leaves no session behind', async () => {
      const r = room(10);
      const leftBefore = await under.leftovers();
      const offer = await weriftOffer('publish');
      try {
        const junk = await postSdp(whip(r), 'v=0\r\nthis is not sdp', 'user:x');
        expect(junk.status).toBe(400);
        expect(((await junk.json()) as { code: string }).code).toBe('bad_sdp');
        expect((await postSdp(whip(r), offer.sdp, 'bad')).status).toBe(403);
        expect((await postSdp(whip(r), offer.sdp)).status).toBe(401);
        // Only VP9 video and no audio: nothing either engine forwards.
        const vp9 = offer.sdp
          .split(/\r\n(?=m=)/)
          .filter((x) => !x.startsWith('m=audio'))
          .join('\r\n')
          .replace(/^(m=video \S+ \S+) .*$/m, '$1 120')
          .replace(/^a=(rtpmap|fmtp|rtcp-fb):.*\r\n/gm, '')
          .concat('a=rtpmap:120 VP9/90000\r\n');
        const noCodec = await postSdp(whip(r), vp9, 'user:x');
        expect(noCodec.status).toBe(400);
        expect(((await noCodec.json()) as { code: string }).code).toBe('bad_sdp');
        expect((await postSdp(whep(r), offer.sdp, 'user:x')).status).toBe(404);
        expect(engine.room(r)).toBeUndefined();
        // Janus detaches a refused handle asynchronously; on a busy machine that takes seconds.
        await eventually(async () => (await under.leftovers()) <= leftBefore, { what: 'nothing left behind', timeout: 30_000 });
      } finally {
        await offer.close();
      }
    }, 60_000);

    /** Frames stop: what was in the jitter buffer plays out, then the count stays put (measured over time). */
    async function stopsDecoding(page: Page, id: number): Promise<void> {
      let seen = await frames(page, id);
      await eventually(
        async () => {
          await pause(500);
          const now = await frames(page, id);
          const settled = now - seen <= 1;
          seen = now;
          return settled;
        },
        { timeout: 8000, interval: 0, what: 'the viewer to stop decoding' },
      );
    }
  });
