/**
 * The baseline: a bare UDP relay in its own process. Every packet that arrives on its socket is
 * sent, unchanged, to each sink port (`{type: 'sinks', ports}`): no SRTP, no RTP rewriting, no
 * congestion feedback — the least work forwarding the same packets can take in Node.
 */
import dgram from 'node:dgram';
import { onMessage, serveCpu } from './ipc.js';

const sock = dgram.createSocket('udp4');
let sinks: number[] = [];
sock.on('message', (buf) => {
  for (const port of sinks) sock.send(buf, port, '127.0.0.1');
});
await new Promise<void>((r) => sock.bind(0, '127.0.0.1', () => r()));
onMessage((m) => {
  if (m.type === 'sinks') sinks = m.ports as number[];
});
serveCpu({ type: 'ready', port: sock.address().port }, async () => {
  sock.close();
});
