import {
  applyEnabled,
  CaptureError,
  openCameraTrack,
  openCapture,
  openScreenTrack,
  videoConstraints,
  type CaptureFailure,
  type CaptureSettings,
} from './capture';
import { publish, WhipError, type MediaSession } from './whipClient';

/**
 * idle → capturing → connecting → live ⇄ reconnecting → failed | stopped.
 * `reconnecting` republishes the same tracks (the SFU replaces a user's own seat session).
 */
export type BroadcastStatus = 'idle' | 'capturing' | 'connecting' | 'live' | 'reconnecting' | 'failed' | 'stopped';

export interface BroadcastSnapshot {
  status: BroadcastStatus;
  /** Why it failed: a capture failure or the media server's refusal code. */
  error: CaptureFailure | string | null;
  camera: boolean;
  mic: boolean;
  frontCamera: boolean;
  vertical: boolean;
  screen: boolean;
  /** What the publisher sees of itself: the video track being sent (never the audio: no echo). */
  preview: MediaStream | null;
  /** The captured microphone alone, for one's own speaking indicator (never played). */
  micLevel: MediaStream | null;
  /** `hd`: the configured bitrate; `smooth`: the lower one a weak uplink can hold (decision 0232). */
  quality: BroadcastQuality;
}

export type BroadcastQuality = 'hd' | 'smooth';

/** Smooth quality sends this share of the configured bitrate, at this fraction of the resolution. */
export const SMOOTH_BITRATE_SHARE = 0.4;
const SMOOTH_SCALE_DOWN = 1.5;

/** Where and how to publish; asked again on every (re)connect so a fresh media token is used. */
export interface BroadcastTarget {
  url: string;
  token: string;
}

export interface BroadcasterOptions {
  target: () => Promise<BroadcastTarget>;
  maxBitrate: number;
  /**
   * How long a lost connection is retried before giving up (default 60 s, the room's default grace
   * period: as long as the room waits for its anchor). Each attempt waits a little longer (1 s, 2 s,
   * 4 s, then every 5 s) and asks `target` again: a room that moved because its media instance died
   * is found at its new URL even when its `media` event was missed.
   */
  retryForMs?: number;
}

