import type { CallEvent, CallSignalInput, ChatAck, ChatReadReceipt, ChatSendInput, HallAuth, LiveAlert, NewMessage, UnreadCount } from '@app/contract';
import { SOCKET_RECONNECT } from '@app/kit';
import { serverMessage } from '../../locale/serverMessage';

/**
 * idle → connecting → connected ⇄ reconnecting → failed (gave up / auth refused) | closed (we disconnected).
 */
export type HallStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'closed';

export interface HallSnapshot {
  status: HallStatus;
  /** Reconnection attempt under way (1-based), 0 when none. */
  attempt: number;
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

export interface HallDeps {
  /** Opens a socket (connecting at once) to the hall with socket.io's own reconnection off. */
  createSocket(auth: HallAuth): Promise<HallSocketLike> | HallSocketLike;
  /** Whether a connect_error means the handshake refused the credentials (HALL_AUTH_FAILED). */
  isAuthFailure(err: unknown): boolean;
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
  /** Gave up or was refused: the app clears the session and goes to login. */
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
  private snapshot: HallSnapshot = { status: 'idle', attempt: 0 };
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
    this.set({ status: 'connecting', attempt: 0 });
    void this.open(this.generation);
  }

  /** Closes the connection on purpose (logout). */
  disconnect(): void {
    this.teardown();
    this.auth = null;
    if (this.snapshot.status !== 'idle') this.set({ status: 'closed', attempt: 0 });
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

  private set(next: HallSnapshot): void {
    this.snapshot = next;
    this.listeners.forEach((l) => l());
  }

  private async open(gen: number): Promise<void> {
    if (!this.auth) return;
    let socket: HallSocketLike;
    try {
      socket = await this.deps.createSocket(this.auth);
    } catch {
      if (gen === this.generation) this.retry(gen);
      return;
    }
    if (gen !== this.generation) {
      socket.disconnect();
      return;
    }
    this.socket = socket;
    socket.on('connect', () => {
      if (gen !== this.generation) return;
      this.set({ status: 'connected', attempt: 0 });
      socket.emit('getUnreadCount');
      this.deps.onConnected?.();
    });
    socket.on('connect_error', (err: unknown) => {
      if (gen !== this.generation) return;
      if (this.deps.isAuthFailure(err)) return this.fail('auth');
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

  /** Schedules the next attempt: after the seed's backoff, or after `atOnceMs` without using up one. */
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
    if (attempt > this.maxAttempts) {
      this.fail('retries');
      return;
    }
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
    this.set({ status: 'failed', attempt: 0 });
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
