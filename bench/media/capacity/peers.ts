/**
 * werift peers of the capacity bench: the anchor publishing recorded RTP over WHIP, and viewers
 * playing over WHEP that count the RTP packets they receive (after SRTP, as a browser would).
 */
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, useNACK, usePLI, useREMB } from 'werift';

const ICE = {
  iceServers: [],
  iceUseIpv6: false,
  iceInterfaceAddresses: { udp4: '127.0.0.1' },
  iceAdditionalHostAddresses: ['127.0.0.1'],
  bundlePolicy: 'max-bundle' as const,
};
const CODECS = {
  video: [new RTCRtpCodecParameters({ mimeType: 'video/VP8', clockRate: 90000, rtcpFeedback: [useNACK(), usePLI(), useREMB()] })],
  audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
};

export async function negotiate(pc: RTCPeerConnection, url: string, token: string): Promise<void> {
  await pc.setLocalDescription(await pc.createOffer());
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/sdp', authorization: `Bearer ${token}` },
    body: pc.localDescription!.sdp,
  });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
  await new Promise<void>((resolve, reject) => {
    if (pc.connectionState === 'connected') return resolve();
    const t = setTimeout(() => reject(new Error('peer did not connect in 8 s')), 8000);
    pc.connectionStateChange.subscribe((s) => {
      if (s === 'connected') {
        clearTimeout(t);
        resolve();
      }
    });
  });
}

export class Publisher {
  readonly video = new MediaStreamTrack({ kind: 'video' });
  readonly audio = new MediaStreamTrack({ kind: 'audio' });
  private readonly pc = new RTCPeerConnection({ ...ICE, codecs: CODECS });

  async connect(base: string, room: string): Promise<void> {
    this.pc.addTransceiver(this.video, { direction: 'sendonly' });
    this.pc.addTransceiver(this.audio, { direction: 'sendonly' });
    await negotiate(this.pc, `${base}/api/media/whip/${room}/anchor`, 'user:anchor');
  }

  write(kind: 'video' | 'audio', buf: Buffer): void {
    (kind === 'video' ? this.video : this.audio).writeRtp(buf);
  }

  close(): Promise<void> {
    return this.pc.close();
  }
}

export class Viewer {
  received = 0;
  private readonly pc = new RTCPeerConnection({ ...ICE, codecs: CODECS });

  async connect(base: string, room: string, id: number): Promise<void> {
    this.pc.addTransceiver('audio', { direction: 'recvonly' });
    this.pc.addTransceiver('video', { direction: 'recvonly' });
    this.pc.ontrack = ({ track }) => {
      track.onReceiveRtp.subscribe(() => {
        this.received++;
      });
    };
    await negotiate(this.pc, `${base}/api/media/whep/${room}`, `user:v${id}`);
  }

  close(): Promise<void> {
    return this.pc.close();
  }
}
