/**
 * The ffmpeg of one room's egress: reads the engine's plain RTP through an SDP file per seat and
 * writes MPEG-TS HLS segments to a local folder. The anchor alone: H.264 is copied as published
 * (segments cut at its keyframes, which the egress asks the publisher for every segment), VP8 is
 * transcoded to H.264 (libx264 veryfast/zerolatency, a keyframe every segment). With co-hosts on the
 * mic: the anchor's full frame with the co-hosts as tiles, transcoded, and every voice mixed.
 * Opus becomes AAC.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import type { RtpStreamInfo } from '../../media/engine.js';

/** The SDP ffmpeg reads: one video and one audio stream, plain RTP to local ports. */
export function egressSdp(host: string, ports: { video: number; audio: number }, video: RtpStreamInfo | undefined, audio: RtpStreamInfo | undefined): string {
  const lines = ['v=0', `o=- 0 0 IN IP4 ${host}`, 's=live egress', `c=IN IP4 ${host}`, 't=0 0'];
  const media = (kind: 'video' | 'audio', port: number, s: RtpStreamInfo) => {
    lines.push(`m=${kind} ${port} RTP/AVP ${s.payloadType}`, `a=rtpmap:${s.payloadType} ${s.codec}/${s.clockRate}${s.channels ? `/${s.channels}` : ''}`);
    if (s.fmtp) lines.push(`a=fmtp:${s.payloadType} ${s.fmtp}`);
  };
  if (video) media('video', ports.video, video);
  if (audio) media('audio', ports.audio, audio);
  return `${lines.join('\n')}\n`;
}

/** One seat read by ffmpeg: its SDP file and what it sends. */
export interface EgressInput {
  sdpFile: string;
  video: RtpStreamInfo | undefined;
  audio: RtpStreamInfo | undefined;
}

export interface HlsArgs {
  /** The anchor first, then the co-hosts on the mic (composed only when there are some). */
  inputs: EgressInput[];
  dir: string;
  /** Prefix of this run's segment files (a restart starts a new run). */
  run: string;
  segmentS: number;
  videoBitrate: number;
}

/** The composed picture: the anchor's full frame (portrait), co-hosts as tiles in two columns of four down its sides. */
export const CANVAS = { w: 540, h: 960 } as const;
export const TILE = { w: 108, h: 192, gap: 6, top: 96 } as const;

/** Where co-host `i` (0-based, up to 8) sits on the canvas. */
export function tileAt(i: number): { x: number; y: number } {
  const col = Math.floor(i / 4);
  const row = i % 4;
  return { x: col === 0 ? CANVAS.w - TILE.w - TILE.gap : TILE.gap, y: TILE.top + row * (TILE.h + TILE.gap) };
}

const x264 = (a: HlsArgs) => [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-tune',
  'zerolatency',
  '-profile:v',
  'main',
  '-pix_fmt',
  'yuv420p',
  '-force_key_frames',
  `expr:gte(t,n_forced*${a.segmentS})`,
  '-sc_threshold',
  '0',
  '-b:v',
  String(a.videoBitrate),
  '-maxrate',
  String(a.videoBitrate),
  '-bufsize',
  String(a.videoBitrate),
  '-threads',
  '2',
  // The frames as they came: ffmpeg's constant-rate default duplicated thousands of frames
  // across a jump of the RTP clock (seen at a stream's start), burning a core and no segment out.
  '-fps_mode',
  'passthrough',
];
const aac = ['-c:a', 'aac', '-b:a', '64k', '-ar', '48000', '-ac', '2'];

/**
 * The filter graph of a composed run: the anchor (input 0) scaled into the canvas, each co-host
 * with video cropped into its tile and laid over it (a tile keeps its last picture if the co-host's
 * video pauses), and every seat's audio mixed at its own level.
 */
