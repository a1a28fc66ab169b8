import { CALL_RING_MS, type CallEvent, type CallSignalInput, type ChatAck, type UserBrief } from '@app/contract';

/**
 * idle → outgoing (ringing them) | incoming (ringing me) → connecting (accepted, media negotiating)
 * → active (connected, the clock runs) → ended (shown a moment) → idle.
 */
export type CallPhase = 'idle' | 'outgoing' | 'incoming' | 'connecting' | 'active' | 'ended';
export type CallEndReason = 'hangup' | 'declined' | 'busy' | 'missed' | 'canceled' | 'failed' | 'refused' | 'answeredElsewhere';

export interface CallSnapshot {
  phase: CallPhase;
  callId: string;
  peerId: number;
  peer: UserBrief | null;
  /** When the call connected (ms), for the clock. */
  startedAt: number;
  muted: boolean;
  cameraOff: boolean;
  facing: 'user' | 'environment';
  local: MediaStream | null;
  remote: MediaStream | null;
  endReason: CallEndReason | null;
  /** The server's message when a signal was refused (not friends, blocked). */
  error: string;
  /** No STUN/TURN server was given (CALL_* settings unset): the call can connect on one network only. */
  hostOnly: boolean;
}

export interface CallDeps {
  send(p: CallSignalInput): Promise<ChatAck | null>;
  getUserMedia(c: MediaStreamConstraints): Promise<MediaStream>;
  createPeer(iceServers: RTCIceServer[]): RTCPeerConnection;
  /** STUN/TURN servers for this call (chat/call/ice); a failure means host candidates only. */
  iceServers?(): Promise<RTCIceServer[]>;
  newCallId(): string;
  /** Someone is calling: the app opens the call screen. */
  onIncoming(peerId: number): void;
  now?: () => number;
}

const IDLE: CallSnapshot = {
  phase: 'idle',
  callId: '',
  peerId: 0,
  peer: null,
  startedAt: 0,
  muted: false,
  cameraOff: false,
  facing: 'user',
  local: null,
  remote: null,
  endReason: null,
  error: '',
  hostOnly: false,
};

/** How long the "call ended" screen stays before the session is idle again. */
export const ENDED_LINGER_MS = 1500;

