import type { GiftRecord, HallAuth, RoomAck, RoomClientEvents, RoomEnvelope, RoomJoined, RoomLuckyBag, RoomPk } from '@app/contract';
import { serverMessage } from '../../locale/serverMessage';
import { backoffDelay } from './hallClient';
import { initialRoomState, roomReducer, type RoomEvent, type RoomState } from './roomState';

/**
 * idle → connecting → joined ⇄ reconnecting → refused | kicked | closed | failed | left.
 * `refused`: the join was answered with an error (password needed or wrong, banned …: see `error`).
 * `failed`: the handshake refused the credentials; `retry()` starts again. A network or a server
 * that is down never fails the channel: it retries at the capped backoff until the server is back
 * (decision 0179), and rejoins then.
 */
export type RoomStatus = 'idle' | 'connecting' | 'joined' | 'reconnecting' | 'refused' | 'kicked' | 'closed' | 'failed' | 'left';

export interface RoomSnapshot {
  status: RoomStatus;
  attempt: number;
  /** The last refusal (join answered with an error code, or the handshake refused). */
  error: { code: number; msg: string } | null;
  state: RoomState;
}

/** The part of a socket.io client socket the room uses (a fake one in tests). */
export interface RoomSocketLike {
  on(event: string, fn: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
  removeAllListeners(): unknown;
  readonly connected: boolean;
}

export interface RoomDeps {
  /** Opens a socket to the /room namespace (connecting at once) with socket.io's reconnection off. */
  createSocket(auth: HallAuth): Promise<RoomSocketLike> | RoomSocketLike;
  isAuthFailure(err: unknown): boolean;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

/** Error codes the client gives failures that never got an answer (§8 shows them as code[msg]). */
export const RoomClientCode = { TIMEOUT: -110, OFFLINE: -111, AUTH: -112 } as const;
/** An acknowledged emit that got no answer in this long fails (seed §9: socket timeout 10 s). */
export const ACK_TIMEOUT_MS = 10_000;
/** After leaving, the socket stays open this long so going back into a room is instant. */
export const LINGER_MS = 20_000;

/** Server events that carry an ack callback the client must call (RoomServerEvents). */
const ACKED = ['moderation', 'kicked', 'micQueue', 'micDecision', 'seats', 'settings', 'anchor', 'live', 'media', 'closed', 'warning', 'gift'] as const;
const VOLATILE = ['online', 'chat', 'enter'] as const;

type Payload<E extends keyof RoomClientEvents> = Parameters<RoomClientEvents[E]>[0];
type AckData<E extends keyof RoomClientEvents> = Parameters<RoomClientEvents[E]>[1] extends (r: RoomAck<infer T>) => void ? T : never;

/** The room realtime channel: a plain class with a status machine, backoff and the room reducer. */
/** How long volatile lines gather before React hears of them: one frame at 60 Hz. */
const FRAME_MS = 16;

export class RoomClient {
  private snap: RoomSnapshot = { status: 'idle', attempt: 0, error: null, state: initialRoomState() };
  private socket: RoomSocketLike | null = null;
  private auth: HallAuth | null = null;
  private target: { roomId: number; password?: string } | null = null;
  private retryTimer: unknown = null;
  private lingerTimer: unknown = null;
  private generation = 0;
  private readonly listeners = new Set<() => void>();
  /** A notice of volatile lines (chat, entrances, counts) waiting for the next frame (decision 0235). */
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  /** PK battle events (`pk`): kept out of the room reducer, read by the PK layer (screens/Room/parts/pk). */
  private readonly pkListeners = new Set<(p: RoomPk) => void>();
  /** Red envelope events (`envelope`): read by the envelope layer (screens/Room/parts/envelope). */
  private readonly envelopeListeners = new Set<(p: RoomEnvelope) => void>();
  /** Lucky bag events (`luckyBag`): read by the lucky bag layer (screens/Room/parts/luckyBag). */
  private readonly luckyBagListeners = new Set<(p: RoomLuckyBag) => void>();

  constructor(private readonly deps: RoomDeps) {}

