import { playPrepared, preparePlay, WhipError, type PlaySession, type PreparedPlay } from './whipClient';

/**
 * idle → connecting → playing ⇄ reconnecting → failed | stopped.
 * One WHEP peer connection carries every seat of the room (see apps/server/src/media/README.md).
 */
export type PlayStatus = 'idle' | 'connecting' | 'playing' | 'reconnecting' | 'failed' | 'stopped';

export interface PlaySnapshot {
  status: PlayStatus;
  /** The media server's refusal code, or 'network' / 'ice'. */
  error: string | null;
  /** Seat id → its stream (tracks stay silent until the seat publishes). */
  streams: ReadonlyMap<string, MediaStream>;
}

export interface PlayTarget {
  url: string;
  token: string;
  /** Seats to receive, in slot order: 'anchor' first, then the mic seats (the credentials list them). */
  seats: string[];
}

export interface PlayerOptions {
  target: () => Promise<PlayTarget>;
  /** Seats not to receive: the ones this page publishes itself (it shows its own preview instead). */
  exclude?: readonly string[];
  /**
   * The seats the credentials will most likely list (from the room info): the offer is made and
   * its ICE gathered while the token is fetched. A different answer just costs a fresh offer.
   */
  seatsHint?: readonly string[];
  maxRetries?: number;
}

/** A viewer's WHEP playback of a room, with reconnection. React reads it through useSyncExternalStore. */
export class RoomPlayer {
  private snap: PlaySnapshot = { status: 'idle', error: null, streams: new Map() };
  private session: PlaySession | null = null;
  private retries = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private generation = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly opts: PlayerOptions) {}

  getSnapshot = (): PlaySnapshot => this.snap;
  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  /** The live peer connection, for the network indicator. */
  get peer(): RTCPeerConnection | null {
    return (this.session?.pc as RTCPeerConnection | undefined) ?? null;
  }

  start(): void {
    if (this.snap.status !== 'idle' && this.snap.status !== 'failed' && this.snap.status !== 'stopped') return;
    this.retries = 0;
    void this.connect(++this.generation, 'connecting');
  }

  /** Stops now and tears the peer connection down (leaving the page, the room closed, kicked). */
  stop(): void {
    this.generation++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const s = this.session;
    this.session = null;
    this.set({ status: 'stopped', streams: new Map() });
    void s?.stop();
  }

  /** A manual retry after `failed` (the network-lost screen's button). */
  retry(): void {
    this.stop();
    this.start();
  }

  private async connect(gen: number, status: 'connecting' | 'reconnecting'): Promise<void> {
    this.set({ status });
    const wanted = (seats: readonly string[]) => seats.filter((x) => !this.opts.exclude?.includes(x));
    const hint = wanted(this.opts.seatsHint ?? []);
    let prepared: PreparedPlay | null = hint.length ? preparePlay(hint) : null;
    try {
      const { url, token, seats: all } = await this.opts.target();
      const seats = wanted(all);
      if (gen !== this.generation || seats.length === 0) {
        prepared?.pc.close();
        // Nothing to watch (an anchor whose room has no mic seats): no connection at all.
        if (gen === this.generation) this.set({ status: 'idle', error: null });
        return;
      }
      if (!prepared || prepared.seats.join() !== seats.join()) {
        prepared?.pc.close();
        prepared = preparePlay(seats);
      }
      const session = await playPrepared(prepared, url, token);
      prepared = null;
      if (gen !== this.generation) {
        void session.stop();
        return;
      }
      this.session = session;
      this.set({ streams: new Map(session.streams) });
      this.watch(session, gen);
    } catch (err) {
      prepared?.pc.close();
      if (gen !== this.generation) return;
      if (err instanceof WhipError && err.status >= 400 && err.status < 500) {
        this.set({ status: 'failed', error: err.code });
        return;
      }
      this.scheduleRetry(gen, err instanceof WhipError ? err.code : 'network');
    }
  }

  private watch(session: PlaySession, gen: number): void {
    const pc = session.pc as RTCPeerConnection;
    const onState = () => {
      if (gen !== this.generation) return;
      const s = pc.connectionState;
      if (s === 'connected') {
        this.retries = 0;
        this.set({ status: 'playing', error: null });
      } else if (s === 'disconnected') {
        // ICE often recovers by itself within seconds; say so, but keep the connection.
        this.set({ status: 'reconnecting', error: 'ice' });
      } else if (s === 'failed') {
        pc.removeEventListener('connectionstatechange', onState);
        this.session = null;
        void session.stop();
        this.scheduleRetry(gen, 'ice');
      }
    };
    pc.addEventListener('connectionstatechange', onState);
    onState();
  }

  private scheduleRetry(gen: number, error: string): void {
    // A server that does not answer at all (down, or out of reach) is waited out however long it
    // takes; only its answers and failed connections use up retries (decision 0179).
    const unanswered = error === 'network';
    if (!unanswered && this.retries >= (this.opts.maxRetries ?? 4)) {
      this.set({ status: 'failed', error });
      return;
    }
    const delay = Math.min(1000 * 2 ** this.retries, 5000);
    if (!unanswered || this.retries < 3) this.retries++;
    this.set({ status: 'reconnecting', error });
    this.timer = setTimeout(() => {
      this.timer = null;
      if (gen === this.generation) void this.connect(gen, 'reconnecting');
    }, delay);
  }

  private set(patch: Partial<PlaySnapshot>): void {
    this.snap = { ...this.snap, ...patch };
    this.listeners.forEach((l) => l());
  }
}
