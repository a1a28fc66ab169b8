/**
 * WHIP (RFC 9725) and WHEP as the standards say, over HTTP with werift clients (no browser): CORS on
 * every answer, refusals that are clear 4xx and leave nothing behind, Link headers with the ICE
 * servers, trickle ICE and ICE restarts through PATCH keeping the session.
 */
import { eventually } from '@app/testkit';
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket, type RTCRtpCodecParameters } from 'werift';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCodecs } from '../src/media/codecs.js';
import { mediaRoutes } from '../src/media/media.routes.js';
import { Sfu } from '../src/media/sfu.js';
import { allowAll, postSdp, startMediaApp, weriftOffer, type MediaApp } from './mediaHarness.js';

const SDPFRAG = 'application/trickle-ice-sdpfrag';
let sfu: Sfu;
let app: MediaApp;
const whip = (room: string, seat = 'anchor'): string => `${app.url}/api/media/whip/${room}/${seat}`;
const whep = (room: string): string => `${app.url}/api/media/whep/${room}`;

/** Tokens: `ok`, or `exp:<ms epoch>` valid until then; anything else is refused. */
const authorize = async (kind: 'publish' | 'play', room: string, seat: string | undefined, token: string) => {
  const exp = /^exp:(\d+)$/.exec(token);
  if (exp) return Number(exp[1]) > Date.now() && allowAll(kind, room, seat, token);
  return token === 'ok';
};

beforeAll(async () => {
  sfu = new Sfu({});
  app = await startMediaApp(sfu, authorize);
});

afterAll(async () => {
  await sfu?.shutdown();
  await app?.close();
});

function expectCors(res: Response): void {
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase();
  for (const h of ['location', 'etag', 'link']) expect(exposed).toContain(h);
}