  getSnapshot = (): RoomSnapshot => this.snap;

  /** Subscribes to the room's PK battle events; answers what unsubscribes. */
  onPk = (l: (p: RoomPk) => void): (() => void) => {
    this.pkListeners.add(l);
    return () => this.pkListeners.delete(l);
  };

  /** Subscribes to the room's red envelope events; answers what unsubscribes. */
  onEnvelope = (l: (p: RoomEnvelope) => void): (() => void) => {
    this.envelopeListeners.add(l);
    return () => this.envelopeListeners.delete(l);
  };

  /** Subscribes to the room's lucky bag events; answers what unsubscribes. */
  onLuckyBag = (l: (p: RoomLuckyBag) => void): (() => void) => {
    this.luckyBagListeners.add(l);
    return () => this.luckyBagListeners.delete(l);
  };

  /** The room being joined or in (null after leaving, a kick or the end). */
  get targetRoom(): number | null {
    return this.target?.roomId ?? null;
  }
  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  /**
   * Joins a room (switching from any other), connecting first when needed. Resolves with the join
   * answer; a refusal leaves the status `refused` with the error, `kicked` or `closed`.
   */
  async join(roomId: number, auth: HallAuth, meId: number | null, password?: string): Promise<RoomAck<RoomJoined>> {
    this.clearTimer('lingerTimer');
    const sameUser = this.auth?.uuid === auth.uuid && this.auth.token === auth.token;
    const switching = this.snap.state.room?.id !== roomId || this.snap.state.meId !== meId;
    this.target = { roomId, password };
    if (switching) this.apply({ type: 'reset' }, { meId });
    if (!sameUser || !this.socket) {
      this.teardown();
      this.auth = auth;
      this.set({ status: 'connecting', attempt: 0, error: null });
      const socket = await this.open(this.generation);
      if (!socket) return { code: RoomClientCode.OFFLINE, msg: 'offline', data: null };
    } else if (!this.socket.connected) {
      // Refused earlier (or between retries): a fresh join starts counting again, now.
      this.clearTimer('retryTimer');
      this.set({ status: 'connecting', attempt: 0, error: null });
      this.socket.connect();
    }
    return this.sendJoin();
  }

  /** Leaves the room; the socket lingers a little so re-entering is instant. */
  leave(): void {
    if (this.socket?.connected && this.target) this.socket.emit('leave', {}, () => undefined);
    this.target = null;
    this.clearTimer('retryTimer');
    if (this.socket) {
      const setT = this.deps.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
      this.lingerTimer = setT(() => {
        this.lingerTimer = null;
        this.teardown();
        this.auth = null;
      }, LINGER_MS);
    }
    this.set({ status: 'left', attempt: 0, error: null });
  }

  /** Closes the socket now (logout, tests). */
  close(): void {
    this.target = null;
    this.clearTimer('lingerTimer');
    this.teardown();
    this.auth = null;
    this.set({ status: 'idle', attempt: 0, error: null });
  }

  /** After `failed` (network lost) or `refused`: try the same room again, optionally with a password. */
  async retry(password?: string): Promise<RoomAck<RoomJoined> | null> {
    const t = this.target;
    if (!t || !this.auth) return null;
    return this.join(t.roomId, this.auth, this.snap.state.meId, password ?? t.password);
  }

  /** Sends an acknowledged client event; resolves with the server's answer or a client-side failure. */
  request<E extends Exclude<keyof RoomClientEvents, 'join' | 'leave'>>(event: E, payload: Payload<E>): Promise<RoomAck<AckData<E>>> {
    const socket = this.socket;
    if (!socket?.connected || this.snap.status !== 'joined') {
      return Promise.resolve({ code: RoomClientCode.OFFLINE, msg: 'offline', data: null });
    }
    return this.ask<AckData<E>>(socket, event, payload);
  }

