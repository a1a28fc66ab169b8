/**
 * Trickle ICE and ICE restarts through PATCH (RFC 9725 §4.3) on the Janus engine. Candidates with
 * the session's ufrag are trickled to the session's Janus handle (204). A new ufrag and password
 * is an ICE restart (200 + the answer fragment, a new ETag), done the way Janus knows:
 * - a publisher: its offer in force, with the client's new credentials and candidates, sent again
 *   as a VideoRoom `configure` renegotiation; Janus restarts its agent and answers with new
 *   credentials;
 * - a viewer (Janus is the subscriber's offerer): `configure` with `restart: true` (a mountpoint's
 *   viewer: `watch` with `restart: true`); Janus's new
 *   offer (new credentials) is answered for Janus from the client's restarted offer (the bridge of
 *   sdp.ts), and the client gets Janus's new credentials and candidates.
 * The session, its seat, its viewers and their DTLS stay as they were.
 */
import type { StreamingHandle } from 'janode/plugins/streaming';
import type { VideoRoomHandle } from 'janode/plugins/videoroom';
import { MediaError, MediaErrorCode } from '../errors.js';
import { newEtag, restartedOffer, ufragOf, type SdpFrag } from '../ice.js';
import { attr, parseSdp } from './sdp.js';

/** What a PATCH needs of a Janus session. */
export interface JanusIceSession {
  kind: 'publisher' | 'viewer';
  handle: VideoRoomHandle | StreamingHandle;
  /** A viewer fed by a mountpoint (janusMounts.ts) restarts by watching it again. */
  mount?: { id: number; pin: string } | undefined;
  /** The client's offer in force (a publisher's as sent to Janus). */
  offerSdp: string;
  /** Janus's side in force: a publisher's answer, a viewer's subscriber offer (credentials, candidates). */
  janusSdp: string;
  etag: string;
  /** Client ufrags this session restarted away from: their late candidates are a 412, never a restart back. */
  retiredUfrags: Set<string>;
}

interface RawReply {
  jsep?: { type: string; sdp: string };
  plugindata?: { data?: { error?: string; error_code?: number } };
}

const badFrag = (why: string) => new MediaError(MediaErrorCode.BAD_SDP, `not a trickle ICE fragment: ${why}`);

/**
 * Applies a PATCH to a Janus session. Returns the answer fragment of an ICE restart, or undefined
 * for trickled candidates. `answerViewer(clientOffer, janusOffer)` is Janus's answer for a viewer.
 */
export async function patchJanusIce(
  s: JanusIceSession,
  frag: SdpFrag,
  ifMatch: string | undefined,
  answerViewer: (clientOffer: string, janusOffer: string) => string,
): Promise<{ answerFrag: string; etag: string } | undefined> {
  if (ifMatch !== undefined && ifMatch.trim() !== '*' && ifMatch.trim() !== s.etag) {
    throw new MediaError(MediaErrorCode.PRECONDITION_FAILED, 'If-Match names an older state of this session (after an ICE restart?)');
  }
  if (frag.ufrag !== undefined && s.retiredUfrags.has(frag.ufrag)) {
    throw new MediaError(MediaErrorCode.PRECONDITION_FAILED, 'the fragment names an ICE generation this session restarted away from');
  }
  if (frag.ufrag !== undefined && frag.ufrag !== ufragOf(s.offerSdp)) {
    if (!frag.pwd) throw badFrag('a new ice-ufrag (an ICE restart) needs its ice-pwd');
    return restart(s, frag, answerViewer);
  }
  for (const c of frag.candidates) await s.handle.trickle({ candidate: c.candidate, sdpMLineIndex: 0 }).catch(() => {});
  if (frag.endOfCandidates) await s.handle.trickle(null).catch(() => {});
  return undefined;
}

async function restart(
  s: JanusIceSession,
  frag: SdpFrag,
  answerViewer: (clientOffer: string, janusOffer: string) => string,
): Promise<{ answerFrag: string; etag: string }> {
  const offer = restartedOffer(s.offerSdp, frag);
  let janusSdp: string;
  if (s.kind === 'publisher') {
    const reply = (await s.handle.message({ request: 'configure' }, { type: 'offer', sdp: offer }).catch(refused)) as RawReply;
    janusSdp = sdpOf(reply, 'answer');
  } else {
    const request = s.mount ? { request: 'watch', id: s.mount.id, pin: s.mount.pin, restart: true } : { request: 'configure', restart: true };
    const reply = (await s.handle.message(request).catch(refused)) as RawReply;
    janusSdp = sdpOf(reply, 'offer');
    await s.handle.start({ jsep: { type: 'answer', sdp: answerViewer(offer, janusSdp) } }).catch(refused);
  }
  const old = ufragOf(s.offerSdp);
  if (old) s.retiredUfrags.add(old);
  const previous = s.janusSdp;
  s.offerSdp = offer;
  s.janusSdp = janusSdp;
  s.etag = newEtag();
  return { answerFrag: fragmentFor(offer, janusSdp, previous), etag: s.etag };
}

function sdpOf(reply: RawReply, type: 'offer' | 'answer'): string {
  const err = reply.plugindata?.data?.error;
  if (err) throw refused(new Error(err));
  if (reply.jsep?.type !== type || !reply.jsep.sdp) throw new MediaError(MediaErrorCode.BAD_SDP, `the ICE restart was refused: the media node sent no ${type}`);
  return reply.jsep.sdp;
}

function refused(err: unknown): never {
  throw new MediaError(
    MediaErrorCode.BAD_SDP,
    `the ICE restart was refused by the media node: ${(err instanceof Error ? err.message : String(err)).slice(0, 200)}`,
  );
}

/**
 * The answer fragment (RFC 8840) for the client: Janus's new credentials and candidates under the
 * client's first section (its m-line and mid). Janus keeps its candidates over a restart; if its
 * new SDP lists none, the previous ones still hold.
 */
function fragmentFor(clientOffer: string, janusSdp: string, previous: string): string {
  const j = parseSdp(janusSdp);
  const first = j.sections.find((x) => x.port !== 0) ?? j.sections[0];
  const ufrag = attr(j, first, 'ice-ufrag');
  const pwd = attr(j, first, 'ice-pwd');
  if (!ufrag || !pwd) throw new MediaError(MediaErrorCode.BAD_SDP, 'the ICE restart was refused: the media node sent no ICE credentials');
  const candidatesOf = (sdp: string) => sdp.split(/\r?\n/).filter((l, i, all) => l.startsWith('a=candidate:') && all.indexOf(l) === i);
  const candidates = candidatesOf(janusSdp).length > 0 ? candidatesOf(janusSdp) : candidatesOf(previous);
  const client = parseSdp(clientOffer).sections[0];
  return (
    [
      `a=ice-ufrag:${ufrag}`,
      `a=ice-pwd:${pwd}`,
      ...(client ? [client.lines[0]!, ...(client.mid !== undefined ? [`a=mid:${client.mid}`] : [])] : []),
      ...candidates,
      'a=end-of-candidates',
    ].join('\r\n') + '\r\n'
  );
}
