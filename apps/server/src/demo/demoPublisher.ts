/**
 * The demo publisher: makes each demo room live with real moving video and sound, so a newcomer
 * running `npm start` sees rooms that play. Per room, ffmpeg generates a portrait test pattern
 * (testsrc2 360×640, a hue of its own) and a beeping tone, encodes H.264 (VP8 where ffmpeg lacks
 * libx264) and Opus, and sends plain RTP to two loopback UDP
 * ports; an in-process werift peer connection reads those packets and publishes them into the SFU's
 * 'anchor' seat exactly as a WHIP publisher would (offer → sfu.publish → answer), so viewers, events
 * and limits see an ordinary anchor.
 *
 * Keyframes: ffmpeg cannot answer PLI, so it sends one every second (-g 20 at 20 fps); a viewer's
 * first frame therefore waits up to a second.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, useNACK, usePLI } from 'werift';
import type { Db } from '../db/database.js';
import type { RoomConfig } from '../modules/room/room.config.js';
import { openDemoRooms, type DemoRoom } from './room.seed.js';
import type { Sfu } from '../media/index.js';

/** How long after its own session ended (or a failed start) a demo stream starts again. */
export const DEMO_RESTART_MS = 3000;
/** A stream whose peer connection is not up this long after the answer is started again. */
const CONNECT_WITHIN_MS = 8000;

/**
 * ffmpeg streaming to UDP never notices its parent is gone. It is started through util-linux
 * `setpriv --pdeathsig KILL` when available (the kernel kills it when the server dies, even by
 * SIGKILL), and children still running when this process exits normally are killed here too.
 */
const SETPRIV = '/usr/bin/setpriv';
const useSetpriv = fs.existsSync(SETPRIV);
const children = new Set<ChildProcess>();
let exitHook = false;
function track(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const c of children) c.kill('SIGKILL');
  });
}

export interface DemoPublisherOptions {
  sfu: Sfu;
  db: Db;
  log: FastifyBaseLogger;
  config: Pick<RoomConfig, 'demoPublisher'>;
  nodeEnv: string;
  /** The ffmpeg program (FFMPEG_PATH). */
  ffmpeg: string;
}

export interface DemoPublisher {
  /** Room ids being published. */
  readonly roomIds: number[];
  stop(): Promise<void>;
}

/** Whether a program starts here (ffmpeg -version). */
const runs = (program: string): Promise<boolean> => new Promise((resolve) => execFile(program, ['-version'], { timeout: 10_000 }, (err) => resolve(!err)));

/** The demo streams' video codec: H.264 (what the web client and OBS publish, which the HLS egress remuxes) when ffmpeg has libx264, else VP8. */
export type DemoCodec = 'H264' | 'VP8';
const demoCodec = (program: string): Promise<DemoCodec> =>
  new Promise((resolve) =>
    execFile(program, ['-hide_banner', '-encoders'], { timeout: 10_000 }, (err, stdout) => resolve(!err && /\blibx264\b/.test(stdout) ? 'H264' : 'VP8')),
  );

const H264_FMTP = 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f';

/** ffmpeg's video encoder arguments per codec: one keyframe a second (-g 20 at 20 fps), SPS/PPS with each. */
const VIDEO_ARGS: Record<DemoCodec, string[]> = {
  H264: [
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-profile:v',
    'baseline',
    '-level',
    '3.1',
    '-pix_fmt',
    'yuv420p',
    '-x264-params',
    'repeat-headers=1:sliced-threads=0',
    '-threads',
    '1',
    '-b:v',
    '400k',
    '-maxrate',
    '400k',
    '-bufsize',
    '400k',
    '-g',
    '20',
    '-keyint_min',
    '20',
    '-sc_threshold',
    '0',
  ],
  VP8: [
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '16',
    '-threads',
    '1',
    '-b:v',
    '400k',
    '-g',
    '20',
    '-keyint_min',
    '20',
    '-auto-alt-ref',
    '0',
    '-error-resilient',
    '1',
  ],
};

