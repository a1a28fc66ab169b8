import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, HallClient, type HallDeps, type HallSocketLike } from './hallClient';
import { readRefusal } from './refusal';

/** A socket double: the test fires server events by name. */
class FakeSocket implements HallSocketLike {
  handlers = new Map<string, ((...a: unknown[]) => void)[]>();
  emitted: string[] = [];
  connects = 0;
  disconnected = false;
  on(event: string, fn: (...args: never[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn as (...a: unknown[]) => void]);
  }
  emit(event: string) {
    this.emitted.push(event);
  }
  connect() {
    this.connects++;
  }
  disconnect() {
    this.disconnected = true;
  }
  removeAllListeners() {
    this.handlers.clear();
  }
  fire(event: string, ...args: unknown[]) {
    this.handlers.get(event)?.forEach((h) => h(...args));
  }
}

const AUTH = { uuid: 'u1', token: 't1' };
const flush = () => Promise.resolve().then(() => Promise.resolve());

function setup(over: Partial<HallDeps> = {}) {
  const sockets: FakeSocket[] = [];
  const deps = {
    createSocket: vi.fn(() => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    }),
    refusal: (e: unknown) => readRefusal(e, 'HALL_AUTH_FAILED'),
    onUnread: vi.fn(),
    onNewMessage: vi.fn(),
    onSessionLost: vi.fn(),
    ...over,
  } satisfies HallDeps;
  const client = new HallClient(deps);
  const statuses: string[] = [];
  client.subscribe(() => statuses.push(client.getSnapshot().status));
  return { client, deps, sockets, statuses };
}

describe('backoffDelay', () => {
  it('doubles from 1000 ms and caps at 5000 ms (§9)', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n))).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
  });
});

