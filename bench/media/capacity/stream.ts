/**
 * The anchor's stream for the capacity bench: ffmpeg encodes a busy test pattern (VP8 at the
 * anchor's bitrate + Opus) to plain RTP once; the packets are kept and replayed in a loop at their
 * recorded pace (sequence numbers and timestamps carried on across loops), so the SFU run and the
 * relay run forward byte-for-byte the same packets and ffmpeg's CPU is not in either measurement.
 */
import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import { performance } from 'node:perf_hooks';

export type Kind = 'video' | 'audio';
interface Packet {
  at: number;
  kind: Kind;
  buf: Buffer;
}

const FFMPEG = process.env.FFMPEG_PATH || '/usr/bin/ffmpeg';

async function socket(onPacket: (buf: Buffer) => void): Promise<dgram.Socket> {
  const s = dgram.createSocket('udp4');
  s.on('message', onPacket);
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', () => r()));
  return s;
}

/** Encodes `seconds` of 640×360 / 20 fps video at `videoBps` (+ 32 kbit/s Opus) and keeps its RTP packets. */
export async function record(seconds: number, videoBps: number): Promise<Recording> {
  const packets: Packet[] = [];
  const t0 = performance.now();
  const take = (kind: Kind) => (buf: Buffer) => packets.push({ at: performance.now() - t0, kind, buf: Buffer.from(buf) });
  const [v, a] = await Promise.all([socket(take('video')), socket(take('audio'))]);
  const k = Math.round(videoBps / 1000);
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-re',
    // Noise keeps the encoder busy, as a real camera does (a clean pattern compresses to little).
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=640x360:rate=20:duration=${seconds},noise=alls=12:allf=t`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:beep_factor=2:sample_rate=48000:duration=${seconds}`,
    '-map',
    '0:v',
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-threads',
    '1',
    '-b:v',
    `${k}k`,
    '-minrate',
    `${k}k`,
    '-maxrate',
    `${k}k`,
    '-bufsize',
    `${k}k`,
    '-g',
    '20',
    '-keyint_min',
    '20',
    '-auto-alt-ref',
    '0',
    '-error-resilient',
    '1',
    '-f',
    'rtp',
    '-payload_type',
    '96',
    `rtp://127.0.0.1:${v.address().port}?pkt_size=1200`,
    '-map',
    '1:a',
    '-c:a',
    'libopus',
    '-b:a',
    '32k',
    '-ac',
    '2',
    '-f',
    'rtp',
    '-payload_type',
    '111',
    `rtp://127.0.0.1:${a.address().port}?pkt_size=1200`,
  ];
  await new Promise<void>((resolve, reject) => {
    const ff = spawn(FFMPEG, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    ff.once('error', reject);
    ff.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
  });
  await new Promise((r) => setTimeout(r, 100));
  v.close();
  a.close();
  return new Recording(packets, seconds * 1000);
}

/** Recorded packets, replayed in a loop by `play`. */
export class Recording {
  constructor(
    readonly packets: Packet[],
    readonly durationMs: number,
  ) {}

  get bitrate(): number {
    return (this.packets.reduce((n, p) => n + p.buf.length, 0) * 8 * 1000) / this.durationMs;
  }

  get packetRate(): number {
    return (this.packets.length * 1000) / this.durationMs;
  }

  /** Sends the packets at their pace, looping; `sent` counts what went out. Returns the stopper. */
  play(send: (kind: Kind, buf: Buffer) => void): Player {
    return new Player(this, send);
  }
}

export class Player {
  sent = 0;
  private readonly timer: NodeJS.Timeout;
  private loop = 0;
  private next = 0;
  private readonly t0 = performance.now();
  /** Per kind: packets and RTP clock ticks one loop advances (so a loop continues the stream). */
  private readonly span = new Map<Kind, { seq: number; ts: number }>();

  constructor(
    private readonly rec: Recording,
    private readonly send: (kind: Kind, buf: Buffer) => void,
  ) {
    for (const kind of ['video', 'audio'] as const) {
      const ps = rec.packets.filter((p) => p.kind === kind);
      const ts = ps.map((p) => p.buf.readUInt32BE(4));
      const step = kind === 'video' ? 4500 : 960;
      this.span.set(kind, { seq: ps.length, ts: (ts.length ? ts[ts.length - 1]! - ts[0]! : 0) + step });
    }
    this.timer = setInterval(() => this.tick(), 4);
  }

  private tick(): void {
    const now = performance.now() - this.t0;
    const { packets, durationMs } = this.rec;
    for (;;) {
      if (this.next >= packets.length) {
        this.next = 0;
        this.loop++;
      }
      const p = packets[this.next]!;
      if (this.loop * durationMs + p.at > now) return;
      const span = this.span.get(p.kind)!;
      const buf = Buffer.from(p.buf);
      buf.writeUInt16BE((buf.readUInt16BE(2) + this.loop * span.seq) & 0xffff, 2);
      buf.writeUInt32BE((buf.readUInt32BE(4) + this.loop * span.ts) >>> 0, 4);
      this.send(p.kind, buf);
      this.sent++;
      this.next++;
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
