import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { RoomFanout, textFrame } from './roomFanout.js';

const http = createServer();
const io = new Server(http, { path: '/socket.io', transports: ['websocket'], serveClient: false });
const nsp = io.of('/room');
const published: string[][] = [];
const fanout = new RoomFanout(nsp, (_channel, packets) => published.push(packets));
const clients: ClientSocket[] = [];

nsp.on('connection', (socket) => {
  socket.on('join', (ack: () => void) => {
    void socket.join('r');
    ack();
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const { port } = http.address() as AddressInfo;
  for (let i = 0; i < 3; i++) {
    const c = connect(`http://127.0.0.1:${port}/room`, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
    await new Promise<void>((r) => c.emit('join', r));
    clients.push(c);
  }
});
afterAll(async () => {
  for (const c of clients) c.close();
  fanout.close();
  await io.close();
});

/** The next `n` payloads of `event` at a client. */
const take = <T>(c: ClientSocket, event: string, n: number): Promise<T[]> =>
  new Promise((resolve) => {
    const got: T[] = [];
    const on = (p: T) => {
      got.push(p);
      if (got.length === n) {
        c.off(event, on);
        resolve(got);
      }
    };
    c.on(event, on);
  });

describe('RoomFanout', () => {
  it('frames text as ws does: 7-bit, 16-bit and 64-bit lengths', () => {
    expect([...textFrame('hi')]).toEqual([0x81, 2, 0x68, 0x69]);
    expect([...textFrame('x'.repeat(200)).subarray(0, 4)]).toEqual([0x81, 126, 0, 200]);
    expect([...textFrame('x'.repeat(70_000)).subarray(0, 10)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70]);
  });

  it('writes a tick’s burst to each member once, every line in order (socket.io’s volatile broadcast kept one)', async () => {
    const before = fanout.stats.direct;
    const all = Promise.all(clients.map((c) => take<{ n: number }>(c, 'chat', 30)));
    for (let n = 0; n < 30; n++) fanout.push('r', 'chat', { n, text: '主播好' });
    for (const got of await all) expect(got.map((p) => p.n)).toEqual([...Array(30).keys()]);
    expect(fanout.stats.direct - before).toBe(clients.length);
    expect(published.at(-1)).toHaveLength(30);
  });

  it('sends a line after a lone flush at once (a quiet room’s burst allowance), then holds a storm’s lines for the window and sends them together', async () => {
    // Its own fan-out on a clock that stands still: no flush is given back while the test runs.
    const quiet = new RoomFanout(nsp, undefined, () => 1_000_000);
    const first = Promise.all(clients.map((c) => take(c, 'chat', 1)));
    quiet.push('r', 'chat', { n: 'a' });
    await first;
    // The second flush in hand: 'b' is written in the microtask its push queued, not a window later.
    const second = Promise.all(clients.map((c) => take<{ n: string }>(c, 'chat', 1)));
    quiet.push('r', 'chat', { n: 'b' });
    await Promise.resolve();
    expect(quiet.stats.direct).toBe(2 * clients.length);
    for (const got of await second) expect(got.map((p) => p.n)).toEqual(['b']);
    // None left in hand: 'c' waits for the window, and 'd' pushed meanwhile goes with it in one write.
    const rest = Promise.all(clients.map((c) => take<{ n: string }>(c, 'chat', 2)));
    quiet.push('r', 'chat', { n: 'c' });
    await new Promise((r) => setImmediate(r));
    expect(quiet.stats.direct).toBe(2 * clients.length);
    quiet.push('r', 'chat', { n: 'd' });
    for (const got of await rest) expect(got.map((p) => p.n)).toEqual(['c', 'd']);
    expect(quiet.stats.direct).toBe(3 * clients.length);
    quiet.close();
  });

  it('delivers lines another instance published; large lines arrive whole', async () => {
    const big = '长'.repeat(30_000);
    const got = Promise.all(clients.map((c) => take<{ text: string }>(c, 'online', 1)));
    fanout.deliver('r', [`2/room,${JSON.stringify(['online', { text: big }])}`]);
    for (const [p] of await got) expect(p!.text).toBe(big);
  });

  it('skips a member that stops reading (its socket backs up) while the others get every line', async () => {
    const [slow, ...rest] = clients;
    // The slow client's TCP socket stops reading: the server's side backs up past SLOW_BYTES.
    const tcp = (slow!.io.engine.transport as unknown as { ws: { _socket: { pause(): void; resume(): void } } }).ws._socket;
    tcp.pause();
    const line = 'x'.repeat(60_000);
    // Each line read by the others before the next: only the paused socket backs up.
    for (let i = 0; fanout.stats.dropped === 0; i++) {
      expect(i).toBeLessThan(500);
      const others = Promise.all(rest.map((c) => take<{ i: number }>(c, 'chat', 1)));
      fanout.push('r', 'chat', { i, line });
      fanout.flushNow('r');
      for (const [p] of await others) expect(p!.i).toBe(i);
    }
    tcp.resume();
  });
});
