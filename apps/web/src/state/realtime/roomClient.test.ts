import type { RoomAck, RoomJoined } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACK_TIMEOUT_MS, LINGER_MS, RoomClient, RoomClientCode, type RoomDeps, type RoomSocketLike } from './roomClient';
import { roomInfo } from './roomFixtures';

type Handler = (...a: unknown[]) => void;

/** A socket double: the test answers emits and fires server events by name. */
class FakeSocket implements RoomSocketLike {
  handlers = new Map<string, Handler[]>();
  emitted: { event: string; payload: unknown; ack?: Handler }[] = [];
  connected = false;
  connects = 0;
  disconnected = false;
  on(event: string, fn: (...args: never[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn as Handler]);
  }
  emit(event: string, payload?: unknown, ack?: Handler) {
    this.emitted.push({ event, payload, ack });
  }
  connect() {
    this.connects++;
  }
  disconnect() {
    this.disconnected = true;
    this.connected = false;
  }
  removeAllListeners() {
    this.handlers.clear();
  }
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    this.handlers.get(event)?.forEach((h) => h(...args));
  }
  /** Answers the newest emit of this event. */
  answer(event: string, r: RoomAck<unknown>) {
    const e = [...this.emitted].reverse().find((x) => x.event === event);
    e?.ack?.(r);
  }
}

const AUTH = { uuid: 'u5', token: 't5' };
const flush = () => new Promise<void>((r) => queueMicrotask(() => queueMicrotask(r)));
const ok = (data: unknown): RoomAck<unknown> => ({ code: 200, msg: 'ok', data });
const joined = (): RoomJoined => ({ room: roomInfo(), online: 2, recent: [], queue: [] });

function setup(over: Partial<RoomDeps> = {}) {
  const sockets: FakeSocket[] = [];
  const deps: RoomDeps = {
    createSocket: vi.fn(() => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    }),
    isAuthFailure: (e) => e instanceof Error && e.message === 'ROOM_AUTH_FAILED',
    ...over,
  };
  const client = new RoomClient(deps);
  const statuses: string[] = ['idle'];
  client.subscribe(() => {
    const s = client.getSnapshot().status;
    if (statuses.at(-1) !== s) statuses.push(s);
  });
  return { client, deps, sockets, statuses };
}

/** Joins room 10 and answers the join. */
async function joinRoom(t: ReturnType<typeof setup>, answer: RoomAck<unknown> = ok(joined())) {
  const p = t.client.join(10, AUTH, 5);
  await flush();
  const s = t.sockets.at(-1)!;
  s.fire('connect');
  await flush();
  s.answer('join', answer);
  return { r: await p, s };
}

