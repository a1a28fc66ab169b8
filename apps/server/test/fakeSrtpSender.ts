/**
 * A werift sender as the forwarding fast path sees it (lane.ts, srtpOut.ts), with a real SRTP
 * session: every datagram the lane sends is captured and decrypted with the matching remote session,
 * as the viewer's browser would.
 */
import { randomBytes } from 'node:crypto';
import { Event, RtpPacket, SrtpSession, type RTCRtpCodecParameters, type RTCRtpTransceiver } from 'werift';

export function fakeSrtpSender(opts: { profile: number; state?: string; codecs: RTCRtpCodecParameters[] }) {
  const key = randomBytes(16);
  const salt = randomBytes(opts.profile === 7 ? 12 : 14);
  const other = { key: randomBytes(16), salt: randomBytes(opts.profile === 7 ? 12 : 14) };
  // The SFU's local keys are the viewer's remote keys.
  const sfu = new SrtpSession({
    keys: { localMasterKey: key, localMasterSalt: salt, remoteMasterKey: other.key, remoteMasterSalt: other.salt },
    profile: opts.profile,
  });
  const viewer = new SrtpSession({
    keys: { localMasterKey: other.key, localMasterSalt: other.salt, remoteMasterKey: key, remoteMasterSalt: salt },
    profile: opts.profile,
  });
  const received: RtpPacket[] = [];
  const socket = {
    send(list: Buffer[]) {
      received.push(RtpPacket.deSerialize(viewer.decrypt(Buffer.concat(list))));
    },
  };
  const sender = {
    ssrc: 0x1234_5678,
    mid: '1',
    headerExtensions: [
      { uri: 'urn:ietf:params:rtp-hdrext:sdes:mid', id: 1 },
      { uri: 'http://www.webrtc.org/experiments/rtp-hdrext/abs-send-time', id: 3 },
    ],
    codec: opts.codecs[0],
    dtlsTransport: {
      state: opts.state ?? 'connected',
      srtp: sfu,
      iceTransport: {
        connection: {
          canSendApplicationData: () => true,
          nominated: { protocol: { transport: { socket, closed: false } }, remoteAddr: ['127.0.0.1', 9] },
          send: async () => {},
        },
      },
    },
    ntpTimestamp: 0n,
    rtpTimestamp: 0,
    packetCount: 0,
    octetCount: 0,
    onGenericNack: new Event<[{ lost: number[] }]>(),
    rtcpRuns: 0,
    async runRtcp() {
      this.rtcpRuns++;
    },
  };
  const transceiver = { sender, codecs: opts.codecs } as unknown as RTCRtpTransceiver;
  return { sender, transceiver, received };
}