/** Whether the demo publisher runs: DEMO_PUBLISHER=on/off, or `auto` (on unless NODE_ENV=test). */
export function demoPublisherEnabled(mode: RoomConfig['demoPublisher'], nodeEnv: string): boolean {
  return mode === 'on' || (mode === 'auto' && nodeEnv !== 'test');
}

/** Opens the demo rooms and starts a stream in each; undefined when disabled or ffmpeg is missing. */
export async function startDemoPublisher(opts: DemoPublisherOptions): Promise<DemoPublisher | undefined> {
  if (!demoPublisherEnabled(opts.config.demoPublisher, opts.nodeEnv)) return undefined;
  if (!(await runs(opts.ffmpeg))) {
    opts.log.warn({ ffmpeg: opts.ffmpeg }, 'demo publisher off: ffmpeg not found (install ffmpeg, or set DEMO_PUBLISHER=off to silence this)');
    return undefined;
  }
  const rooms = await openDemoRooms(opts.db);
  const codec = await demoCodec(opts.ffmpeg);
  const streams = rooms.map((room) => new DemoStream(room, opts.sfu, opts.log, opts.ffmpeg, codec));
  // One after another: werift peers negotiating at the same moment in one process stalled here.
  for (const s of streams) await s.start();
  opts.log.info({ rooms: rooms.map((r) => r.roomId), codec }, 'demo publisher: demo rooms are live');
  return {
    roomIds: rooms.map((r) => r.roomId),
    stop: async () => {
      await Promise.all(streams.map((s) => s.stop()));
    },
  };
}

/** One demo room: ffmpeg → UDP → werift peer → SFU, restarted if ffmpeg or the session dies. */
class DemoStream {
  private ffmpeg: ChildProcess | undefined;
  private pc: RTCPeerConnection | undefined;
  private sockets: dgram.Socket[] = [];
  private stopped = false;
  private restartTimer: NodeJS.Timeout | undefined;
  /** Its current (or last) session in the SFU: the only publisher it ever replaces (decision 0193). */
  private sessionId: string | undefined;
  private readonly offSfu: () => void;

  constructor(
    private readonly room: DemoRoom,
    private readonly sfu: Sfu,
    private readonly log: FastifyBaseLogger,
    private readonly program: string,
    private readonly codec: DemoCodec,
  ) {
    // Its own session can end under it (idle after a hiccup, failed): start again. Another
    // publisher's end (a real anchor's in a demo room) is not its business, nor is being replaced.
    this.offSfu = sfu.on('publisher-down', (e) => {
      if (e.sessionId === this.sessionId && e.reason !== 'replaced' && e.reason !== 'shutdown' && e.reason !== 'room-closed') this.restartSoon();
    });
  }