  /** Sends a chat line; on success it shows at once (the broadcast back may be dropped: it is volatile). */
  async chat(text: string, danmaku: boolean): Promise<RoomAck<{ id: string }>> {
    const r = await this.request('chat', { text, danmaku });
    const st = this.snap.state;
    const me = st.room && st.meId !== null ? this.member() : null;
    if (r.code === 200 && r.data && me && st.room) {
      this.apply({ type: 'sent', p: { room_id: st.room.id, id: r.data.id, user: me, fan: null, text: text.trim(), danmaku, at: new Date().toISOString() } });
    }
    return r;
  }

  /** The anchor read the operator's warning: its banner goes. */
  dismissWarning(): void {
    this.apply({ type: 'warningSeen' });
  }

  /** A gift I just sent shows at once; the room's echo of it is deduplicated by record id. */
  noteGift(record: GiftRecord): void {
    if (this.snap.state.room?.id === record.room_id) this.apply({ type: 'gift', p: { record } });
  }

  /** Me as a room member, for my own chat lines (from the seat list or the room's recent list). */
  private member() {
    const st = this.snap.state;
    const known = [...st.seats.map((s) => s.user), ...st.recent, st.room?.anchor].find((u) => u && u.id === st.meId);
    return known ? { ...known, auth: st.myAuth } : null;
  }

  private async sendJoin(): Promise<RoomAck<RoomJoined>> {
    const socket = this.socket;
    const t = this.target;
    if (!socket || !t) return { code: RoomClientCode.OFFLINE, msg: 'offline', data: null };
    if (!socket.connected) {
      // The join goes out from the 'connect' handler once the socket is up.
      return new Promise((resolve) => (this.pendingJoin = resolve));
    }
    const gen = this.generation;
    const r = await this.ask<RoomJoined>(socket, 'join', { room_id: t.roomId, ...(t.password ? { password: t.password } : {}) });
    if (gen !== this.generation || this.target !== t) return r;
    this.afterJoin(r);
    return r;
  }

  private pendingJoin: ((r: RoomAck<RoomJoined>) => void) | null = null;

  private afterJoin(r: RoomAck<RoomJoined>): void {
    if (r.code === 200 && r.data) {
      this.apply({ type: 'joined', data: r.data });
      this.set({ status: r.data.room.status === 'closed' ? 'closed' : 'joined', attempt: 0, error: null });
      return;
    }
    if (r.code === RoomClientCode.TIMEOUT) return this.retryLater();
    const status = this.refusalStatus(r.code);
    this.set({ status, attempt: 0, error: { code: r.code, msg: r.msg } });
  }

  /** Codes are compared by value so this file needs only the contract's types (it loads lazily). */
  private refusalStatus(code: number): RoomStatus {
    if (code === 10503) return 'closed'; // ROOM_CLOSED
    if (code === 10506) return 'kicked'; // ROOM_KICKED
    return 'refused';
  }

  private ask<T>(socket: RoomSocketLike, event: string, payload: unknown): Promise<RoomAck<T>> {
    return new Promise((resolve) => {
      const setT = this.deps.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
      let done = false;
      const timer = setT(() => {
        if (done) return;
        done = true;
        resolve({ code: RoomClientCode.TIMEOUT, msg: 'timeout', data: null });
      }, ACK_TIMEOUT_MS);
      socket.emit(event, payload, (r: RoomAck<T>) => {
        if (done) return;
        done = true;
        (this.deps.clearTimeout ?? ((h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>)))(timer);
        resolve(typeof r?.msg === 'string' ? { ...r, msg: serverMessage(r.msg) } : r);
      });
    });
  }