export function composeGraph(inputs: EgressInput[]): { graph: string; video: string; audio: string | undefined } {
  const { w, h } = CANVAS;
  const parts = [`[0:v]scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2,setsar=1[b0]`];
  let base = 'b0';
  let tile = 0;
  inputs.forEach((input, i) => {
    if (i === 0 || !input.video || tile >= 8) return;
    const { x, y } = tileAt(tile++);
    parts.push(`[${i}:v]scale=${TILE.w}:${TILE.h}:force_original_aspect_ratio=increase,crop=${TILE.w}:${TILE.h},setsar=1[t${i}]`);
    parts.push(`[${base}][t${i}]overlay=x=${x}:y=${y}:eof_action=pass:repeatlast=1[b${i}]`);
    base = `b${i}`;
  });
  const voices = inputs.flatMap((input, i) => (input.audio ? [`[${i}:a]`] : []));
  let audio: string | undefined;
  if (voices.length > 1) {
    parts.push(`${voices.join('')}amix=inputs=${voices.length}:duration=longest:dropout_transition=0:normalize=0[mix]`);
    audio = '[mix]';
  } else if (voices.length === 1) audio = voices[0]!.slice(1, -1);
  return { graph: parts.join(';'), video: `[${base}]`, audio };
}

/** ffmpeg's arguments for one run. */
export function hlsArgs(a: HlsArgs): string[] {
  const anchor = a.inputs[0]!;
  const compose = anchor.video !== undefined && a.inputs.slice(1).some((i) => i.video || i.audio);
  let out: string[];
  if (compose) {
    const g = composeGraph(a.inputs);
    out = ['-filter_complex', g.graph, '-map', g.video, ...x264(a), ...(g.audio ? ['-map', g.audio, ...aac] : [])];
  } else {
    const video = !anchor.video ? [] : anchor.video.codec === 'H264' ? ['-map', '0:v', '-c:v', 'copy'] : ['-map', '0:v', ...x264(a)];
    out = [...video, ...(anchor.audio ? ['-map', '0:a', ...aac] : [])];
  }
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    // RTP has no container to probe: the SDP says what comes; do not wait long to start.
    ...(compose ? a.inputs : [anchor]).flatMap((input) => [
      '-protocol_whitelist',
      'file,udp,rtp',
      '-analyzeduration',
      '1000000',
      '-probesize',
      '1000000',
      '-fflags',
      '+genpts+discardcorrupt',
      '-i',
      input.sdpFile,
    ]),
    ...out,
    '-f',
    'hls',
    '-hls_time',
    String(a.segmentS),
    '-hls_list_size',
    '0',
    '-hls_segment_type',
    'mpegts',
    '-hls_segment_filename',
    `${a.dir}/${a.run}-%05d.ts`,
    `${a.dir}/${a.run}.m3u8`,
  ];
}

/** Two free UDP ports (each with the next one free too: ffmpeg binds RTCP on port + 1). */
export async function freeRtpPorts(host: string): Promise<{ video: number; audio: number }> {
  const taken = new Set<number>();
  const pick = async (): Promise<number> => {
    for (let i = 0; i < 50; i++) {
      const port = 20_000 + 2 * Math.floor(Math.random() * 20_000);
      if (taken.has(port) || !(await udpFree(host, port)) || !(await udpFree(host, port + 1))) continue;
      taken.add(port);
      return port;
    }
    throw new Error('no free UDP port pair for the egress');
  };
  return { video: await pick(), audio: await pick() };
}

const udpFree = (host: string, port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const s = dgram.createSocket('udp4');
    s.once('error', () => resolve(false));
    s.bind(port, host, () => s.close(() => resolve(true)));
  });

/**
 * ffmpeg reading UDP never notices its parent is gone: started through util-linux `setpriv
 * --pdeathsig KILL` when there is one, so the kernel ends it with the server (a killed instance
 * leaves no egress behind on its machine).
 */
const SETPRIV = '/usr/bin/setpriv';
const useSetpriv = fs.existsSync(SETPRIV);

export function spawnFfmpeg(program: string, args: string[]): ChildProcess {
  return useSetpriv
    ? spawn(SETPRIV, ['--pdeathsig', 'KILL', '--', program, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    : spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
}