/** A werift publisher sending Opus-shaped RTP every 20 ms once connected (enough to count packets). */
async function weriftPublisher(): Promise<{ pc: RTCPeerConnection; offer: string; close(): Promise<void> }> {
  const pc = new RTCPeerConnection({
    iceServers: [],
    iceUseIpv6: false,
    iceInterfaceAddresses: { udp4: '127.0.0.1' },
    iceAdditionalHostAddresses: ['127.0.0.1'],
    bundlePolicy: 'max-bundle',
  });
  const track = new MediaStreamTrack({ kind: 'audio' });
  pc.addTransceiver(track, { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  let seq = 0;
  const timer = setInterval(() => {
    seq = (seq + 1) & 0xffff;
    track.writeRtp(new RtpPacket(new RtpHeader({ payloadType: 111, sequenceNumber: seq, timestamp: seq * 960 }), Buffer.from([0xf8, 0xff, 0xfe])));
  }, 20);
  return {
    pc,
    offer: pc.localDescription!.sdp,
    close: async () => {
      clearInterval(timer);
      await pc.close();
    },
  };
}

/** The ICE part of an SDP as a trickle-ice-sdpfrag (first section: mid, credentials, candidates). */
function fragOf(sdp: string): string {
  const get = (re: RegExp) => re.exec(sdp)?.[0];
  const candidates = sdp.match(/^a=candidate:.*$/gm) ?? [];
  return [get(/^m=.*$/m), get(/^a=mid:.*$/m), get(/^a=ice-ufrag:.*$/m), get(/^a=ice-pwd:.*$/m), ...candidates, 'a=end-of-candidates', '']
    .filter((l) => l !== undefined)
    .join('\r\n');
}

/** PATCH and DELETE carry the token that created the session (`ok` in these tests), as WHIP/WHEP clients send it. */
const BEARER = { authorization: 'Bearer ok' };

const patch = (location: string, body: string, headers: Record<string, string> = {}) =>
  fetch(new URL(location, app.url), { method: 'PATCH', headers: { 'content-type': SDPFRAG, ...BEARER, ...headers }, body });

/**
 * A werift client's ICE restart through PATCH, as a WHIP/WHEP client does it: a restart offer's
 * fragment sent with If-Match: *, the answer fragment applied to the last answer.
 */
async function restartIce(pc: RTCPeerConnection, location: string, answer: string): Promise<{ res: Response; ufrag: string }> {
  await pc.setLocalDescription(await pc.createOffer({ iceRestart: true }));
  const offer = pc.localDescription!.sdp;
  const res = await patch(location, fragOf(offer), { 'if-match': '*' });
  if (res.status !== 200) return { res, ufrag: '' };
  const frag = await res.clone().text();
  const candidates = frag.match(/^a=candidate:.*$/gm)!.join('\r\n');
  const restartAnswer = answer
    .replace(/^a=ice-ufrag:.*$/gm, /^a=ice-ufrag:.*$/m.exec(frag)![0])
    .replace(/^a=ice-pwd:.*$/gm, /^a=ice-pwd:.*$/m.exec(frag)![0])
    .replace(/^a=candidate:.*\r?\n/gm, '')
    .replace(/^(a=mid:.*)$/m, `$1\r\n${candidates}`);
  await pc.setRemoteDescription({ type: 'answer', sdp: restartAnswer });
  // werift as a client has the same gap the server works around (ice.ts): it skips ICE while DTLS is up.
  for (const t of pc.iceTransports) if (t.state !== 'connected') void t.start().catch(() => {});
  return { res, ufrag: /^a=ice-ufrag:(\S+)/m.exec(offer)![1]! };
}

describe('WHIP/WHEP: CORS', () => {
  it('answers preflights on every URL with the methods, headers and exposed headers a player on another origin needs', async () => {
    for (const url of [whip('c1'), whep('c1'), `${app.url}/api/media/session/abc`]) {
      const res = await fetch(url, {
        method: 'OPTIONS',
        headers: { origin: 'https://player.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      });
      expect(res.status).toBe(204);
      expectCors(res);
      const methods = (res.headers.get('access-control-allow-methods') ?? '').split(/,\s*/);
      expect(methods).toEqual(expect.arrayContaining(['POST', 'PATCH', 'DELETE', 'OPTIONS']));
      const headers = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/,\s*/);
      expect(headers).toEqual(expect.arrayContaining(['authorization', 'content-type', 'if-match']));
    }
  });

  it('puts CORS headers on POST, PATCH and DELETE answers, and on their errors', async () => {
    const offer = await weriftOffer('publish');
    try {
      const ok = await postSdp(whip('c2'), offer.sdp, 'ok');
      expect(ok.status).toBe(201);
      expectCors(ok);
      expect(ok.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/);
      expect(ok.headers.get('accept-patch')).toBe(SDPFRAG);
      const location = ok.headers.get('location')!;
      const trickled = await patch(location, 'a=end-of-candidates\r\n', { 'if-match': ok.headers.get('etag')! });
      expect(trickled.status).toBe(204);
      expectCors(trickled);
      const del = await fetch(new URL(location, app.url), { method: 'DELETE', headers: BEARER });
      expect(del.status).toBe(200);
      expectCors(del);

      for (const res of [
        await postSdp(whip('c2'), offer.sdp), // 401
        await postSdp(whip('c2'), 'junk', 'ok'), // 400
        await fetch(new URL(location, app.url), { method: 'DELETE', headers: BEARER }), // 404
        await patch(location, 'a=end-of-candidates\r\n'), // 404
      ]) {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expectCors(res);
      }
    } finally {
      await offer.close();
    }
  });
});

describe('WHIP/WHEP: refusals are clear 4xx and leave no session', () => {
  it('malformed SDP, no common codec, a wrong or expired token', async () => {
    const offer = await weriftOffer('publish');
    const play = await weriftOffer('play');
    try {
      const cases: { name: string; url: string; body: string; token?: string; status: number; code: string; msg?: RegExp }[] = [
        { name: 'not SDP', url: whip('b1'), body: 'hello', token: 'ok', status: 400, code: 'bad_sdp' },
        { name: 'SDP cut short', url: whip('b1'), body: offer.sdp.slice(0, 120), token: 'ok', status: 400, code: 'bad_sdp' },
        { name: 'broken media line', url: whip('b1'), body: offer.sdp.replace(/^m=video .*$/m, 'm=video x'), token: 'ok', status: 400, code: 'bad_sdp' },
        // VP9 and G722 only: nothing this server forwards.
        {
          name: 'no common codec',
          url: whip('b1'),
          body: offer.sdp.replace(/H264/g, 'VP9').replace(/VP8/g, 'VP9').replace(/opus/g, 'G722'),
          token: 'ok',
          status: 400,
          code: 'bad_sdp',
          msg: /no common (audio|video) codec/,
        },
        // H.264 in packetization-mode 0 only (what some cameras offer): not forwarded.
        {
          name: 'H.264 mode 0 only',
          url: whip('b1'),
          body: offer.sdp.replace(/VP8/g, 'VP9').replace(/packetization-mode=1/g, 'packetization-mode=0'),
          token: 'ok',
          status: 400,
          code: 'bad_sdp',
          msg: /no common video codec.*H\.264/,
        },
        {
          name: 'WHEP with no common codec',
          url: whep('b1') + '?seats=anchor',
          body: play.sdp.replace(/H264/g, 'VP9').replace(/VP8/g, 'VP9'),
          token: 'ok',
          status: 400,
          code: 'bad_sdp',
        },
        { name: 'wrong token', url: whip('b1'), body: offer.sdp, token: 'nope', status: 403, code: 'forbidden' },
        { name: 'expired token', url: whip('b1'), body: offer.sdp, token: `exp:${Date.now() - 1000}`, status: 403, code: 'forbidden' },
        { name: 'expired token (WHEP)', url: whep('b1'), body: play.sdp, token: `exp:${Date.now() - 1000}`, status: 403, code: 'forbidden' },
        { name: 'no token', url: whep('b1'), body: play.sdp, status: 401, code: 'unauthorized' },
      ];
      for (const c of cases) {
        const res = await postSdp(c.url, c.body, c.token);
        expect({ name: c.name, status: res.status }).toEqual({ name: c.name, status: c.status });
        const body = (await res.json()) as { code: string; msg: string };
        expect(body.code, c.name).toBe(c.code);
        if (c.msg) expect(body.msg, c.name).toMatch(c.msg);
        expect(sfu.room('b1'), c.name).toBeUndefined();
      }
      // A token still valid is taken.
      const valid = `exp:${Date.now() + 60_000}`;
      const good = await postSdp(whip('b1'), offer.sdp, valid);
      expect(good.status).toBe(201);
      await fetch(new URL(good.headers.get('location')!, app.url), { method: 'DELETE', headers: { authorization: `Bearer ${valid}` } });
      expect(sfu.room('b1')).toBeUndefined();
    } finally {
      await offer.close();
      await play.close();
    }
  });

  it("WHEP refuses an offer that cannot receive a seat's codec (a VP8-only player in an H.264 room)", async () => {
    const pc = (video: RTCRtpCodecParameters[]) =>
      new RTCPeerConnection({
        codecs: { video, audio: localCodecs().audio },
        iceServers: [],
        iceUseIpv6: false,
        iceInterfaceAddresses: { udp4: '127.0.0.1' },
        bundlePolicy: 'max-bundle',
      });
    const [h264, vp8] = localCodecs().video as [RTCRtpCodecParameters, RTCRtpCodecParameters];
    const publisher = pc([h264]);
    const vp8Player = pc([vp8]);
    const h264Player = pc([h264]);
    try {
      publisher.addTransceiver('video', { direction: 'sendonly' });
      publisher.addTransceiver('audio', { direction: 'sendonly' });
      await publisher.setLocalDescription(await publisher.createOffer());
      const pub = await postSdp(whip('b3'), publisher.localDescription!.sdp, 'ok');
      expect(pub.status).toBe(201);
      expect(await pub.text()).toMatch(/a=rtpmap:\d+ H264\/90000/);
      for (const player of [vp8Player, h264Player]) {
        player.addTransceiver('audio', { direction: 'recvonly' });
        player.addTransceiver('video', { direction: 'recvonly' });
        await player.setLocalDescription(await player.createOffer());
      }
      const refused = await postSdp(whep('b3'), vp8Player.localDescription!.sdp, 'ok');
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 'bad_sdp', msg: expect.stringMatching(/seat anchor publishes H264/) });
      expect(sfu.room('b3')?.viewers).toBe(0);
      const taken = await postSdp(whep('b3'), h264Player.localDescription!.sdp, 'ok');
      expect(taken.status).toBe(201);
      expect(await taken.text()).toMatch(/a=rtpmap:\d+ H264\/90000/);
      await fetch(new URL(taken.headers.get('location')!, app.url), { method: 'DELETE', headers: BEARER });
      await fetch(new URL(pub.headers.get('location')!, app.url), { method: 'DELETE', headers: BEARER });
    } finally {
      await Promise.all([publisher.close(), vp8Player.close(), h264Player.close()]);
    }
  });

  it('PATCH and DELETE need the token that created the session: none is 401, another valid one 403', async () => {
    const offer = await weriftOffer('publish');
    try {
      const res = await postSdp(whip('t1'), offer.sdp, 'ok');
      expect(res.status).toBe(201);
      const location = res.headers.get('location')!;
      const other = { authorization: `Bearer exp:${Date.now() + 60_000}` }; // a token that may publish too
      const none = await patch(location, 'a=end-of-candidates\r\n', { authorization: '' });
      expect([none.status, ((await none.json()) as { code: string }).code]).toEqual([401, 'unauthorized']);
      expect((await patch(location, 'a=end-of-candidates\r\n', other)).status).toBe(403);
      expect((await patch(location, fragOf(offer.sdp), { ...other, 'if-match': '*' })).status).toBe(403); // no ICE restart
      expect((await fetch(new URL(location, app.url), { method: 'DELETE' })).status).toBe(401);
      const stolen = await fetch(new URL(location, app.url), { method: 'DELETE', headers: other });
      expect([stolen.status, ((await stolen.json()) as { code: string }).code]).toEqual([403, 'forbidden']);
      expect(sfu.room('t1')?.publishers).toHaveLength(1);
      // The creator's own token still trickles and ends it.
      expect((await patch(location, 'a=end-of-candidates\r\n')).status).toBe(204);
      expect((await fetch(new URL(location, app.url), { method: 'DELETE', headers: BEARER })).status).toBe(200);
      expect(sfu.room('t1')?.publishers ?? []).toHaveLength(0);
    } finally {
      await offer.close();
    }
  });

  it('PATCH: wrong body type 415, junk 400, unknown session 404, stale If-Match 412', async () => {
    const offer = await weriftOffer('publish');
    try {
      const res = await postSdp(whip('b2'), offer.sdp, 'ok');
      const location = res.headers.get('location')!;
      expect((await patch(location, 'a=end-of-candidates', { 'content-type': 'application/sdp' })).status).toBe(415);
      const junk = await patch(location, 'hello there');
      expect(junk.status).toBe(400);
      expect(await junk.json()).toMatchObject({ code: 'bad_sdp' });
      expect((await patch('/api/media/session/0123', 'a=end-of-candidates')).status).toBe(404);
      const stale = await patch(location, 'a=end-of-candidates', { 'if-match': '"0000"' });
      expect(stale.status).toBe(412);
      expect(await stale.json()).toMatchObject({ code: 'precondition_failed' });
      expect(sfu.room('b2')?.publishers).toHaveLength(1); // refusals leave the session as it was
      await fetch(new URL(location, app.url), { method: 'DELETE', headers: BEARER });
    } finally {
      await offer.close();
    }
  });
});

describe('WHIP/WHEP: candidates', () => {
  it('answers with host candidates only at the bound or announced address, never at another interface of the machine', async () => {
    const offer = await weriftOffer('publish');
    try {
      const res = await postSdp(whip('k1'), offer.sdp, 'ok');
      expect(res.status).toBe(201);
      const addresses = [...(await res.text()).matchAll(/^a=candidate:\S+ \d+ \S+ \d+ (\S+) \d+ typ (\S+)/gm)].map((m) => `${m[1]} ${m[2]}`);
      expect([...new Set(addresses)]).toEqual(['127.0.0.1 host']);
      await fetch(new URL(res.headers.get('location')!, app.url), { method: 'DELETE' });
    } finally {
      await offer.close();
    }
  });
});

describe('WHIP/WHEP: ICE servers', () => {
  it('sends the configured STUN and TURN servers as Link headers, TURN with its credentials', async () => {
    // A second app on the same SFU, with ICE servers configured.
    const f = Fastify();
    await f.register(mediaRoutes, {
      engine: sfu,
      authorize,
      iceServers: () => [
        { urls: ['stun:stun.example.net:3478'] },
        { urls: 'turn:turn.example.net?transport=udp', username: '1700000000:7', credential: 'c2VjcmV0' },
      ],
    });
    const url = await f.listen({ port: 0, host: '127.0.0.1' });
    const offer = await weriftOffer('publish');
    try {
      const res = await postSdp(`${url}/api/media/whip/l1/anchor`, offer.sdp, 'ok');
      expect(res.status).toBe(201);
      const link = res.headers.get('link') ?? '';
      expect(link).toContain('<stun:stun.example.net:3478>; rel="ice-server"');
      expect(link).toContain(
        '<turn:turn.example.net?transport=udp>; rel="ice-server"; username="1700000000:7"; credential="c2VjcmV0"; credential-type="password"',
      );
      await fetch(new URL(res.headers.get('location')!, url), { method: 'DELETE', headers: BEARER });
    } finally {
      await offer.close();
      await f.close();
    }
  });
});

describe('WHIP: trickle ICE and ICE restart through PATCH', () => {
  it('takes trickled candidates for an offer sent without any, then connects', async () => {
    const client = await weriftPublisher();
    try {
      const bare = client.offer.replace(/^a=(candidate:.*|end-of-candidates)\r?\n/gm, '');
      expect(bare).not.toMatch(/a=candidate/);
      const res = await postSdp(whip('t1'), bare, 'ok');
      expect(res.status).toBe(201);
      const location = res.headers.get('location')!;
      const session = sfu.session(location.split('/').pop()!)!;
      const remoteHosts = () => session.pc.iceTransports[0]!.connection.remoteCandidates.filter((c) => c.type === 'host').map((c) => c.port);
      expect(remoteHosts()).toHaveLength(0);
      const port = Number(/^a=candidate:\S+ \d+ udp \d+ \S+ (\d+) typ host/im.exec(client.offer)![1]);

      const trickled = await patch(location, fragOf(client.offer), { 'if-match': res.headers.get('etag')! });
      expect(trickled.status).toBe(204);
      expect(remoteHosts()).toContain(port);

      await client.pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
      await eventually(() => sfu.room('t1')?.publishers[0]?.live, { timeout: 10_000, what: 'the trickling publisher to go live' });
    } finally {
      await client.close();
    }
  });

  it('an ICE restart keeps the session: same URL, new ETag, packets flow again over the new credentials', async () => {
    const client = await weriftPublisher();
    try {
      const res = await postSdp(whip('t2'), client.offer, 'ok');
      expect(res.status).toBe(201);
      const location = res.headers.get('location')!;
      const sessionId = location.split('/').pop()!;
      const firstEtag = res.headers.get('etag')!;
      const answer = await res.text();
      await client.pc.setRemoteDescription({ type: 'answer', sdp: answer });
      await eventually(() => sfu.room('t2')?.publishers[0]?.live, { timeout: 10_000, what: 'the publisher to go live' });
      const pub = sfu.session(sessionId)!;
      const serverIce = pub.pc.iceTransports[0]!;

      // The client's network changed: new credentials and candidates, offered as a restart.
      const { res: restarted, ufrag: newUfrag } = await restartIce(client.pc, location, answer);
      expect(newUfrag).not.toBe(/^a=ice-ufrag:(\S+)/m.exec(client.offer)![1]);
      expect(restarted.status).toBe(200);
      expect(restarted.headers.get('content-type')).toContain(SDPFRAG);
      expectCors(restarted);
      const newEtag = restarted.headers.get('etag')!;
      expect(newEtag).toMatch(/^"[0-9a-f]+"$/);
      expect(newEtag).not.toBe(firstEtag);
      const frag = await restarted.text();
      expect(/^a=ice-ufrag:(\S+)/m.exec(frag)![1]).not.toBe(/^a=ice-ufrag:(\S+)/m.exec(answer)![1]);
      expect(frag).toMatch(/^a=candidate:.* typ host/m);
      expect(serverIce.connection.remoteUsername).toBe(newUfrag);

      const before = (sfu.session(sessionId) as { packetsIn: number }).packetsIn;
      await eventually(() => ((sfu.session(sessionId) as { packetsIn: number } | undefined)?.packetsIn ?? 0) > before + 25, {
        timeout: 10_000,
        what: 'packets over the restarted ICE',
      });
      expect(serverIce.connection.remoteUsername).toBe(newUfrag);
      expect(sfu.room('t2')?.publishers).toEqual([expect.objectContaining({ sessionId, live: true })]);
      // Late candidates of the old generation do not restart back to it.
      const late = await patch(location, fragOf(client.offer));
      expect(late.status).toBe(412);
      expect(serverIce.connection.remoteUsername).toBe(newUfrag);
      // The old ETag is stale now; the new one is taken.
      expect((await patch(location, 'a=end-of-candidates', { 'if-match': firstEtag })).status).toBe(412);
      expect((await patch(location, 'a=end-of-candidates', { 'if-match': newEtag })).status).toBe(204);
    } finally {
      await client.close();
    }
  });

  it("a WHEP viewer's ICE restart keeps its session and its media", async () => {
    const publisher = await weriftPublisher();
    const viewer = new RTCPeerConnection({
      iceServers: [],
      iceUseIpv6: false,
      iceInterfaceAddresses: { udp4: '127.0.0.1' },
      iceAdditionalHostAddresses: ['127.0.0.1'],
      bundlePolicy: 'max-bundle',
    });
    let audio = 0;
    viewer.ontrack = ({ track }) => track.onReceiveRtp.subscribe(() => track.kind === 'audio' && audio++);
    try {
      const pub = await postSdp(whip('t3'), publisher.offer, 'ok');
      await publisher.pc.setRemoteDescription({ type: 'answer', sdp: await pub.text() });
      await eventually(() => sfu.room('t3')?.publishers[0]?.live, { timeout: 10_000, what: 'the publisher to go live' });
      viewer.addTransceiver('audio', { direction: 'recvonly' });
      viewer.addTransceiver('video', { direction: 'recvonly' });
      await viewer.setLocalDescription(await viewer.createOffer());
      const res = await postSdp(whep('t3'), viewer.localDescription!.sdp, 'ok');
      expect(res.status).toBe(201);
      const location = res.headers.get('location')!;
      const answer = await res.text();
      await viewer.setRemoteDescription({ type: 'answer', sdp: answer });
      await eventually(() => audio > 10, { timeout: 10_000, what: 'audio at the viewer' });

      const { res: restarted, ufrag } = await restartIce(viewer, location, answer);
      expect(restarted.status).toBe(200);
      const serverIce = sfu.session(location.split('/').pop()!)!.pc.iceTransports[0]!;
      expect(serverIce.connection.remoteUsername).toBe(ufrag);
      await eventually(() => serverIce.state === 'connected', { timeout: 10_000, what: 'the new pair' });
      const before = audio;
      await eventually(() => audio > before + 25, { timeout: 10_000, what: 'audio over the restarted ICE' });
      expect(sfu.room('t3')?.viewers).toBe(1);
    } finally {
      await viewer.close();
      await publisher.close();
    }
  });
});