describe('HallClient', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes idle → connecting → connected and asks for the unread count', async () => {
    const { client, sockets, statuses } = setup();
    expect(client.getSnapshot().status).toBe('idle');
    client.connect(AUTH);
    await flush();
    sockets[0]!.fire('connect');
    expect(statuses).toEqual(['connecting', 'connected']);
    expect(sockets[0]!.emitted).toEqual(['getUnreadCount']);
    client.requestUnread();
    expect(sockets[0]!.emitted).toEqual(['getUnreadCount', 'getUnreadCount']);
  });

  it('passes rGetUnreadCount and newMessage on', async () => {
    const { client, deps, sockets } = setup();
    client.connect(AUTH);
    await flush();
    sockets[0]!.fire('rGetUnreadCount', { total: 3, isNew: true });
    sockets[0]!.fire('newMessage', { kind: 'notice', notice: { id: 1 } });
    expect(deps.onUnread).toHaveBeenCalledWith({ total: 3, isNew: true });
    expect(deps.onNewMessage).toHaveBeenCalledTimes(1);
  });

  it('keeps trying at 1 s, 2 s, 4 s, then every 5 s while the server does not answer, keeping the session', async () => {
    const { client, deps, sockets } = setup();
    client.connect(AUTH);
    await flush();
    const s = sockets[0]!;
    s.fire('connect');
    s.fire('disconnect', 'transport close');
    expect(client.getSnapshot()).toEqual({ status: 'reconnecting', attempt: 1, unreachable: false });
    // A 60 s outage: far more than the seed's 5 attempts, none of them answered.
    const waits = [1000, 2000, 4000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000];
    for (const [i, ms] of waits.entries()) {
      vi.advanceTimersByTime(ms - 1);
      expect(s.connects).toBe(i);
      vi.advanceTimersByTime(1);
      expect(s.connects).toBe(i + 1);
      s.fire('connect_error', Object.assign(new Error('websocket error'), { type: 'TransportError' }));
      expect(client.getSnapshot()).toEqual({ status: 'reconnecting', attempt: i + 2, unreachable: true });
    }
    expect(deps.onSessionLost).not.toHaveBeenCalled();
    s.fire('connect_error', new Error('timeout'));
    expect(client.getSnapshot().status).toBe('reconnecting');
    // The server is back: connected, reachable, the unread count asked again.
    vi.advanceTimersByTime(5000);
    s.fire('connect');
    expect(client.getSnapshot()).toEqual({ status: 'connected', attempt: 0, unreachable: false });
    expect(s.emitted.filter((e) => e === 'getUnreadCount')).toHaveLength(2);
    expect(deps.onSessionLost).not.toHaveBeenCalled();
  });

  it('is unreachable when the hall code itself cannot be loaded, and retries', async () => {
    let down = true;
    const { client, sockets } = setup({
      createSocket: vi.fn(() => {
        if (down) return Promise.reject(new Error('Failed to fetch dynamically imported module'));
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      }),
    });
    client.connect(AUTH);
    await flush();
    expect(client.getSnapshot()).toEqual({ status: 'reconnecting', attempt: 1, unreachable: true });
    down = false;
    vi.advanceTimersByTime(1000);
    await flush();
    sockets[0]!.fire('connect');
    expect(client.getSnapshot()).toEqual({ status: 'connected', attempt: 0, unreachable: false });
  });

  it("fails after 5 attempts in a row the server refused (the seed's failed attempts), not counting unanswered ones", async () => {
    const { client, deps, sockets } = setup();
    client.connect(AUTH);
    await flush();
    const s = sockets[0]!;
    // The server answers, but refuses without a session error (its handshake could not check the token).
    const refused = () => Object.assign(new Error('HALL_AUTH_FAILED'), { data: { code: null } });
    for (let i = 0; i < 4; i++) {
      s.fire('connect_error', refused());
      s.fire('connect_error', new Error('websocket error'));
      vi.advanceTimersByTime(5000);
    }
    expect(deps.onSessionLost).not.toHaveBeenCalled();
    expect(client.getSnapshot().status).toBe('reconnecting');
    s.fire('connect_error', refused());
    expect(client.getSnapshot().status).toBe('failed');
    expect(deps.onSessionLost).toHaveBeenCalledWith('retries');
    expect(s.disconnected).toBe(true);
  });

  it('counts refusals again from zero after a connection', async () => {
    const { client, deps, sockets } = setup();
    client.connect(AUTH);
    await flush();
    const s = sockets[0]!;
    const refused = () => Object.assign(new Error('HALL_BUSY'), { data: undefined });
    for (let i = 0; i < 4; i++) s.fire('connect_error', refused());
    s.fire('connect');
    for (let i = 0; i < 4; i++) s.fire('connect_error', refused());
    expect(deps.onSessionLost).not.toHaveBeenCalled();
  });

  it('starts counting again after a successful reconnect', async () => {
    const { client, sockets } = setup();
    client.connect(AUTH);
    await flush();
    const s = sockets[0]!;
    s.fire('connect');
    s.fire('disconnect', 'transport close');
    expect(client.getSnapshot()).toEqual({ status: 'reconnecting', attempt: 1, unreachable: false });
    vi.advanceTimersByTime(1000);
    s.fire('connect');
    expect(client.getSnapshot()).toEqual({ status: 'connected', attempt: 0, unreachable: false });
    s.fire('disconnect', 'transport close');
    expect(client.getSnapshot().attempt).toBe(1);
  });

  it('fails at once when the handshake refuses the credentials with a session error', async () => {
    const { client, deps, sockets } = setup();
    client.connect(AUTH);
    await flush();
    sockets[0]!.fire('connect_error', Object.assign(new Error('HALL_AUTH_FAILED'), { data: { code: 11000403 } }));
    expect(client.getSnapshot().status).toBe('failed');
    expect(deps.onSessionLost).toHaveBeenCalledWith('auth');
  });

  it('fails on sessionEnd from the server', async () => {
    const { client, deps, sockets } = setup();
    client.connect(AUTH);
    await flush();
    sockets[0]!.fire('connect');
    sockets[0]!.fire('sessionEnd', { code: 11000403, msg: 'revoked' });
    expect(deps.onSessionLost).toHaveBeenCalledWith('sessionEnd');
  });

  it('closes on disconnect() without reporting a lost session or retrying', async () => {
    const { client, deps, sockets } = setup();
    client.connect(AUTH);
    await flush();
    sockets[0]!.fire('connect');
    client.disconnect();
    sockets[0]!.fire('disconnect', 'io client disconnect');
    vi.advanceTimersByTime(60_000);
    expect(client.getSnapshot().status).toBe('closed');
    expect(deps.onSessionLost).not.toHaveBeenCalled();
    expect(sockets[0]!.connects).toBe(0);
  });

  it('does not reconnect for the same credentials, and replaces the socket for new ones', async () => {
    const { client, deps, sockets } = setup();
    client.connect(AUTH);
    client.connect(AUTH);
    await flush();
    expect(deps.createSocket).toHaveBeenCalledTimes(1);
    client.connect({ uuid: 'u2', token: 't2' });
    await flush();
    expect(deps.createSocket).toHaveBeenCalledTimes(2);
    expect(sockets[0]!.disconnected).toBe(true);
  });

  it('waits for the network instead of spending attempts while offline', async () => {
    let online = false;
    let resume: (() => void) | null = null;
    const { client, deps, sockets } = setup({
      isOnline: () => online,
      waitOnline: (cb) => {
        resume = cb;
        return () => (resume = null);
      },
    });
    client.connect(AUTH);
    await flush();
    sockets[0]!.fire('connect_error', new Error('offline'));
    vi.advanceTimersByTime(60_000);
    expect(client.getSnapshot()).toEqual({ status: 'reconnecting', attempt: 0, unreachable: true });
    expect(deps.onSessionLost).not.toHaveBeenCalled();
    online = true;
    resume!();
    expect(client.getSnapshot().attempt).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(sockets[0]!.connects).toBe(1);
  });

  it('does not count an attempt that failed because the device went offline meanwhile', async () => {
    let online = true;
    const { client, deps, sockets } = setup({ isOnline: () => online, waitOnline: () => () => undefined });
    client.connect(AUTH);
    await flush();
    const s = sockets[0]!;
    s.fire('connect');
    s.fire('disconnect', 'transport close');
    vi.advanceTimersByTime(1000);
    expect(client.getSnapshot()).toEqual({ status: 'reconnecting', attempt: 1, unreachable: false });
    online = false;
    s.fire('connect_error', new Error('websocket error'));
    expect(client.getSnapshot()).toEqual({ status: 'reconnecting', attempt: 0, unreachable: true });
    expect(deps.onSessionLost).not.toHaveBeenCalled();
  });

  it('comes back at once, without using an attempt, when the server hints it is stopping', async () => {
    const { client, deps, sockets } = setup();
    client.connect(AUTH);
    await flush();
    const s = sockets[0]!;
    s.fire('connect');
    s.fire('rejoin', { within_ms: 200 });
    s.fire('disconnect', 'io server disconnect');
    expect(client.getSnapshot()).toEqual({ status: 'reconnecting', attempt: 0, unreachable: false });
    vi.advanceTimersByTime(200);
    expect(s.connects).toBe(1);
    // The restarted server is not up yet: the seed's backoff from its first step.
    for (const [i, ms] of [1000, 2000, 4000, 5000, 5000].entries()) {
      s.fire('connect_error', new Error('websocket error'));
      expect(client.getSnapshot()).toEqual({ status: 'reconnecting', attempt: i + 1, unreachable: true });
      vi.advanceTimersByTime(ms);
    }
    expect(deps.onSessionLost).not.toHaveBeenCalled();
    // A plain drop afterwards (no hint) uses the backoff again.
    s.fire('connect');
    s.fire('disconnect', 'transport close');
    expect(client.getSnapshot()).toEqual({ status: 'reconnecting', attempt: 1, unreachable: false });
  });
});
