/**
 * SRTP protection and the UDP send of the forwarding fast path (forward.ts): RFC 7714 AEAD_AES_128_GCM
 * (what werift and Chrome agree on first) and RFC 3711 AES_CM_128_HMAC_SHA1_80, keyed from the viewer's
 * DTLS transport, sent straight to the nominated ICE pair's socket. werift's own path (`sendRtp`)
 * builds a header object, serializes it, and chains three promises per packet; this takes the header
 * bytes as they are and sends header, ciphertext and tag as one datagram without copying them together.
 */
import { createCipheriv, createHmac } from 'node:crypto';
import type { Socket } from 'node:dgram';

const PROFILE_AES_CM_HMAC_SHA1_80 = 0x0001;
const PROFILE_AEAD_AES_128_GCM = 0x0007;

/** The parts of werift's RTCDtlsTransport this reads (werift 0.24.4; pinned in package.json). */
export interface DtlsLike {
  state: string;
  srtp?: {
    localContext: { profile: number; srtpSessionKey: Buffer; srtpSessionSalt: Buffer; srtpSessionAuthTag: Buffer };
  };
  iceTransport: {
    connection: {
      canSendApplicationData(): boolean;
      nominated?: { protocol: { transport?: { socket?: Socket; closed?: boolean } }; remoteAddr: [string, number] };
      send(data: Buffer): Promise<void>;
    };
  };
}

/** One direction's keys, taken from the transport's SRTP session (rebuilt when DTLS makes a new one). */
export class SrtpOut {
  private session: unknown;
  private gcm = true;
  private key: Buffer = Buffer.alloc(16);
  private salt: Buffer = Buffer.alloc(14);
  private authKey: Buffer = Buffer.alloc(20);
  private readonly iv = Buffer.alloc(16);
  private readonly rocBytes = Buffer.alloc(4);

  private dtls: DtlsLike | undefined;

  /** `transport` gives the sender's DTLS transport now (werift may give a sender another one, e.g. when bundling). */
  constructor(private readonly transport: () => DtlsLike | undefined) {}

  /** False until DTLS is connected with a profile this knows. */
  ready(): boolean {
    const dtls = this.transport();
    this.dtls = dtls;
    const srtp = dtls?.srtp;
    if (dtls?.state !== 'connected' || !srtp) return false;
    if (srtp !== this.session) {
      const ctx = srtp.localContext;
      if (ctx.profile !== PROFILE_AEAD_AES_128_GCM && ctx.profile !== PROFILE_AES_CM_HMAC_SHA1_80) return false;
      this.session = srtp;
      this.gcm = ctx.profile === PROFILE_AEAD_AES_128_GCM;
      this.key = ctx.srtpSessionKey;
      this.salt = ctx.srtpSessionSalt;
      this.authKey = ctx.srtpSessionAuthTag;
    }
    return true;
  }

  /**
   * Protects one packet (`header` is its serialized RTP header, `roc` the rollover counter of its
   * sequence number) and sends it. Call ready() first.
   */
  send(header: Buffer, payload: Uint8Array, ssrc: number, seq: number, roc: number): void {
    const iv = this.iv;
    iv.fill(0);
    let body: Buffer;
    let tag: Buffer;
    if (this.gcm) {
      // RFC 7714 §8.1: 00 00 | SSRC | ROC | SEQ, XOR the 12-byte salt.
      iv.writeUInt32BE(ssrc, 2);
      iv.writeUInt32BE(roc, 6);
      iv.writeUInt16BE(seq, 10);
      for (let i = 0; i < 12; i++) iv[i]! ^= this.salt[i]!;
      const cipher = createCipheriv('aes-128-gcm', this.key, iv.subarray(0, 12));
      cipher.setAAD(header);
      body = cipher.update(payload);
      cipher.final();
      tag = cipher.getAuthTag();
    } else {
      // RFC 3711 §4.1.1: counter = salt XOR (SSRC << 64 | index << 16); tag = HMAC-SHA1(header | body | ROC), 80 bits.
      iv.writeUInt32BE(ssrc, 4);
      iv.writeUInt32BE(roc, 8);
      iv.writeUInt16BE(seq, 12);
      for (let i = 0; i < 14; i++) iv[i]! ^= this.salt[i]!;
      body = createCipheriv('aes-128-ctr', this.key, iv).update(payload);
      this.rocBytes.writeUInt32BE(roc, 0);
      tag = createHmac('sha1', this.authKey).update(header).update(body).update(this.rocBytes).digest().subarray(0, 10);
    }
    this.write(header, body, tag);
  }

  private write(header: Buffer, body: Buffer, tag: Buffer): void {
    const conn = this.dtls!.iceTransport.connection;
    // RFC 7675: no application data without fresh consent (werift's own send checks the same).
    if (!conn.canSendApplicationData()) return;
    const pair = conn.nominated!;
    const transport = pair.protocol.transport;
    const socket = transport?.socket;
    if (socket && !transport.closed) {
      const [host, port] = pair.remoteAddr;
      try {
        socket.send([header, body, tag], port, host);
      } catch {
        // The socket closed under a session that is ending: its packets have nowhere to go.
      }
    } else {
      // A TCP or TURN pair: werift's transport frames it.
      void conn.send(Buffer.concat([header, body, tag])).catch(() => {});
    }
  }
}