/** One one-to-one video call at a time: signalling through the hall, media peer to peer. */
export class CallSession {
  private snap: CallSnapshot = IDLE;
  private pc: RTCPeerConnection | null = null;
  private ring: ReturnType<typeof setTimeout> | null = null;
  private linger: ReturnType<typeof setTimeout> | null = null;
  private pendingIce: RTCIceCandidateInit[] = [];
  /** The ICE servers fetched with the camera, for this call's peer connection. */
  private ice: RTCIceServer[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(private readonly deps: CallDeps) {}

  getSnapshot = (): CallSnapshot => this.snap;
  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  private set(p: Partial<CallSnapshot>): void {
    this.snap = { ...this.snap, ...p };
    this.listeners.forEach((l) => l());
  }

  private get busy(): boolean {
    return this.snap.phase !== 'idle' && this.snap.phase !== 'ended';
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  /** Calls a friend: camera first (so a refused permission fails early), then the invite; rings 30 s. */
  async start(peerId: number, peer: UserBrief | null): Promise<void> {
    if (this.busy) return;
    this.clearLinger();
    const callId = this.deps.newCallId();
    this.set({ ...IDLE, phase: 'outgoing', callId, peerId, peer });
    try {
      await this.openMedia();
    } catch {
      return this.finish('failed');
    }
    if (this.snap.callId !== callId) return;
    const ack = await this.deps.send({ type: 'invite', call_id: callId, to_user_id: peerId });
    if (this.snap.callId !== callId) return;
    if (!ack || ack.code !== 200) {
      this.set({ error: ack?.msg ?? '' });
      return this.finish('refused');
    }
    this.ring = setTimeout(() => void this.endWith('missed'), CALL_RING_MS);
  }

  /** Answers the ringing call. */
  async accept(): Promise<void> {
    if (this.snap.phase !== 'incoming') return;
    const { callId, peerId } = this.snap;
    this.set({ phase: 'connecting' });
    try {
      await this.openMedia();
    } catch {
      await this.deps.send({ type: 'decline', call_id: callId, to_user_id: peerId });
      return this.finish('failed');
    }
    this.makePeer();
    await this.deps.send({ type: 'accept', call_id: callId, to_user_id: peerId });
  }

  async decline(): Promise<void> {
    if (this.snap.phase !== 'incoming') return;
    await this.deps.send({ type: 'decline', call_id: this.snap.callId, to_user_id: this.snap.peerId });
    this.finish('declined');
  }

  /** Hangs up whatever the phase: cancels an outgoing ring, declines an incoming one, ends a talk. */
  async hangup(): Promise<void> {
    if (this.snap.phase === 'incoming') return this.decline();
    if (this.snap.phase === 'outgoing') return this.endWith('canceled');
    if (this.snap.phase === 'connecting' || this.snap.phase === 'active') return this.endWith('ended');
  }

  toggleMute(): void {
    const muted = !this.snap.muted;
    this.snap.local?.getAudioTracks().forEach((t) => (t.enabled = !muted));
    this.set({ muted });
  }

  toggleCamera(): void {
    const cameraOff = !this.snap.cameraOff;
    this.snap.local?.getVideoTracks().forEach((t) => (t.enabled = !cameraOff));
    this.set({ cameraOff });
  }

  /** Front ↔ back camera: a new video track replaces the old one in the stream and the connection. */
  async switchCamera(): Promise<void> {
    const facing = this.snap.facing === 'user' ? 'environment' : 'user';
    const local = this.snap.local;
    if (!local) return;
    try {
      const fresh = await this.deps.getUserMedia({ video: { facingMode: facing }, audio: false });
      const track = fresh.getVideoTracks()[0];
      if (!track) return;
      const old = local.getVideoTracks()[0];
      await this.pc
        ?.getSenders()
        .find((s) => s.track?.kind === 'video')
        ?.replaceTrack(track);
      if (old) {
        local.removeTrack(old);
        old.stop();
      }
      track.enabled = !this.snap.cameraOff;
      local.addTrack(track);
      this.set({ facing, local: new MediaStream(local.getTracks()) });
    } catch {
      /* no second camera: keep the current one */
    }
  }

  /** A signal from the hall. */
  handle(ev: CallEvent, me: number): void {
    if (ev.from_user_id === me) {
      // My other device answered or declined: stop ringing here.
      if (this.snap.phase === 'incoming' && ev.call_id === this.snap.callId) this.finish('answeredElsewhere');
      return;
    }
    if (ev.type === 'invite') {
      if (this.busy) {
        void this.deps.send({ type: 'busy', call_id: ev.call_id, to_user_id: ev.from_user_id });
        return;
      }
      this.clearLinger();
      this.set({ ...IDLE, phase: 'incoming', callId: ev.call_id, peerId: ev.from_user_id, peer: ev.from ?? null });
      this.deps.onIncoming(ev.from_user_id);
      return;
    }
    if (ev.call_id !== this.snap.callId) return;
    switch (ev.type) {
      case 'accept':
        if (this.snap.phase === 'outgoing') void this.offer();
        break;
      case 'decline':
        this.finish('declined');
        break;
      case 'busy':
        this.finish('busy');
        break;
      case 'end':
        this.finish(ev.reason === 'ended' ? 'hangup' : ev.reason);
        break;
      case 'signal':
        void this.onSignal(ev);
        break;
    }
  }

  /** The camera, and meanwhile the ICE servers (needed only once the peer connection is made). */
  private async openMedia(): Promise<void> {
    const ice = this.deps.iceServers ? this.deps.iceServers().catch(() => []) : Promise.resolve([]);
    const [local, servers] = await Promise.all([this.deps.getUserMedia({ video: { facingMode: 'user' }, audio: true }), ice]);
    this.ice = servers;
    this.set({ local, hostOnly: servers.length === 0 });
  }

  private makePeer(): RTCPeerConnection {
    const pc = this.deps.createPeer(this.ice);
    this.pc = pc;
    const { callId, peerId } = this.snap;
    this.snap.local?.getTracks().forEach((t) => pc.addTrack(t, this.snap.local!));
    pc.onicecandidate = (e) => {
      if (!e.candidate) return;
      const { candidate, sdpMid, sdpMLineIndex } = e.candidate;
      void this.deps.send({ type: 'signal', call_id: callId, to_user_id: peerId, candidate: { candidate, sdpMid, sdpMLineIndex } });
    };
    pc.ontrack = (e) => this.set({ remote: e.streams[0] ?? new MediaStream([e.track]) });
    pc.onconnectionstatechange = () => {
      if (pc !== this.pc) return;
      if (pc.connectionState === 'connected' && this.snap.phase !== 'active') this.set({ phase: 'active', startedAt: this.now() });
      if (pc.connectionState === 'failed') void this.endWith('ended', 'failed');
    };
    return pc;
  }

  private async offer(): Promise<void> {
    this.clearRing();
    this.set({ phase: 'connecting' });
    const pc = this.makePeer();
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    await this.deps.send({ type: 'signal', call_id: this.snap.callId, to_user_id: this.snap.peerId, sdp: { type: 'offer', sdp: offer.sdp ?? '' } });
  }

  private async onSignal(ev: Extract<CallEvent, { type: 'signal' }>): Promise<void> {
    const pc = this.pc;
    if (!pc) return;
    if (ev.sdp) {
      await pc.setRemoteDescription(ev.sdp);
      if (ev.sdp.type === 'offer') {
        const answer = await pc.createAnswer();
        await pc.setLocalDescription(answer);
        await this.deps.send({ type: 'signal', call_id: this.snap.callId, to_user_id: this.snap.peerId, sdp: { type: 'answer', sdp: answer.sdp ?? '' } });
      }
      for (const c of this.pendingIce.splice(0)) await pc.addIceCandidate(c).catch(() => undefined);
    }
    if (ev.candidate) {
      const c: RTCIceCandidateInit = {
        candidate: ev.candidate.candidate,
        sdpMid: ev.candidate.sdpMid ?? null,
        sdpMLineIndex: ev.candidate.sdpMLineIndex ?? null,
      };
      if (pc.remoteDescription) await pc.addIceCandidate(c).catch(() => undefined);
      else this.pendingIce.push(c);
    }
  }

  /** Ends from this side: tells the peer (the server records the call), then cleans up. */
  private async endWith(reason: 'missed' | 'canceled' | 'ended', local: CallEndReason = reason === 'ended' ? 'hangup' : reason): Promise<void> {
    const { callId, peerId, startedAt, phase } = this.snap;
    if (phase === 'idle' || phase === 'ended') return;
    const duration_s = startedAt ? Math.round((this.now() - startedAt) / 1000) : 0;
    this.finish(local);
    await this.deps.send({ type: 'end', call_id: callId, to_user_id: peerId, reason, ...(reason === 'ended' ? { duration_s } : {}) });
  }

  private finish(reason: CallEndReason): void {
    this.clearRing();
    this.pc?.close();
    this.pc = null;
    this.pendingIce = [];
    this.snap.local?.getTracks().forEach((t) => t.stop());
    this.set({ phase: 'ended', endReason: reason, local: null, remote: null });
    this.clearLinger();
    this.linger = setTimeout(() => this.set({ ...IDLE }), ENDED_LINGER_MS);
  }

  private clearRing(): void {
    if (this.ring) clearTimeout(this.ring);
    this.ring = null;
  }

  private clearLinger(): void {
    if (this.linger) clearTimeout(this.linger);
    this.linger = null;
  }
}
