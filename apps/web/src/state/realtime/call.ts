import { PATHS } from '../../lib/paths';
import { call } from '../../lib/api';
import { go } from '../../lib/nav';
import { newClientId } from '../queries/chatOutbox';
import { getSession } from '../session';
import { CallSession } from './callSession';
import { hall, listenCalls } from './hall';

/** Credentials are asked again this long before the server says they expire. */
const ICE_MARGIN_MS = 5 * 60_000;
let ice: { userId: number; servers: RTCIceServer[]; until: number } | null = null;

/**
 * The call's STUN/TURN servers (chat/call/ice), kept until shortly before their TURN credentials
 * expire; they are the signed-in user's own, so another user asks again.
 */
async function iceServers(): Promise<RTCIceServer[]> {
  const userId = getSession().userInfo?.id ?? 0;
  if (ice && ice.userId === userId && Date.now() < ice.until) return ice.servers;
  const r = await call('callIce', undefined, { silent: true });
  const servers = r.ice_servers.map((s) => ({
    urls: s.urls,
    ...(s.username ? { username: s.username } : {}),
    ...(s.credential ? { credential: s.credential } : {}),
  }));
  const until = r.expires_at ? Date.parse(r.expires_at) - ICE_MARGIN_MS : Number.POSITIVE_INFINITY;
  ice = { userId, servers, until };
  return servers;
}

/** The app's one call session: hall signalling, the browser's camera, a peer connection. */
export const callSession = new CallSession({
  send: (p) => hall.callSignal(p),
  getUserMedia: (c) => navigator.mediaDevices.getUserMedia(c),
  // Peer to peer: host candidates on one network, STUN/TURN from the server's CALL_* settings otherwise.
  createPeer: (iceServers) => new RTCPeerConnection({ iceServers }),
  iceServers,
  newCallId: newClientId,
  onIncoming: (peerId) => go(`${PATHS.chatVideo}?uid=${peerId}`),
});

listenCalls((ev) => callSession.handle(ev, getSession().userInfo?.id ?? 0));