describe('RoomClient', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects, joins, and goes idle → connecting → joined', async () => {
    const t = setup();
    const { r, s } = await joinRoom(t);
    expect(r.code).toBe(200);
    expect(t.statuses).toEqual(['idle', 'connecting', 'joined']);
    expect(s.emitted[0]).toMatchObject({ event: 'join', payload: { room_id: 10 } });
    expect(t.client.getSnapshot().state.room?.id).toBe(10);
  });

  it('a password refusal leaves it refused; retry sends the password', async () => {
    const t = setup();
    const { s } = await joinRoom(t, { code: 10504, msg: '该房间需要密码', data: null });
    expect(t.client.getSnapshot()).toMatchObject({ status: 'refused', error: { code: 10504 } });
    const again = t.client.retry('abcd');
    await flush();
    expect(s.emitted.at(-1)).toMatchObject({ event: 'join', payload: { room_id: 10, password: 'abcd' } });
    s.answer('join', { code: 10505, msg: '房间密码错误', data: null });
    expect((await again)?.code).toBe(10505);
    expect(t.client.getSnapshot().error?.code).toBe(10505);
  });

  it('a banned user is kicked at the door; a closed room is closed', async () => {
    const t = setup();
    await joinRoom(t, { code: 10506, msg: 'banned', data: null });
    expect(t.client.getSnapshot().status).toBe('kicked');
    const u = setup();
    await joinRoom(u, { code: 10503, msg: 'closed', data: null });
    expect(u.client.getSnapshot().status).toBe('closed');
  });

  it('acknowledges acked server events and folds them into the state', async () => {
    const t = setup();
    const { s } = await joinRoom(t);
    const ack = vi.fn();
    s.fire('moderation', { room_id: 10, action: 'mute', user: { id: 5 }, by: { id: 1 }, auth: 4, muted: true, until: null }, ack);
    expect(ack).toHaveBeenCalledTimes(1);
    expect(t.client.getSnapshot().state.myMuted).toBe(true);
    s.fire('online', { room_id: 10, online: 9, recent: [] });
    expect(t.client.getSnapshot().state.online).toBe(9);
  });

  it('tells React of a storm of volatile lines once a frame, the state holding every line at once', async () => {
    const t = setup();
    const { s } = await joinRoom(t);
    const heard = vi.fn();
    t.client.subscribe(heard);
    for (let i = 0; i < 10; i++) s.fire('chat', { room_id: 10, id: `c${i}`, user: { id: 2, auth: 4 }, text: `x${i}`, danmaku: false, at: '' });
    expect(t.client.getSnapshot().state.lines).toHaveLength(10);
    expect(heard).not.toHaveBeenCalled();
    vi.advanceTimersByTime(16);
    expect(heard).toHaveBeenCalledTimes(1);
    // An acknowledged event is told at once.
    s.fire('moderation', { room_id: 10, action: 'mute', user: { id: 5 }, by: { id: 1 }, auth: 4, muted: true, until: null }, vi.fn());
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('kicked and closed end the session: no rejoin on reconnect', async () => {
    const t = setup();
    const { s } = await joinRoom(t);
    s.fire('kicked', { room_id: 10, until: '2026-01-01T00:00:00Z', by: { id: 1 } }, () => undefined);
    expect(t.client.getSnapshot().status).toBe('kicked');
    const before = s.emitted.length;
    s.fire('disconnect', 'transport close');
    vi.advanceTimersByTime(60_000);
    expect(s.emitted.length).toBe(before);

    const u = setup();
    const { s: s2 } = await joinRoom(u);
    s2.fire('closed', { room_id: 10, reason: 'owner' }, () => undefined);
    expect(u.client.getSnapshot()).toMatchObject({ status: 'closed', state: { ended: 'owner' } });
  });

  it('rejoins after the connection drops, backing off 1 s, 2 s …', async () => {
    const t = setup();
    const { s } = await joinRoom(t);
    s.fire('disconnect', 'transport close');
    expect(t.client.getSnapshot()).toMatchObject({ status: 'reconnecting', attempt: 1 });
    vi.advanceTimersByTime(999);
    expect(s.connects).toBe(0);
    vi.advanceTimersByTime(1);
    expect(s.connects).toBe(1);
    s.fire('connect');
    await flush();
    expect(s.emitted.filter((e) => e.event === 'join')).toHaveLength(2);
    s.answer('join', ok(joined()));
    await flush();
    expect(t.client.getSnapshot().status).toBe('joined');
  });

  it('keeps rejoining through a 60 s outage, every 5 s at most, and is in the room when the server is back', async () => {
    const t = setup();
    const { s } = await joinRoom(t);
    s.fire('disconnect', 'transport close');
    const waits = [1000, 2000, 4000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000];
    for (const [i, ms] of waits.entries()) {
      vi.advanceTimersByTime(ms);
      expect(s.connects).toBe(i + 1);
      s.fire('connect_error', new Error('websocket error'));
      expect(t.client.getSnapshot().status).toBe('reconnecting');
    }
    vi.advanceTimersByTime(5000);
    s.fire('connect');
    await flush();
    s.answer('join', ok(joined()));
    await flush();
    expect(t.client.getSnapshot().status).toBe('joined');
  });

  it('a refused handshake fails at once', async () => {
    const t = setup();
    const p = t.client.join(10, AUTH, 5);
    await flush();
    t.sockets[0]!.fire('connect_error', new Error('ROOM_AUTH_FAILED'));
    expect((await p).code).toBe(RoomClientCode.AUTH);
    expect(t.client.getSnapshot().status).toBe('failed');
  });

  it('requests time out after 10 s without an answer', async () => {
    const t = setup();
    await joinRoom(t);
    const p = t.client.request('mute', { user_id: 6, muted: true });
    vi.advanceTimersByTime(ACK_TIMEOUT_MS);
    expect((await p).code).toBe(RoomClientCode.TIMEOUT);
  });

  it('chat shows my own line once acknowledged', async () => {
    const t = setup();
    const { s } = await joinRoom(t, ok({ ...joined(), recent: [{ id: 5, uuid: 'u5', nickname: 'me', avatar: '', vip_level: 0, is_anchor: false }] }));
    const p = t.client.chat(' hello ', false);
    await flush();
    s.answer('chat', ok({ id: 'x1' }));
    await p;
    expect(t.client.getSnapshot().state.lines).toMatchObject([{ kind: 'chat', id: 'x1', text: 'hello' }]);
  });

  it('leaving keeps the socket a while, so re-entering reuses it', async () => {
    const t = setup();
    const { s } = await joinRoom(t);
    t.client.leave();
    expect(s.emitted.at(-1)?.event).toBe('leave');
    expect(t.client.getSnapshot().status).toBe('left');
    const p = t.client.join(10, AUTH, 5);
    await flush();
    s.answer('join', ok(joined()));
    await p;
    expect(t.deps.createSocket).toHaveBeenCalledTimes(1);
    t.client.leave();
    vi.advanceTimersByTime(LINGER_MS);
    expect(s.disconnected).toBe(true);
  });

  it('switching rooms resets the state; a new user gets a new socket', async () => {
    const t = setup();
    const { s } = await joinRoom(t);
    s.fire('chat', { room_id: 10, id: 'c1', user: { id: 2, auth: 4 }, text: 'x', danmaku: false, at: '' });
    const p = t.client.join(11, AUTH, 5);
    expect(t.client.getSnapshot().state.lines).toEqual([]);
    await flush();
    s.answer('join', ok({ ...joined(), room: roomInfo({ id: 11 }) }));
    await p;
    void t.client.join(11, { uuid: 'u6', token: 't6' }, 6);
    await flush();
    expect(t.deps.createSocket).toHaveBeenCalledTimes(2);
    expect(s.disconnected).toBe(true);
  });
});
