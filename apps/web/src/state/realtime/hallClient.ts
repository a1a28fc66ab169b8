import type { CallEvent, CallSignalInput, ChatAck, ChatReadReceipt, ChatSendInput, HallAuth, LiveAlert, NewMessage, UnreadCount } from '@app/contract';
import { SOCKET_RECONNECT } from '@app/kit';
import { serverMessage } from '../../locale/serverMessage';

/**
 * idle → connecting → connected ⇄ reconnecting → failed (the server refused) | closed (we disconnected).
 * Only the server's refusals end the session (decision 0179): while the server cannot be reached,
 * the hall keeps trying at the capped backoff for as long as it takes, and says it is unreachable.
 */
export type HallStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'closed';

export interface HallSnapshot {
  status: HallStatus;
  /** Reconnection attempt under way (1-based), 0 when none. */
  attempt: number;
  /** The last attempt got no answer from the server (it is down, or the network cannot reach it). */
  unreachable: boolean;
}

/** The part of a socket.io client socket the hall uses (a fake one in tests). */
export interface HallSocketLike {
  on(event: string, fn: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
  removeAllListeners(): unknown;
}

export type SessionLostReason = 'retries' | 'auth' | 'sessionEnd';

/**
 * What a failed connection attempt was: `session` the server refused the credentials with a session
 * error (the token is gone), `refused` the server answered with any other refusal, null no answer
 * from the server at all (network down, server stopped, timed out).
 */
export type Refusal = 'session' | 'refused' | null;

export interface HallDeps {
  /** Opens a socket (connecting at once) to the hall with socket.io's own reconnection off. */
  createSocket(auth: HallAuth): Promise<HallSocketLike> | HallSocketLike;
  /** Reads a connect_error: refused by the server (and how), or never answered. */
  refusal(err: unknown): Refusal;
  onUnread(payload: UnreadCount): void;
  onNewMessage(payload: NewMessage): void;
  /** A read receipt of one of the user's conversations (theirs on another device, or the peer's). */
  onChatRead?(payload: ChatReadReceipt): void;
  /** Call signalling from a friend. */
  onCall?(payload: CallEvent): void;
  /** An anchor the user follows went live. */
  onLiveAlert?(payload: LiveAlert): void;
  /** Every (re)connection: the moment to catch up on what arrived while away. */
  onConnected?(): void;
  /** Refused (a session error at once, or 5 other refusals in a row): the app clears the session and goes to login. */
  onSessionLost(reason: SessionLostReason): void;
  /** Offline time does not use up attempts: retries wait for the network to return. */
  isOnline?: () => boolean;
  waitOnline?: (cb: () => void) => () => void;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

/** Delay before reconnection attempt n (1-based): 1000 ms doubling, capped at 5000 ms (seed §9). */
export function backoffDelay(attempt: number, cfg: { delayMs: number; maxDelayMs: number } = SOCKET_RECONNECT): number {
  return Math.min(cfg.delayMs * 2 ** Math.max(0, attempt - 1), cfg.maxDelayMs);
}

/** The realtime hall connection: a plain class with a status machine and backoff; React reads it via useHall(). */
export class HallClient {
  private snapshot: HallSnapshot = { status: 'idle', attempt: 0, unreachable: false };
  /** Attempts in a row the server answered with a refusal (the seed's failed attempts). */
  private refusals = 0;
  private socket: HallSocketLike | null = null;
  private auth: HallAuth | null = null;
  private timer: unknown = null;
  /** Set by the server's `rejoin` hint (it is stopping): the next disconnect reconnects at once. */
  private rejoinWithinMs: number | null = null;
  private stopWaiting: (() => void) | null = null;
  /** Bumped on every (re)start and stop, so late async work of an old connection is ignored. */
  private generation = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly deps: HallDeps,
    private readonly maxAttempts: number = SOCKET_RECONNECT.attempts,
  ) {}

  getSnapshot = (): HallSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Connects with these credentials; a no-op when already connecting or connected with them. */
  connect(auth: HallAuth): void {
    const same = this.auth?.uuid === auth.uuid && this.auth.token === auth.token;
    const live = ['connecting', 'connected', 'reconnecting'].includes(this.snapshot.status);
    if (same && live) return;
    this.teardown();
    this.auth = auth;
    this.refusals = 0;
    this.set({ status: 'connecting', attempt: 0, unreachable: false });
    void this.open(this.generation);
  }

  /** Closes the connection on purpose (logout). */
  disconnect(): void {
    this.teardown();
    this.auth = null;
    if (this.snapshot.status !== 'idle') this.set({ status: 'closed', attempt: 0, unreachable: false });
  }

  /**
   * Sends a private message and waits for the server's acknowledgement (stored or refused). Not
   * connected, or no answer within `timeoutMs`: resolves null, and the caller shows a retry.
   */
  chatSend(payload: ChatSendInput, timeoutMs = 10_000): Promise<ChatAck | null> {
    return this.request('chatSend', payload, timeoutMs);
  }

  /** Sends call signalling to a friend; null when not connected or unanswered. */
  callSignal(payload: CallSignalInput, timeoutMs = 10_000): Promise<ChatAck | null> {
    return this.request('call', payload, timeoutMs);
  }