/** Publishes camera + microphone over WHIP and swaps what is sent without renegotiating. */
export class Broadcaster {
  private snap: BroadcastSnapshot;
  private stream: MediaStream | null = null;
  private cameraTrack: MediaStreamTrack | null = null;
  private screenTrack: MediaStreamTrack | null = null;
  private session: MediaSession | null = null;
  private retries = 0;
  /** When the current run of failed attempts began (0: none). */
  private failingSince = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private generation = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly opts: BroadcasterOptions,
    settings: CaptureSettings,
  ) {
    this.snap = {
      status: 'idle',
      error: null,
      camera: settings.camera,
      mic: settings.audio,
      frontCamera: settings.frontCamera,
      vertical: settings.vertical,
      screen: false,
      preview: null,
      micLevel: null,
      quality: 'hd',
    };
  }

  getSnapshot = (): BroadcastSnapshot => this.snap;
  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  /** Captures and publishes. Resolves when the offer was answered (or it failed: see the snapshot). */
  async start(): Promise<void> {
    if (this.snap.status !== 'idle' && this.snap.status !== 'failed') return;
    const gen = ++this.generation;
    this.set({ status: 'capturing', error: null });
    try {
      this.stream ??= await openCapture({ ...this.snap, audio: this.snap.mic });
    } catch (err) {
      if (gen === this.generation) this.set({ status: 'failed', error: err instanceof CaptureError ? err.reason : 'unknown' });
      return;
    }
    if (gen !== this.generation) return;
    this.cameraTrack = this.stream.getVideoTracks()[0] ?? null;
    const mic = this.stream.getAudioTracks();
    this.set({ preview: this.previewOf(this.cameraTrack), micLevel: mic.length ? new MediaStream(mic) : null });
    await this.connect(gen, 'connecting');
  }

  /**
   * Publishes the same tracks again at once with fresh credentials: the room moved to another media
   * node (the room channel's `media` event), so the current session's node is gone.
   */
  republish(): void {
    // After giving up too: the move is news the failed attempts did not have.
    if (!this.stream || this.snap.status === 'stopped') return;
    const gen = ++this.generation;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const old = this.session;
    this.session = null;
    void old?.stop();
    this.retries = 0;
    this.failingSince = 0;
    void this.connect(gen, 'reconnecting');
  }

  /** Ends the broadcast: DELETE the session, stop every device. Idempotent. */
  async stop(): Promise<void> {
    this.generation++;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const session = this.session;
    this.session = null;
    this.stream?.getTracks().forEach((t) => t.stop());
    this.screenTrack?.stop();
    this.stream = null;
    this.cameraTrack = this.screenTrack = null;
    this.set({ status: 'stopped', preview: null, micLevel: null, screen: false });
    await session?.stop();
  }

  setCamera(on: boolean): void {
    if (this.cameraTrack) this.cameraTrack.enabled = on;
    this.set({ camera: on });
  }

  setMic(on: boolean): void {
    this.stream?.getAudioTracks().forEach((t) => (t.enabled = on));
    this.set({ mic: on });
  }

  /** Front ⇄ back camera: a new track replaces the sent one in place (no renegotiation). */
  async flipCamera(): Promise<void> {
    await this.reopenCamera({ frontCamera: !this.snap.frontCamera, vertical: this.snap.vertical });
  }

  /** Portrait ⇄ landscape capture. */
  async setVertical(vertical: boolean): Promise<void> {
    const track = this.cameraTrack;
    if (!track) return this.set({ vertical });
    try {
      // Most cameras re-crop in place; reopening is the fallback.
      await track.applyConstraints(videoConstraints({ frontCamera: this.snap.frontCamera, vertical }));
      this.set({ vertical, preview: this.screenTrack ? this.snap.preview : this.previewOf(track) });
    } catch {
      await this.reopenCamera({ frontCamera: this.snap.frontCamera, vertical });
    }
  }

  /** Sends the screen instead of the camera; ends by itself when the user stops sharing in the browser UI. */
  async startScreen(): Promise<boolean> {
    if (this.screenTrack) return true;
    const track = await openScreenTrack();
    if (!track) return false;
    this.screenTrack = track;
    track.addEventListener('ended', () => void this.stopScreen());
    await this.videoSender()?.replaceTrack(track);
    this.set({ screen: true, preview: this.previewOf(track) });
    return true;
  }

  async stopScreen(): Promise<void> {
    const track = this.screenTrack;
    if (!track) return;
    this.screenTrack = null;
    await this.videoSender()?.replaceTrack(this.cameraTrack);
    track.stop();
    this.set({ screen: false, preview: this.previewOf(this.cameraTrack) });
  }

  /** The video bitrate this broadcast is set to send now (the quality's), bit/s. */
  get targetBitrate(): number {
    return this.snap.quality === 'hd' ? this.opts.maxBitrate : Math.round(this.opts.maxBitrate * SMOOTH_BITRATE_SHARE);
  }

  /** Switches the sent quality in place (no renegotiation): a lower bitrate and resolution for a weak uplink, or back. */
  async setQuality(quality: BroadcastQuality): Promise<void> {
    this.set({ quality });
    await this.applyCap();
  }

  /** Caps the live sender's video at the quality's bitrate and resolution. */
  private async applyCap(): Promise<void> {
    const sender = this.videoSender();
    if (!sender) return;
    const params = sender.getParameters();
    if (!params.encodings?.length) params.encodings = [{}];
    for (const e of params.encodings) {
      e.maxBitrate = this.targetBitrate;
      e.scaleResolutionDownBy = this.snap.quality === 'hd' ? 1 : SMOOTH_SCALE_DOWN;
    }
    await sender.setParameters(params).catch(() => undefined);
  }

  /** The live peer connection (stats in tests and the network indicator). */
  get peer(): RTCPeerConnection | null {
    return (this.session?.pc as RTCPeerConnection | undefined) ?? null;
  }

  private async reopenCamera(next: Pick<CaptureSettings, 'frontCamera' | 'vertical'>): Promise<void> {
    const old = this.cameraTrack;
    let track: MediaStreamTrack;
    try {
      track = await openCameraTrack(next);
    } catch {
      return; // keep sending the old camera: a phone with one camera simply does not flip
    }
    track.enabled = this.snap.camera;
    if (!this.screenTrack) await this.videoSender()?.replaceTrack(track);
    if (old && this.stream) {
      this.stream.removeTrack(old);
      old.stop();
    }
    this.stream?.addTrack(track);
    this.cameraTrack = track;
    this.set({ ...next, preview: this.screenTrack ? this.snap.preview : this.previewOf(track) });
  }

  private async connect(gen: number, status: 'connecting' | 'reconnecting'): Promise<void> {
    if (!this.stream) return;
    this.set({ status });
    try {
      const target = await this.opts.target();
      if (gen !== this.generation) return;
      applyEnabled(this.stream, { camera: this.snap.camera, audio: this.snap.mic });
      const session = await publish(target.url, target.token, this.stream, { maxBitrate: this.targetBitrate });
      if (gen !== this.generation) {
        void session.stop();
        return;
      }
      this.session = session;
      // The offer carried the camera; a screen share started during a reconnect goes back on the wire.
      if (this.screenTrack) await this.videoSender()?.replaceTrack(this.screenTrack);
      this.watch(session, gen);
    } catch (err) {
      if (gen !== this.generation) return;
      // A refusal (seat taken, room closed, not allowed) will not change by retrying.
      if (err instanceof WhipError && err.status >= 400 && err.status < 500) return this.set({ status: 'failed', error: err.code });
      this.scheduleRetry(gen, err instanceof WhipError ? err.code : 'network');
    }
  }

  private watch(session: MediaSession, gen: number): void {
    const pc = session.pc as RTCPeerConnection;
    const onState = () => {
      if (gen !== this.generation) return;
      const s = pc.connectionState;
      if (s === 'connected') {
        this.retries = 0;
        this.failingSince = 0;
        this.set({ status: 'live', error: null });
        // sendEncodings set the cap at creation; setting it again once live covers browsers that
        // only honour setParameters after negotiation (and puts a smooth quality's resolution back).
        void this.applyCap();
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
    const now = Date.now();
    if (this.failingSince === 0) this.failingSince = now;
    if (now - this.failingSince >= (this.opts.retryForMs ?? 60_000)) return this.set({ status: 'failed', error });
    const delay = Math.min(1000 * 2 ** this.retries, 5000);
    this.retries++;
    this.set({ status: 'reconnecting', error });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (gen === this.generation) void this.connect(gen, 'reconnecting');
    }, delay);
  }

  private videoSender(): RTCRtpSender | undefined {
    const pc = this.peer;
    // The receiver's kind never changes, unlike sender.track (null after replaceTrack(null)).
    return pc?.getTransceivers().find((t) => t.receiver.track.kind === 'video')?.sender;
  }

  private previewOf(track: MediaStreamTrack | null): MediaStream | null {
    return track ? new MediaStream([track]) : null;
  }

  private set(patch: Partial<BroadcastSnapshot>): void {
    this.snap = { ...this.snap, ...patch };
    this.listeners.forEach((l) => l());
  }
}