  async start(): Promise<void> {
    if (this.stopped) return;
    try {
      const video = new MediaStreamTrack({ kind: 'video' });
      const audio = new MediaStreamTrack({ kind: 'audio' });
      const [vPort, aPort] = await Promise.all([this.listen(video), this.listen(audio)]);
      const pc = new RTCPeerConnection({
        codecs: {
          video: [
            this.codec === 'H264'
              ? new RTCRtpCodecParameters({ mimeType: 'video/H264', clockRate: 90000, rtcpFeedback: [useNACK(), usePLI()], parameters: H264_FMTP })
              : new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, rtcpFeedback: [useNACK(), usePLI()] }),
          ],
          audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
        },
        iceServers: [],
        iceUseIpv6: false,
        iceInterfaceAddresses: { udp4: this.sfu.config.interfaceAddress },
        iceAdditionalHostAddresses: [this.sfu.config.announcedAddress],
        bundlePolicy: 'max-bundle',
      });
      this.pc = pc;
      pc.addTransceiver(video, { direction: 'sendonly' });
      pc.addTransceiver(audio, { direction: 'sendonly' });
      await pc.setLocalDescription(await pc.createOffer());
      const offer = pc.localDescription?.sdp;
      if (!offer) throw new Error('no local offer');
      const roomId = String(this.room.roomId);
      // Checked in the same tick as publish's own seat check: nothing can take the seat in between.
      const holder = this.sfu.room(roomId)?.publishers.find((p) => p.seatId === 'anchor');
      if (holder && holder.sessionId !== this.sessionId) {
        this.log.info({ roomId: this.room.roomId }, 'demo publisher: a real anchor holds the seat; this stream stays off');
        await this.teardown();
        return;
      }
      const published = await this.sfu.publish(roomId, 'anchor', offer, { userId: String(this.room.anchorId), replace: holder !== undefined });
      this.sessionId = published.sessionId;
      const { answerSdp } = published;
      await pc.setRemoteDescription({ type: 'answer', sdp: answerSdp });
      // Packets only once the connection is up: RTP written during the handshake stalled it.
      this.watch(pc, () => this.spawnFfmpeg(vPort, aPort));
    } catch (err) {
      this.log.warn({ err, roomId: this.room.roomId }, 'demo publisher: could not start a stream; retrying');
      await this.teardown();
      this.restartSoon();
    }
  }

  /**
   * The SFU reports only sessions that came up; one that never connects (seen now and then for the
   * first peer of a process) or fails later is noticed here and started again.
   */
  private watch(pc: RTCPeerConnection, onConnected: () => void): void {
    const timer = setTimeout(() => {
      if (this.pc === pc && pc.connectionState !== 'connected') {
        this.log.warn({ roomId: this.room.roomId, state: pc.connectionState }, 'demo publisher: stream did not connect; restarting');
        this.restartSoon(0);
      }
    }, CONNECT_WITHIN_MS);
    timer.unref();
    pc.connectionStateChange.subscribe((state) => {
      if (this.pc !== pc) return;
      if (state === 'connected' && !this.ffmpeg) {
        clearTimeout(timer);
        onConnected();
      }
      if (state === 'failed') this.restartSoon();
    });
  }

  /** A loopback UDP socket whose packets go into the track; resolves with its port. */
  private listen(track: MediaStreamTrack): Promise<number> {
    return new Promise((resolve, reject) => {
      const sock = dgram.createSocket('udp4');
      this.sockets.push(sock);
      sock.on('message', (buf) => {
        if (buf.length >= 12) track.writeRtp(buf);
      });
      sock.once('error', reject);
      sock.bind(0, '127.0.0.1', () => resolve(sock.address().port));
    });
  }

  private spawnFfmpeg(vPort: number, aPort: number): void {
    const { hue, tone } = this.room.demo;
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-re',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=360x640:rate=20,hue=h=${hue}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${tone}:beep_factor=2:sample_rate=48000`,
      '-map',
      '0:v',
      ...VIDEO_ARGS[this.codec],
      '-f',
      'rtp',
      '-payload_type',
      '96',
      `rtp://127.0.0.1:${vPort}?pkt_size=1200`,
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
      `rtp://127.0.0.1:${aPort}?pkt_size=1200`,
    ];
    const child = useSetpriv
      ? spawn(SETPRIV, ['--pdeathsig', 'KILL', '--', this.program, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
      : spawn(this.program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    track(child);
    this.ffmpeg = child;
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    child.on('exit', (code, signal) => {
      if (this.ffmpeg !== child || this.stopped) return;
      this.log.warn({ roomId: this.room.roomId, code, signal, stderr }, 'demo publisher: ffmpeg exited; restarting');
      this.restartSoon();
    });
  }

  private restartSoon(ms = DEMO_RESTART_MS): void {
    if (this.stopped || this.restartTimer) return;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      void this.teardown().then(() => this.start());
    }, ms);
    this.restartTimer.unref();
  }

  private async teardown(): Promise<void> {
    const child = this.ffmpeg;
    this.ffmpeg = undefined;
    if (child && child.exitCode === null) child.kill('SIGKILL');
    for (const s of this.sockets) s.close();
    this.sockets = [];
    const pc = this.pc;
    this.pc = undefined;
    await pc?.close().catch(() => {});
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.offSfu();
    if (this.restartTimer) clearTimeout(this.restartTimer);
    await this.teardown();
  }
}