  private request(event: 'chatSend' | 'call', payload: unknown, timeoutMs: number): Promise<ChatAck | null> {
    const socket = this.socket;
    if (!socket || this.snapshot.status !== 'connected') return Promise.resolve(null);
    return new Promise((resolve) => {
      const setT = this.deps.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
      const clearT = this.deps.clearTimeout ?? ((h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>));
      const timer = setT(() => resolve(null), timeoutMs);
      socket.emit(event, payload, (ack: ChatAck) => {
        clearT(timer);
        resolve(typeof ack?.msg === 'string' ? { ...ack, msg: serverMessage(ack.msg) } : ack);
      });
    });
  }

  /** Asks the server for the unread count (answered with rGetUnreadCount). */
  requestUnread(): void {
    if (this.snapshot.status === 'connected') this.socket?.emit('getUnreadCount');
  }

  private set(next: Partial<HallSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...next };
    this.listeners.forEach((l) => l());
  }

  private async open(gen: number): Promise<void> {
    if (!this.auth) return;
    let socket: HallSocketLike;
    try {
      socket = await this.deps.createSocket(this.auth);
    } catch {
      // Its code could not even be loaded: the server is out of reach.
      if (gen !== this.generation) return;
      this.set({ unreachable: true });
      this.retry(gen);
      return;
    }
    if (gen !== this.generation) {
      socket.disconnect();
      return;
    }
    this.socket = socket;
    socket.on('connect', () => {
      if (gen !== this.generation) return;
      this.refusals = 0;
      this.set({ status: 'connected', attempt: 0, unreachable: false });
      socket.emit('getUnreadCount');
      this.deps.onConnected?.();
    });
    socket.on('connect_error', (err: unknown) => {
      if (gen !== this.generation) return;
      const refusal = this.deps.refusal(err);
      if (refusal === 'session') return this.fail('auth');
      if (refusal === 'refused' && ++this.refusals >= this.maxAttempts) return this.fail('retries');
      if (refusal === null && !this.snapshot.unreachable) this.set({ unreachable: true });
      // An attempt the device could not even send (it went offline meanwhile) is not a failed one.
      if (this.offline() && this.snapshot.attempt > 0) this.set({ status: 'reconnecting', attempt: this.snapshot.attempt - 1 });
      this.retry(gen);
    });
    socket.on('rejoin', (hint: { within_ms: number }) => {
      if (gen === this.generation) this.rejoinWithinMs = Math.max(0, Math.min(hint.within_ms, 10_000));
    });
    socket.on('disconnect', (reason: string) => {
      // 'io client disconnect' is our own disconnect(); anything else is a lost connection.
      if (gen !== this.generation || reason === 'io client disconnect') return;
      const hinted = this.rejoinWithinMs;
      this.rejoinWithinMs = null;
      // The server is stopping gracefully (a restart, a rolling deploy): come back at once, spread
      // over the hinted window so a crowd does not arrive in the same millisecond; not an attempt.
      this.retry(gen, hinted === null ? undefined : Math.random() * hinted);
    });
    socket.on('rGetUnreadCount', (p: UnreadCount) => this.deps.onUnread(p));
    socket.on('newMessage', (p: NewMessage) => this.deps.onNewMessage(p));
    socket.on('chatRead', (p: ChatReadReceipt) => this.deps.onChatRead?.(p));
    socket.on('call', (p: CallEvent) => this.deps.onCall?.(p));
    socket.on('liveAlert', (p: LiveAlert) => this.deps.onLiveAlert?.(p));
    socket.on('sessionEnd', () => {
      if (gen === this.generation) this.fail('sessionEnd');
    });
  }

  private offline(): boolean {
    return this.deps.isOnline ? !this.deps.isOnline() : false;
  }

  /**
   * Schedules the next attempt: after the seed's backoff (capped, so a server back after any outage
   * is found within 5 s), or after `atOnceMs` without counting one.
   */
  private retry(gen: number, atOnceMs?: number): void {
    if (this.timer !== null || this.stopWaiting) return;
    if (this.offline() && this.deps.waitOnline) {
      this.set({ status: 'reconnecting', attempt: this.snapshot.attempt });
      this.stopWaiting = this.deps.waitOnline(() => {
        this.stopWaiting = null;
        if (gen === this.generation) this.retry(gen);
      });
      return;
    }
    const attempt = atOnceMs === undefined ? this.snapshot.attempt + 1 : this.snapshot.attempt;
    this.set({ status: 'reconnecting', attempt });
    const setT = this.deps.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
    this.timer = setT(
      () => {
        this.timer = null;
        if (gen !== this.generation) return;
        if (this.socket) this.socket.connect();
        else void this.open(gen);
      },
      atOnceMs ?? backoffDelay(attempt),
    );
  }

  private fail(reason: SessionLostReason): void {
    this.teardown();
    this.auth = null;
    this.set({ status: 'failed', attempt: 0, unreachable: false });
    this.deps.onSessionLost(reason);
  }

  private teardown(): void {
    this.generation++;
    this.rejoinWithinMs = null;
    if (this.timer !== null) {
      (this.deps.clearTimeout ?? ((h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>)))(this.timer);
      this.timer = null;
    }
    this.stopWaiting?.();
    this.stopWaiting = null;
    if (this.socket) {
      this.socket.removeAllListeners();
      this.socket.disconnect();
      this.socket = null;
    }
  }
}
