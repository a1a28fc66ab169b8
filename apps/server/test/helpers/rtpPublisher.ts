/**
 * A test anchor without a browser: ffmpeg encodes a test pattern and a tone (H.264 or VP8, and Opus)
 * to plain RTP on loopback; a werift peer connection sends those packets into the SFU's seat through
 * `sfu.publish`, as a WHIP publisher would. ffmpeg sends a keyframe every second (it cannot answer PLI),
 * H.264 with its SPS and PPS in front of each, as browsers and OBS do (a reader that starts late needs them).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, useNACK, usePLI } from 'werift';
import type { MediaEngine } from '../../src/media/engine.js';

export interface TestPublisher {
  stop(): Promise<void>;
}

/** `source`: an ffmpeg lavfi video source (a noisy one makes a realistic bitrate for benches); `bitrate`: the video's; `seatId`: the anchor's by default (a co-host's: `seat-1`…). */
export async function publishTestStream(
  sfu: Pick<MediaEngine, 'publish'>,
  roomId: number,
  userId: number,
  codec: 'h264' | 'vp8',
  opts: { source?: string; bitrate?: string; seatId?: string } = {},
): Promise<TestPublisher> {
  const sockets: dgram.Socket[] = [];
  const listen = (track: MediaStreamTrack) =>
    new Promise<number>((resolve) => {
      const sock = dgram.createSocket('udp4');
      sockets.push(sock);
      sock.on('message', (buf) => buf.length >= 12 && track.writeRtp(buf));
      sock.bind(0, '127.0.0.1', () => resolve(sock.address().port));
    });
  const video = new MediaStreamTrack({ kind: 'video' });
  const audio = new MediaStreamTrack({ kind: 'audio' });
  const [vPort, aPort] = await Promise.all([listen(video), listen(audio)]);
  const videoCodec =
    codec === 'h264'
      ? new RTCRtpCodecParameters({
          mimeType: 'video/H264',
          clockRate: 90000,
          rtcpFeedback: [useNACK(), usePLI()],
          parameters: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
        })
      : new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, rtcpFeedback: [useNACK(), usePLI()] });
  const pc = new RTCPeerConnection({
    codecs: { video: [videoCodec], audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })] },
    iceServers: [],
    iceUseIpv6: false,
    iceInterfaceAddresses: { udp4: '127.0.0.1' },
    iceAdditionalHostAddresses: ['127.0.0.1'],
    bundlePolicy: 'max-bundle',
  });
  pc.addTransceiver(video, { direction: 'sendonly' });
  pc.addTransceiver(audio, { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  const { answerSdp } = await sfu.publish(String(roomId), opts.seatId ?? 'anchor', pc.localDescription!.sdp, { userId: String(userId), replace: true });
  await pc.setRemoteDescription({ type: 'answer', sdp: answerSdp });
  await new Promise<void>((resolve) => pc.connectionStateChange.subscribe((s) => s === 'connected' && resolve()));
  const enc =
    codec === 'h264'
      ? [
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
          '-tune',
          'zerolatency',
          '-profile:v',
          'baseline',
          '-pix_fmt',
          'yuv420p',
          '-g',
          '20',
          '-b:v',
          opts.bitrate ?? '400k',
          '-bsf:v',
          'dump_extra',
        ]
      : ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '16', '-b:v', opts.bitrate ?? '400k', '-g', '20', '-auto-alt-ref', '0'];
  const ffmpeg: ChildProcess = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re'],
      ...['-f', 'lavfi', '-i', opts.source ?? 'testsrc2=size=640x360:rate=20', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-map', '0:v', ...enc, '-f', 'rtp', '-payload_type', '96', `rtp://127.0.0.1:${vPort}?pkt_size=1200`],
      ...['-map', '1:a', '-c:a', 'libopus', '-b:a', '32k', '-ac', '2', '-f', 'rtp', '-payload_type', '111', `rtp://127.0.0.1:${aPort}?pkt_size=1200`],
    ],
    { stdio: 'ignore' },
  );
  return {
    async stop() {
      if (ffmpeg.exitCode === null && ffmpeg.signalCode === null) {
        const gone = new Promise((r) => ffmpeg.once('exit', r));
        ffmpeg.kill('SIGKILL');
        await gone;
      }
      for (const s of sockets.splice(0)) s.close();
      // werift's close waits on its transports' shutdown, which can stall when the other side is gone: bounded.
      await Promise.race([pc.close().catch(() => {}), new Promise((r) => setTimeout(r, 5000).unref())]);
    },
  };
}
