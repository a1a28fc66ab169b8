/**
 * werift peer connections as the SFU makes them: one codec list for publishers and viewers, and
 * answering with every candidate in the answer (one round trip; trickle and ICE restarts are ice.ts).
 */
import { RTCPeerConnection, useAbsSendTime, useSdesMid, type RTCPeerConnectionConfig } from 'werift';
import { keepForwardable, localCodecs, noCommonCodec } from './codecs.js';
import type { MediaConfig } from './config.js';
import { MediaError, MediaErrorCode } from './errors.js';

/**
 * H.264 + VP8 + Opus (codecs.ts), the same list on both sides: werift can then rewrite SSRC,
 * payload type and sequence numbers per viewer without transcoding. No transport-cc anywhere: with
 * it on ingest Chrome's bandwidth estimate collapsed to 30–100 kbps in 3 of 5 runs (werift 0.24.4);
 * REMB and loss-based estimation held 640×360 at ~800 kbps.
 */
function peerConfig(cfg: MediaConfig): RTCPeerConnectionConfig {
  return {
    codecs: localCodecs(),
    // mid for demultiplexing; abs-send-time lets Chrome viewers estimate bandwidth (REMB) cheaply.
    headerExtensions: { video: [useSdesMid(), useAbsSendTime()], audio: [useSdesMid()] },
    // Closed network: no STUN server (werift's default is Google's); host candidates only.
    iceServers: [],
    iceUseIpv6: false,
    iceInterfaceAddresses: { udp4: cfg.interfaceAddress },
    ...hostCandidates(cfg),
    icePortRange: cfg.portRange,
  };
}

/**
 * Host candidates only at addresses media is really reached at: the announced one, and the bound one
 * unless it is every interface. werift lists every interface's address when the bound one is not
 * among them (127.0.0.1 never is), so enumerating interfaces is left to a bind to 0.0.0.0.
 */
function hostCandidates(cfg: MediaConfig): Pick<RTCPeerConnectionConfig, 'iceUseIpv4' | 'iceAdditionalHostAddresses'> {
  const all = cfg.interfaceAddress === '0.0.0.0';
  return {
    iceUseIpv4: all,
    iceAdditionalHostAddresses: [...new Set([cfg.announcedAddress, ...(all ? [] : [cfg.interfaceAddress])])],
  };
}

export function createPeer(cfg: MediaConfig): RTCPeerConnection {
  return new RTCPeerConnection(peerConfig(cfg));
}

/** Cheap shape check before werift's parser, which throws odd TypeErrors (or accepts junk). */
export function assertOfferShape(sdp: string): void {
  if (typeof sdp !== 'string' || !sdp.startsWith('v=0') || !/\r?\nm=(audio|video) /.test(sdp)) {
    throw new MediaError(MediaErrorCode.BAD_SDP, 'the body is not an SDP offer with an audio or video section');
  }
  if (!/\r?\na=ice-ufrag:/.test(sdp) || !/\r?\na=fingerprint:/.test(sdp)) {
    throw new MediaError(MediaErrorCode.BAD_SDP, 'the SDP offer has no ICE credentials or DTLS fingerprint');
  }
}

/** Applies the remote offer and keeps only the codecs the SFU forwards; parse failures become 400s, not 500s. */
export async function applyOffer(pc: RTCPeerConnection, sdp: string): Promise<void> {
  assertOfferShape(sdp);
  try {
    await pc.setRemoteDescription({ type: 'offer', sdp });
  } catch (err) {
    const msg = (err as Error).message;
    // werift's words for "no codec of this section has a MIME type we know".
    if (/negotiate codecs failed/.test(msg)) throw new MediaError(MediaErrorCode.BAD_SDP, `${noCommonCodec(failedKind(sdp))}`);
    throw new MediaError(MediaErrorCode.BAD_SDP, `the SDP offer was refused: ${msg}`);
  }
  keepForwardable(pc.getTransceivers());
}

/** The kind of the first media section with no codec werift knows (for the refusal's message). */
function failedKind(sdp: string): string {
  for (const section of sdp.split(/\r?\nm=/).slice(1)) {
    const kind = section.startsWith('audio') ? 'audio' : 'video';
    const names = [...section.matchAll(/^a=rtpmap:\d+ ([^/\s]+)/gm)].map((m) => m[1]!.toLowerCase());
    if (!names.some((n) => (kind === 'audio' ? n === 'opus' : n === 'h264' || n === 'vp8'))) return kind;
  }
  return 'video';
}

/** Creates and applies the answer; werift resolves setLocalDescription after gathering, so it is complete. */
export async function completeAnswer(pc: RTCPeerConnection): Promise<string> {
  let answer;
  try {
    answer = await pc.createAnswer();
  } catch (err) {
    throw new MediaError(MediaErrorCode.BAD_SDP, `no answer to this offer: ${(err as Error).message}`);
  }
  await pc.setLocalDescription(answer);
  const sdp = pc.localDescription?.sdp;
  if (!sdp) throw new Error('werift produced no local description');
  return sdp;
}

/** True when a media section of the SDP kept a codec (port not 0, a payload type listed). */
export function hasNegotiatedMedia(sdp: string, kind?: 'audio' | 'video'): boolean {
  const re = kind ? new RegExp(`^m=${kind} (\\d+) \\S+ (.*)$`, 'gm') : /^m=(?:audio|video) (\d+) \S+ (.*)$/gm;
  for (const m of sdp.matchAll(re)) {
    if (m[1] !== '0' && (m[2] ?? '').trim() !== '') return true;
  }
  return false;
}
