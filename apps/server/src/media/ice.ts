/**
 * Trickle ICE and ICE restarts over HTTP PATCH (RFC 9725 §4.3, fragments per RFC 8840): the body is
 * an `application/trickle-ice-sdpfrag`. Same ufrag: new remote candidates (204). A new ufrag and
 * password: an ICE restart, answered (200) with the server's new ufrag, password and candidates;
 * the DTLS session, the seat and every viewer stay as they were.
 */
import { randomBytes } from 'node:crypto';
import type { RTCIceTransport, RTCPeerConnection } from 'werift';
import { keepForwardable } from './codecs.js';
import { MediaError, MediaErrorCode } from './errors.js';

export const SDPFRAG = 'application/trickle-ice-sdpfrag';

/** What a PATCH body says. */
export interface SdpFrag {
  ufrag: string | undefined;
  pwd: string | undefined;
  candidates: { mid: string | undefined; candidate: string }[];
  endOfCandidates: boolean;
}

/** The negotiation state of one session that PATCH needs: the offer in force and its entity tag. */
export interface IceSession {
  readonly pc: RTCPeerConnection;
  offerSdp: string;
  etag: string;
}

export const newEtag = (): string => `"${randomBytes(8).toString('hex')}"`;

/** Parses a trickle-ice-sdpfrag body; anything but SDP attribute and media lines is a 400. */
export function parseSdpFrag(text: string): SdpFrag {
  const frag: SdpFrag = { ufrag: undefined, pwd: undefined, candidates: [], endOfCandidates: false };
  let mid: string | undefined;
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 0) throw badFrag('the body is empty');
  for (const line of lines) {
    if (!/^[a-z]=/.test(line)) throw badFrag(`"${line.slice(0, 40)}" is not an SDP line`);
    if (line.startsWith('m=')) mid = undefined;
    else if (line.startsWith('a=mid:')) mid = line.slice(6).trim();
    else if (line.startsWith('a=ice-ufrag:')) frag.ufrag = line.slice(12).trim();
    else if (line.startsWith('a=ice-pwd:')) frag.pwd = line.slice(10).trim();
    else if (line.startsWith('a=candidate:')) frag.candidates.push({ mid, candidate: line.slice(2).trim() });
    else if (line.startsWith('a=end-of-candidates')) frag.endOfCandidates = true;
  }
  if (frag.candidates.length === 0 && !frag.endOfCandidates && !(frag.ufrag && frag.pwd)) {
    throw badFrag('it carries no candidate, no end-of-candidates and no new ICE credentials');
  }
  return frag;
}

const badFrag = (why: string) => new MediaError(MediaErrorCode.BAD_SDP, `not a trickle ICE fragment: ${why}`);

export const ufragOf = (sdp: string): string | undefined => /^a=ice-ufrag:(\S+)/m.exec(sdp)?.[1];
/** The ufrags each session restarted away from. */
const retired = new WeakMap<IceSession, Set<string>>();

/**
 * Applies a PATCH to a session. Returns the answer fragment for an ICE restart, or undefined for
 * trickled candidates. `ifMatch` is the request's If-Match: a stale entity tag is a 412.
 */
export async function patchIce(s: IceSession, frag: SdpFrag, ifMatch: string | undefined, waitMs: number): Promise<string | undefined> {
  if (ifMatch !== undefined && ifMatch.trim() !== '*' && ifMatch.trim() !== s.etag) {
    throw new MediaError(MediaErrorCode.PRECONDITION_FAILED, 'If-Match names an older state of this session (after an ICE restart?)');
  }
  const current = ufragOf(s.offerSdp);
  if (frag.ufrag !== undefined && retired.get(s)?.has(frag.ufrag)) {
    // Candidates of an earlier generation, arriving after a restart: not a restart back to it.
    throw new MediaError(MediaErrorCode.PRECONDITION_FAILED, 'the fragment names an ICE generation this session restarted away from');
  }
  if (frag.ufrag !== undefined && frag.ufrag !== current) {
    if (!frag.pwd) throw badFrag('a new ice-ufrag (an ICE restart) needs its ice-pwd');
    return restart(s, frag, waitMs);
  }
  await addCandidates(s, frag);
  return undefined;
}

async function addCandidates(s: IceSession, frag: SdpFrag): Promise<void> {
  const firstMid = /^a=mid:(\S+)/m.exec(s.offerSdp)?.[1];
  for (const c of frag.candidates) {
    try {
      await s.pc.addIceCandidate({ candidate: c.candidate, sdpMid: c.mid ?? firstMid });
    } catch (err) {
      throw badFrag(`candidate refused (${(err as Error).message}): ${c.candidate.slice(0, 80)}`);
    }
  }
  if (frag.endOfCandidates) await s.pc.addIceCandidate({ candidate: '', sdpMid: firstMid }).catch(() => {});
}