  private async open(gen: number): Promise<RoomSocketLike | null> {
    if (!this.auth) return null;
    let socket: RoomSocketLike;
    try {
      socket = await this.deps.createSocket(this.auth);
    } catch {
      if (gen === this.generation) this.retryLater();
      return null;
    }
    if (gen !== this.generation) {
      socket.disconnect();
      return null;
    }
    this.socket = socket;
    socket.on('connect', () => {
      if (gen !== this.generation) return;
      const pending = this.pendingJoin;
      this.pendingJoin = null;
      if (!this.target) return;
      // (Re)join on every connect: the server forgets a socket's room when the connection drops.
      void this.sendJoin().then((r) => pending?.(r));
    });
    socket.on('connect_error', (err: unknown) => {
      if (gen !== this.generation) return;
      if (this.deps.isAuthFailure(err)) {
        this.flushPending({ code: RoomClientCode.AUTH, msg: 'auth', data: null });
        this.teardown();
        this.set({ status: 'failed', attempt: 0, error: { code: RoomClientCode.AUTH, msg: 'auth' } });
      } else this.retryLater();
    });
    socket.on('disconnect', (reason: string) => {
      if (gen !== this.generation || reason === 'io client disconnect') return;
      this.retryLater();
    });
    for (const name of VOLATILE) socket.on(name, (p: never) => this.apply({ type: name, p } as RoomEvent, {}, true));
    for (const name of ACKED) {
      socket.on(name, (p: never, ack?: () => void) => {
        if (typeof ack === 'function') ack();
        if (gen !== this.generation) return;
        this.onAcked(name, p);
      });
    }
    socket.on('pk', (p: RoomPk, ack?: () => void) => {
      if (typeof ack === 'function') ack();
      if (gen !== this.generation) return;
      for (const l of this.pkListeners) l(p);
    });
    socket.on('envelope', (p: RoomEnvelope, ack?: () => void) => {
      if (typeof ack === 'function') ack();
      if (gen !== this.generation) return;
      for (const l of this.envelopeListeners) l(p);
    });
    socket.on('luckyBag', (p: RoomLuckyBag, ack?: () => void) => {
      if (typeof ack === 'function') ack();
      if (gen !== this.generation) return;
      for (const l of this.luckyBagListeners) l(p);
    });
    return socket;
  }

  private onAcked(name: (typeof ACKED)[number], p: never): void {
    this.apply({ type: name, p } as RoomEvent);
    if (name === 'closed') {
      this.set({ status: 'closed' });
      this.target = null;
    } else if (name === 'kicked') {
      this.set({ status: 'kicked' });
      this.target = null;
    }
  }

  private flushPending(r: RoomAck<RoomJoined>): void {
    const p = this.pendingJoin;
    this.pendingJoin = null;
    p?.(r);
  }

  private retryLater(): void {
    if (this.retryTimer !== null || !this.target) return;
    const attempt = this.snap.attempt + 1;
    this.set({ status: 'reconnecting', attempt });
    const setT = this.deps.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
    const gen = this.generation;
    this.retryTimer = setT(() => {
      this.retryTimer = null;
      if (gen !== this.generation || !this.target) return;
      if (this.socket && !this.socket.connected) this.socket.connect();
      else if (this.socket) void this.sendJoin();
      else void this.open(gen);
    }, backoffDelay(attempt));
  }

  private apply(e: RoomEvent, patch: Partial<RoomState> = {}, volatile = false): void {
    const base = Object.keys(patch).length ? { ...this.snap.state, ...patch } : this.snap.state;
    this.set({ state: roomReducer(base, e) }, volatile);
  }

  private clearTimer(key: 'retryTimer' | 'lingerTimer'): void {
    if (this[key] === null) return;
    (this.deps.clearTimeout ?? ((h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>)))(this[key]);
    this[key] = null;
  }

  private teardown(): void {
    this.generation++;
    this.clearTimer('retryTimer');
    this.flushPending({ code: RoomClientCode.OFFLINE, msg: 'offline', data: null });
    if (this.socket) {
      this.socket.removeAllListeners();
      this.socket.disconnect();
      this.socket = null;
    }
  }

  /**
   * The snapshot changes at once; React hears of it at once too, except for volatile lines: those of
   * one frame are told in one notice, so a chat storm renders the room once a frame, not once a line.
   */
  private set(patch: Partial<RoomSnapshot>, volatile = false): void {
    this.snap = { ...this.snap, ...patch };
    if (volatile) {
      this.notifyTimer ??= setTimeout(() => this.notify(), FRAME_MS);
      return;
    }
    this.notify();
  }

  private notify(): void {
    if (this.notifyTimer !== null) clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
    this.listeners.forEach((l) => l());
  }
}
