import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALL_RING_MS, type CallSignalInput } from '@app/contract';
import { CallSession, ENDED_LINGER_MS, type CallDeps } from './callSession';

const stream = () => ({ getTracks: () => [], getAudioTracks: () => [], getVideoTracks: () => [] }) as unknown as MediaStream;
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function setup() {
  const sent: CallSignalInput[] = [];
  const deps: CallDeps = {
    send: vi.fn(async (p: CallSignalInput) => {
      sent.push(p);
      return { code: 200, msg: 'ok', data: null };
    }),
    getUserMedia: vi.fn(async () => stream()),
    createPeer: vi.fn(() => {
      throw new Error('no peer in these tests');
    }),
    newCallId: () => 'call00000001',
    onIncoming: vi.fn(),
  };
  return { session: new CallSession(deps), deps, sent };
}

describe('CallSession', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('rings 30 s, then ends as missed (the server records it) and goes idle', async () => {
    const { session, sent } = setup();
    await session.start(7, null);
    expect(session.getSnapshot().phase).toBe('outgoing');
    expect(sent).toEqual([{ type: 'invite', call_id: 'call00000001', to_user_id: 7 }]);
    await vi.advanceTimersByTimeAsync(CALL_RING_MS);
    await flush();
    expect(sent.at(-1)).toEqual({ type: 'end', call_id: 'call00000001', to_user_id: 7, reason: 'missed' });
    expect(session.getSnapshot()).toMatchObject({ phase: 'ended', endReason: 'missed' });
    await vi.advanceTimersByTimeAsync(ENDED_LINGER_MS);
    expect(session.getSnapshot().phase).toBe('idle');
  });

  it('cancels an unanswered call on hang up, and ends on a decline or busy from the peer', async () => {
    const { session, sent } = setup();
    await session.start(7, null);
    await session.hangup();
    expect(sent.at(-1)).toMatchObject({ type: 'end', reason: 'canceled' });

    await vi.advanceTimersByTimeAsync(ENDED_LINGER_MS);
    await session.start(7, null);
    session.handle({ type: 'decline', call_id: 'call00000001', to_user_id: 1, from_user_id: 7 }, 1);
    expect(session.getSnapshot()).toMatchObject({ phase: 'ended', endReason: 'declined' });
  });

  it('makes the peer connection with the ICE servers fetched alongside the camera, or none when they fail', async () => {
    const { session, deps, sent } = setup();
    const turn: RTCIceServer = { urls: ['turn:turn.example:3478'], username: '1:9', credential: 'c' };
    const fakePeer = () => ({ addTrack: vi.fn() }) as unknown as RTCPeerConnection;
    deps.iceServers = vi.fn(async () => [turn]);
    deps.createPeer = vi.fn(fakePeer);
    session.handle({ type: 'invite', call_id: 'incoming0001', to_user_id: 1, from_user_id: 9 }, 1);
    await session.accept();
    expect(deps.createPeer).toHaveBeenCalledWith([turn]);
    expect(session.getSnapshot().hostOnly).toBe(false);
    expect(sent.at(-1)).toMatchObject({ type: 'accept', call_id: 'incoming0001', to_user_id: 9 });

    const other = setup();
    other.deps.iceServers = vi.fn(async () => {
      throw new Error('offline');
    });
    other.deps.createPeer = vi.fn(fakePeer);
    other.session.handle({ type: 'invite', call_id: 'incoming0002', to_user_id: 1, from_user_id: 9 }, 1);
    await other.session.accept();
    expect(other.deps.createPeer).toHaveBeenCalledWith([]);
    // Without STUN/TURN the call screen can say why a call across networks does not connect.
    expect(other.session.getSnapshot().hostOnly).toBe(true);
  });

  it('rings on an invite, answers busy to a second one, and stops ringing when another device answers', async () => {
    const { session, deps, sent } = setup();
    session.handle({ type: 'invite', call_id: 'incoming0001', to_user_id: 1, from_user_id: 9 }, 1);
    expect(session.getSnapshot()).toMatchObject({ phase: 'incoming', peerId: 9 });
    expect(deps.onIncoming).toHaveBeenCalledWith(9);
    session.handle({ type: 'invite', call_id: 'incoming0002', to_user_id: 1, from_user_id: 8 }, 1);
    await flush();
    expect(sent).toEqual([{ type: 'busy', call_id: 'incoming0002', to_user_id: 8 }]);
    // My other device accepted: its echo ends the ringing here.
    session.handle({ type: 'accept', call_id: 'incoming0001', to_user_id: 9, from_user_id: 1 }, 1);
    expect(session.getSnapshot()).toMatchObject({ phase: 'ended', endReason: 'answeredElsewhere' });
  });

  it('declines an incoming call and says so when the server refuses an invite', async () => {
    const { session, deps, sent } = setup();
    session.handle({ type: 'invite', call_id: 'incoming0003', to_user_id: 1, from_user_id: 9 }, 1);
    await session.decline();
    expect(sent.at(-1)).toEqual({ type: 'decline', call_id: 'incoming0003', to_user_id: 9 });

    await vi.advanceTimersByTimeAsync(ENDED_LINGER_MS);
    vi.mocked(deps.send).mockResolvedValueOnce({ code: 10609, msg: '互相关注成为好友后才能视频通话', data: null });
    await session.start(5, null);
    expect(session.getSnapshot()).toMatchObject({ phase: 'ended', endReason: 'refused', error: '互相关注成为好友后才能视频通话' });
  });
});