/**
 * An ICE restart: the offer in force with the client's new credentials and candidates, applied
 * again (werift restarts its ICE agent on a new remote ufrag and keeps DTLS); the new local
 * credentials and candidates answer it.
 */
async function restart(s: IceSession, frag: SdpFrag, waitMs: number): Promise<string> {
  const offer = restartedOffer(s.offerSdp, frag);
  try {
    await s.pc.setRemoteDescription({ type: 'offer', sdp: offer });
  } catch (err) {
    throw new MediaError(MediaErrorCode.BAD_SDP, `the ICE restart was refused: ${(err as Error).message}`);
  }
  keepForwardable(s.pc.getTransceivers());
  // werift gathers again only when no transport looks connected, and the old agent's last check
  // can mark it so after the restart: gather here (a no-op when werift did).
  await Promise.all(s.pc.iceTransports.map((t) => t.gather()));
  await s.pc.setLocalDescription(await s.pc.createAnswer());
  // werift's connect() returns early while DTLS is up, so the restarted agent would never check:
  // start it here (DTLS and SRTP carry on over the new pair).
  for (const t of s.pc.iceTransports) startWhenCheckable(t, performance.now() + waitMs);
  const local = s.pc.localDescription?.sdp;
  if (!local) throw new Error('werift produced no local description');
  const old = ufragOf(s.offerSdp);
  if (old) retired.set(s, (retired.get(s) ?? new Set()).add(old));
  s.offerSdp = offer;
  s.etag = newEtag();
  return answerFrag(local);
}

/**
 * Starts a restarted agent once it has a pair to check: a remote candidate (browsers' mDNS names
 * resolve later) or the client's first check. werift fails at once on an empty check list, and a
 * failed agent fails the session.
 */
function startWhenCheckable(t: RTCIceTransport, deadline: number): void {
  const pending = t.connection as unknown as { remoteCandidates: unknown[]; earlyChecks?: unknown[] };
  const tick = (): void => {
    if (t.state === 'closed' || t.state === 'connected' || t.state === 'checking') return;
    if (pending.remoteCandidates.length > 0 || (pending.earlyChecks?.length ?? 0) > 0) {
      void t.start().catch(() => {}); // a failure shows as the session's connection state
    } else if (performance.now() < deadline) {
      setTimeout(tick, 50).unref();
    }
  };
  tick();
}

/** The offer with new ICE credentials everywhere and the fragment's candidates in place of the old ones. */
export function restartedOffer(offer: string, frag: SdpFrag): string {
  const eol = offer.includes('\r\n') ? '\r\n' : '\n';
  const out: string[] = [];
  let mid: string | undefined;
  const firstMid = /^a=mid:(\S+)/m.exec(offer)?.[1];
  for (const line of offer.split(/\r?\n/)) {
    if (line === '') continue;
    if (line.startsWith('a=candidate:') || line.startsWith('a=end-of-candidates')) continue;
    if (line.startsWith('a=ice-ufrag:')) out.push(`a=ice-ufrag:${frag.ufrag}`);
    else if (line.startsWith('a=ice-pwd:')) out.push(`a=ice-pwd:${frag.pwd}`);
    else out.push(line);
    if (line.startsWith('a=mid:')) {
      mid = line.slice(6).trim();
      for (const c of frag.candidates) if ((c.mid ?? firstMid) === mid) out.push(`a=${c.candidate}`);
      if (frag.endOfCandidates) out.push('a=end-of-candidates');
    }
  }
  return out.join(eol) + eol;
}

/** The ICE part of an answer as a fragment: the bundle group, and the first section's mid, credentials and candidates. */
export function answerFrag(sdp: string): string {
  const lines = sdp.split(/\r?\n/);
  const group = lines.find((l) => l.startsWith('a=group:BUNDLE'));
  const start = lines.findIndex((l) => l.startsWith('m='));
  const end = lines.findIndex((l, i) => i > start && l.startsWith('m='));
  const section = lines.slice(start, end === -1 ? undefined : end);
  const pick = (p: string) => section.filter((l) => l.startsWith(p));
  const ufrag = pick('a=ice-ufrag:')[0] ?? lines.find((l) => l.startsWith('a=ice-ufrag:'));
  const pwd = pick('a=ice-pwd:')[0] ?? lines.find((l) => l.startsWith('a=ice-pwd:'));
  const out = [
    ...(group ? [group] : []),
    section[0]!,
    ...pick('a=mid:'),
    ...(ufrag ? [ufrag] : []),
    ...(pwd ? [pwd] : []),
    ...pick('a=candidate:'),
    'a=end-of-candidates',
  ];
  return out.join('\r\n') + '\r\n';
}
