/**
 * STUN checks go only where ICE needs them (decision 0187), on the embedded engine: the server gets
 * an offer (or a PATCH) naming a real client candidate on 127.0.0.1 and a decoy on 127.0.0.2 ranked
 * above it; each is a UDP socket of the test counting what it receives. Once the real one has
 * received the server's checks, the decoy would have been checked first, so a decoy that received
 * nothing was dropped. Production's default (no private or loopback address) is read from the rules.
 */
import dgram from 'node:dgram';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '@app/testkit';
import { candidateAllowed, parseCidr, type CandidatePolicy, type Cidr } from '../src/media/candidates.js';
import { mediaSettings } from '../src/media/config.js';
import { mediaRoutes } from '../src/media/media.routes.js';
import { Sfu } from '../src/media/sfu.js';
import { allowAll, postSdp, weriftOffer } from './mediaHarness.js';

interface Counter {
  socket: dgram.Socket;
  port: number;
  packets: number;
}

/** A UDP socket on `address` counting the datagrams it receives (a client candidate's stand-in). */
const counter = (address: string): Promise<Counter> =>
  new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    const c: Counter = { socket, port: 0, packets: 0 };
    socket.on('message', () => c.packets++);
    socket.bind(0, address, () => resolve(Object.assign(c, { port: socket.address().port })));
  });

const line = (priority: number, address: string, port: number, opts: { transport?: string; component?: number } = {}) =>
  `a=candidate:${priority} ${opts.component ?? 1} ${opts.transport ?? 'udp'} ${priority} ${address} ${port} typ host`;

const sfu = new Sfu({ publisherIdleMs: 5000 });
const apps: FastifyInstance[] = [];
let real: Counter;
let decoy: Counter;
let n = 0;

async function serve(candidates: CandidatePolicy | undefined): Promise<string> {
  const app = Fastify({ logger: false });
  await app.register(mediaRoutes, { engine: sfu, authorize: allowAll, candidates });
  apps.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** Publishes an offer whose own candidates are replaced by `lines`; resolves with the session URL. */
async function publish(url: string, lines: string[]): Promise<string> {
  const offer = await weriftOffer('publish');
  try {
    const sdp = offer.sdp
      .replace(/^a=(candidate:.*|end-of-candidates)\r\n/gm, '')
      .replace(/^(a=mid:.*\r\n)/m, `$1${lines.map((l) => `${l}\r\n`).join('')}a=end-of-candidates\r\n`);
    const res = await postSdp(`${url}/api/media/whip/cand-${++n}/anchor`, sdp, 'user:c');
    expect(res.status, await res.clone().text()).toBe(201);
    return new URL(res.headers.get('location')!, url).toString();
  } finally {
    await offer.close();
  }
}

const checkedReal = () => eventually(() => real.packets > 0, { what: 'STUN checks at the real candidate', timeout: 10_000 });

// Fresh sockets (new ports) per case, and the case's sessions ended: no check of an earlier case is counted.
beforeEach(async () => {
  [real, decoy] = await Promise.all([counter('127.0.0.1'), counter('127.0.0.2')]);
});
afterEach(() => {
  sfu.closeRoom(`cand-${n}`);
  real.socket.close();
  decoy.socket.close();
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await sfu.shutdown();
});

describe('STUN checks only to candidates ICE needs', () => {
  it('outside production any unicast UDP address is checked (the control: the decoy hears the server)', async () => {
    const url = await serve(undefined);
    await publish(url, [line(2130706431, '127.0.0.2', decoy.port), line(2113937151, '127.0.0.1', real.port)]);
    await eventually(() => decoy.packets > 0 && real.packets > 0, { what: 'checks at both candidates', timeout: 10_000 });
  });

  it('never a TCP candidate nor an RTCP (component 2) one: RTCP is muxed and ICE runs over UDP', async () => {
    const url = await serve(undefined);
    await publish(url, [
      line(2130706431, '127.0.0.2', decoy.port, { transport: 'tcp' }),
      line(2130706430, '127.0.0.2', decoy.port, { component: 2 }),
      line(2113937151, '127.0.0.1', real.port),
    ]);
    await checkedReal();
    expect(decoy.packets).toBe(0);
  });

  it('with MEDIA_CANDIDATE_CIDRS, only addresses in those ranges, in the offer and in a trickled PATCH', async () => {
    const url = await serve({ cidrs: [parseCidr('127.0.0.1/32') as Cidr], privateAllowed: false });
    const session = await publish(url, [line(2130706431, '127.0.0.2', decoy.port), line(2113937151, '127.0.0.1', real.port)]);
    await checkedReal();
    expect(decoy.packets).toBe(0);
    const patched = await fetch(session, {
      method: 'PATCH',
      headers: { 'content-type': 'application/trickle-ice-sdpfrag', authorization: 'Bearer user:c' },
      body: `a=mid:0\r\n${line(2130706431, '127.0.0.2', decoy.port)}\r\n${line(2113937100, '127.0.0.1', real.port)}\r\n`,
    });
    expect(patched.status).toBe(204);
    real.packets = 0;
    await checkedReal();
    expect(decoy.packets).toBe(0);
  });

  it("production's default: public unicast addresses only; private, loopback, link-local ranges and mDNS names are dropped", () => {
    const production: CandidatePolicy = { cidrs: undefined, privateAllowed: false };
    const at = (address: string) => candidateAllowed(`candidate:1 1 udp 2130706431 ${address} 50000 typ host`, production);
    expect(['203.0.113.7', '8.8.4.4', '172.32.0.1'].map(at)).toEqual([true, true, true]);
    const refused = ['127.0.0.2', '10.1.2.3', '172.16.5.4', '192.168.1.1', '169.254.0.9', '100.64.0.1', '224.0.0.251', '0.0.0.0', '255.255.255.255'];
    expect(refused.filter(at)).toEqual([]);
    expect(at('0b3c39b7-35b5-4b8a-9e0b-2f1e4c6b8a11.local')).toBe(false);
    expect(candidateAllowed('candidate:1 1 udp 2130706431 203.0.113.7 0 typ host', production)).toBe(false);
  });

  it('MEDIA_CANDIDATE_CIDRS that is not a list of IPv4 ranges is refused at start, naming the setting', () => {
    const parsed = mediaSettings.schema.safeParse({ MEDIA_CANDIDATE_CIDRS: '10.0.0.0/8, example.com' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['MEDIA_CANDIDATE_CIDRS', expect.stringContaining('"example.com" is not an IPv4 range')],
    ]);
    // 203.0.113.0 as a number: 203 × 2^24 + 113 × 2^8.
    expect(mediaSettings.schema.parse({ MEDIA_CANDIDATE_CIDRS: '203.0.113.0/24' }).candidateCidrs).toEqual([{ base: 3405803776, bits: 24 }]);
  });
});
