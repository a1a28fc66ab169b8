import { PATHS } from '../../app/paths';
import { go } from '../../lib/nav';
import { newClientId } from '../queries/chatOutbox';
import { getSession } from '../session';
import { CallSession } from './callSession';
import { hall, listenCalls } from './hall';

/** The app's one call session: hall signalling, the browser's camera, a peer connection. */
export const callSession = new CallSession({
  send: (p) => hall.callSignal(p),
  getUserMedia: (c) => navigator.mediaDevices.getUserMedia(c),
  // Peer to peer; host candidates reach on the same network, a STUN/TURN server is configuration for later.
  createPeer: () => new RTCPeerConnection({ iceServers: [] }),
  newCallId: newClientId,
  onIncoming: (peerId) => go(`${PATHS.chatVideo}?uid=${peerId}`),
});

listenCalls((ev) => callSession.handle(ev, getSession().userInfo?.id ?? 0));
