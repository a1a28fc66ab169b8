/**
 * The baseline of the capacity benches: the recorded packets sent through a bare UDP relay
 * (relayProcess.ts, its own process) to `receivers` plain UDP sinks, measured over one window by
 * the bench's own `measure` (sent, received per sink, the relay's CPU).
 */
import dgram from 'node:dgram';
import { Child } from './ipc.js';
import type { Recording } from './stream.js';

type Measure<M> = (sent: () => number, received: () => number[], cpu: () => Promise<number>) => Promise<M>;

export async function relayBaseline<M>(rec: Recording, receivers: number, measure: Measure<M>): Promise<M> {
  const relay = new Child('./relayProcess.ts');
  const { port } = (await relay.ready()) as unknown as { port: number };
  const counts = new Array<number>(receivers).fill(0);
  const sinks = await Promise.all(
    counts.map(
      (_, i) =>
        new Promise<dgram.Socket>((resolve) => {
          const s = dgram.createSocket('udp4');
          s.on('message', () => void counts[i]!++);
          s.bind(0, '127.0.0.1', () => resolve(s));
        }),
    ),
  );
  relay.send({ type: 'sinks', ports: sinks.map((s) => s.address().port) });
  const out = dgram.createSocket('udp4');
  const replay = rec.play((_kind, buf) => out.send(buf, port, '127.0.0.1'));
  await new Promise((r) => setTimeout(r, 1000));
  try {
    return await measure(
      () => replay.sent,
      () => [...counts],
      () => relay.cpu(),
    );
  } finally {
    replay.stop();
    out.close();
    for (const s of sinks) s.close();
    await relay.stop();
  }
}
