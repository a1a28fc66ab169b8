/**
 * Browser WHIP/WHEP client for the SFU (apps/server/src/media), dependency-free and without Node
 * imports so the web app can import or move it as is. Non-trickle: gather every ICE candidate, POST
 * one offer, apply the answer, DELETE the session URL on stop.
 *
 *   const pub = await publish('/api/media/whip/ROOM/anchor', token, camStream, { maxBitrate: 1_000_000 });
 *   const { stream, streams } = await play('/api/media/whep/ROOM', token, { seats: ['anchor', 'seat-1'] });
 *   // streams.get('seat-1') is the co-host's MediaStream (it may stay empty until the seat publishes)
 *   await pub.stop();
 *
 * Types: this file is also type-checked by the server project, which has no DOM library. The DOM
 * types are used when the program has them (the web app) and small structural stand-ins otherwise.
 */

// ---- types: real DOM types in a DOM program, minimal stand-ins in the Node one -------------------

interface MiniTrack {
  readonly kind: string;
  stop(): void;
}
interface MiniStream {
  readonly id: string;
  getTracks(): MiniTrack[];
  addTrack(track: never): void;
}
interface MiniSender {
  getParameters(): { encodings: { maxBitrate?: number }[] };
  setParameters(p: never): Promise<void>;
}
interface MiniPeerConnection {
  readonly iceGatheringState: string;
  readonly connectionState: string;
  readonly localDescription: { readonly sdp: string } | null;
  addTransceiver(trackOrKind: never, init?: never): { readonly sender: MiniSender; setCodecPreferences?(codecs: never): void };
  createOffer(): Promise<{ sdp?: string; type: string }>;
  setLocalDescription(d?: never): Promise<void>;
  setRemoteDescription(d: never): Promise<void>;
  addEventListener(type: string, listener: (ev: never) => void): void;
  removeEventListener(type: string, listener: (ev: never) => void): void;
  getStats(): Promise<unknown>;
  close(): void;
}
type G = typeof globalThis;
export type PeerConnection = G extends { RTCPeerConnection: { prototype: infer P } } ? P : MiniPeerConnection;
export type Stream = G extends { MediaStream: { prototype: infer S } } ? S : MiniStream;
type Track = G extends { MediaStreamTrack: { prototype: infer T } } ? T : MiniTrack;
type TrackEvent = { track: Track; streams: readonly Stream[] };

const PC = (): new (config?: object) => PeerConnection =>
  (globalThis as unknown as { RTCPeerConnection: new (config?: object) => PeerConnection }).RTCPeerConnection;
const MS = (): new (tracks?: Track[]) => Stream => (globalThis as unknown as { MediaStream: new (tracks?: Track[]) => Stream }).MediaStream;

// ---- API -------------------------------------------------------------------------------------------

/** A refusal from the media server: HTTP status plus its `{code, msg}` (e.g. 403 forbidden, 503 viewer_limit). */
export class WhipError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    msg: string,
  ) {
    super(msg);
    this.name = 'WhipError';
  }
}

export interface MediaSession {
  pc: PeerConnection;
  /** Absolute session URL (the `Location` of the 201). */
  location: string;
  /** DELETEs the session (best effort) and closes the peer connection. Idempotent. */
  stop(): Promise<void>;
}

export interface PublishOptions {
  /** Video bitrate cap in bit/s (the server also caps with REMB). Default 1 Mbps. */
  maxBitrate?: number;
  maxFramerate?: number;
  /** Give up waiting for ICE gathering after this long and send what was gathered. Default 3000. */
  iceTimeoutMs?: number;
  /**
   * The video codec offered first. Default H.264: a room that arrives as H.264 can be remuxed to
   * HLS without transcoding, and it is what OBS and phones send. VP8 stays in the offer as a fallback.
   */
  videoCodec?: 'h264' | 'vp8';
}

export interface PlayOptions {
  /** Seats to receive, one audio+video slot each, in this order. Default: 1 slot, the server fills it. */
  seats?: string[];
  /** Slots to offer without naming seats (the server binds the seats publishing now, anchor first). */
  slots?: number;
  iceTimeoutMs?: number;
}

export interface PlaySession extends MediaSession {
  /** The first seat's stream (the anchor's, usually). */
  stream: Stream;
  /** Stream per seat id (the answer labels each slot with its seat). */
  streams: Map<string, Stream>;
}

/** Publishes a camera/microphone stream with WHIP. */
export async function publish(url: string, token: string, stream: Stream, opts: PublishOptions = {}): Promise<MediaSession> {
  const pc = new (PC())({ bundlePolicy: 'max-bundle' });
  try {
    for (const track of (stream as MiniStream).getTracks() as Track[]) {
      const video = (track as MiniTrack).kind === 'video';
      const encoding: { maxBitrate?: number; maxFramerate?: number } = {};
      if (video) {
        encoding.maxBitrate = opts.maxBitrate ?? 1_000_000;
        if (opts.maxFramerate) encoding.maxFramerate = opts.maxFramerate;
      }
      // sendEncodings at creation is the one place Chrome reliably honours maxBitrate before negotiation.
      const transceiver = (pc as MiniPeerConnection).addTransceiver(
        track as never,
        {
          direction: 'sendonly',
          streams: [stream],
          sendEncodings: video ? [encoding] : undefined,
        } as never,
      );
      if (video) preferCodec(transceiver, opts.videoCodec ?? 'h264');
    }
    return await negotiate(pc, url, token, opts.iceTimeoutMs);
  } catch (err) {
    (pc as MiniPeerConnection).close();
    throw err;
  }
}

/** Plays a room with WHEP: one peer connection carrying every requested seat. */
export async function play(url: string, token: string, opts: PlayOptions = {}): Promise<PlaySession> {
  const slots = opts.seats?.length ? opts.seats : Math.max(1, opts.slots ?? 1);
  return playPrepared(preparePlay(slots, opts.iceTimeoutMs), url, token);
}

/** A WHEP offer made (and its ICE gathered) before the URL and token are known. */
export interface PreparedPlay {
  pc: PeerConnection;
  /** The seats named in the offer (empty when only a slot count was given). */
  seats: string[];
  streams: Map<string, Stream>;
  /** Resolves when the offer is complete (ICE gathered or timed out). */
  ready: Promise<void>;
}

/**
 * Starts a WHEP offer for these seats (or this many unnamed slots) at once: the ICE gathering then
 * overlaps whatever the caller waits for meanwhile (joining the room, fetching the token).
 * Finish with playPrepared(); close `pc` if it is abandoned.
 */
export function preparePlay(seats: string[] | number, iceTimeoutMs?: number): PreparedPlay {
  const pc = new (PC())({ bundlePolicy: 'max-bundle' });
  const streams = new Map<string, Stream>();
  const onTrack = (ev: TrackEvent): void => {
    const s = ev.streams[0];
    if (s) streams.set((s as MiniStream).id, s);
  };
  (pc as MiniPeerConnection).addEventListener('track', onTrack as (ev: never) => void);
  const named = Array.isArray(seats) ? seats : [];
  const slots = Array.isArray(seats) ? seats.length : seats;
  for (let i = 0; i < slots; i++) {
    // Audio then video per slot: the server pairs the i-th audio with the i-th video section.
    (pc as MiniPeerConnection).addTransceiver('audio' as never, { direction: 'recvonly' } as never);
    (pc as MiniPeerConnection).addTransceiver('video' as never, { direction: 'recvonly' } as never);
  }
  const ready = makeOffer(pc as MiniPeerConnection, iceTimeoutMs, withStaticPayloadTypes);
  // A failure surfaces in playPrepared; this keeps an abandoned one from being reported as unhandled.
  ready.catch(() => undefined);
  return { pc, seats: named, streams, ready };
}

/** Sends a prepared WHEP offer and applies the answer. */
export async function playPrepared(prepared: PreparedPlay, url: string, token: string): Promise<PlaySession> {
  const { pc, seats, streams } = prepared;
  try {
    await prepared.ready;
    const target = seats.length ? withQuery(url, 'seats', seats.join(',')) : url;
    const session = await exchange(pc, target, token);
    const first = (seats[0] && streams.get(seats[0])) || streams.values().next().value;
    return { ...session, stream: first ?? new (MS())(), streams };
  } catch (err) {
    (pc as MiniPeerConnection).close();
    throw err;
  }
}

// ---- internals ---------------------------------------------------------------------------------------

async function negotiate(pc: PeerConnection, url: string, token: string, iceTimeoutMs = 3000): Promise<MediaSession> {
  await makeOffer(pc as MiniPeerConnection, iceTimeoutMs);
  return exchange(pc, url, token);
}

async function makeOffer(p: MiniPeerConnection, iceTimeoutMs = 3000, edit: (sdp: string) => string = (s) => s): Promise<void> {
  const offer = await p.createOffer();
  await p.setLocalDescription({ type: offer.type, sdp: edit(offer.sdp ?? '') } as never);
  await iceGatheringComplete(p, iceTimeoutMs);
}

async function exchange(pc: PeerConnection, url: string, token: string): Promise<MediaSession> {
  const p = pc as MiniPeerConnection;
  const offer = p.localDescription?.sdp;
  if (!offer) throw new WhipError(0, 'no_offer', 'the browser produced no SDP offer');
  const endpoint = absolute(url);
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/sdp', authorization: `Bearer ${token}` },
    body: offer,
  });
  if (res.status !== 201) throw await toError(res);
  const answer = await res.text();
  const loc = res.headers.get('location');
  if (!loc) throw new WhipError(res.status, 'no_location', 'the media server sent no session Location');
  const location = new URL(loc, endpoint).toString();
  await p.setRemoteDescription({ type: 'answer', sdp: answer } as never);
  let stopped = false;
  return {
    pc,
    location,
    async stop() {
      if (stopped) return;
      stopped = true;
      p.close();
      // keepalive lets the DELETE leave even when called from pagehide.
      await fetch(location, { method: 'DELETE', headers: { authorization: `Bearer ${token}` }, keepalive: true }).catch(() => {});
    },
  };
}

interface CodecCapability {
  mimeType: string;
  sdpFmtpLine?: string;
}

/**
 * Puts the chosen codec first in the offer (the server answers in the offer's order, and the
 * browser sends the answer's first codec). H.264: packetization-mode 1, Constrained Baseline first,
 * as every WebRTC client decodes it. Browsers without the API or the codec keep their own order.
 */
function preferCodec(transceiver: { setCodecPreferences?(codecs: never): void }, codec: 'h264' | 'vp8'): void {
  const caps = (globalThis as { RTCRtpReceiver?: { getCapabilities?(kind: string): { codecs: CodecCapability[] } | null } }).RTCRtpReceiver?.getCapabilities?.(
    'video',
  )?.codecs;
  if (!caps || !transceiver.setCodecPreferences) return;
  const rank = (c: CodecCapability): number => {
    const mime = c.mimeType.toLowerCase();
    const fmtp = c.sdpFmtpLine ?? '';
    if (codec === 'h264' && mime === 'video/h264' && /packetization-mode=1/.test(fmtp)) return /profile-level-id=42e0/.test(fmtp) ? 0 : 1;
    if (mime === `video/${codec}`) return 0;
    return 2;
  };
  const sorted = caps
    .map((c, i) => ({ c, i, r: rank(c) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.c);
  if (rank(sorted[0]!) === 2) return; // this browser cannot send that codec
  try {
    transceiver.setCodecPreferences(sorted as never);
  } catch {
    /* an older browser refusing the list: its own order stays */
  }
}

function iceGatheringComplete(pc: MiniPeerConnection, timeoutMs: number): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check as (ev: never) => void);
      resolve();
    };
    const check = (): void => {
      if (pc.iceGatheringState === 'complete') done();
    };
    // On a timeout the candidates gathered so far are in localDescription already: send those.
    const timer = setTimeout(done, timeoutMs);
    pc.addEventListener('icegatheringstatechange', check as (ev: never) => void);
  });
}

async function toError(res: Response): Promise<WhipError> {
  let code = `http_${res.status}`;
  let msg = `the media server answered ${res.status}`;
  try {
    const body = (await res.json()) as { code?: unknown; msg?: unknown };
    if (typeof body.code === 'string') code = body.code;
    if (typeof body.msg === 'string') msg = body.msg;
  } catch {
    /* not JSON: keep the status text */
  }
  return new WhipError(res.status, code, msg);
}

function absolute(url: string): string {
  const base = (globalThis as { location?: { href: string } }).location?.href;
  return new URL(url, base).toString();
}

function withQuery(url: string, key: string, value: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${key}=${encodeURIComponent(value)}`;
}

/**
 * Payload types of a WHEP offer moved to the numbers Janus 1.1 sends (VP8 96, H.264 107, Opus 111):
 * its VideoRoom rewrites every stream it forwards to those fixed numbers and ignores the numbers a
 * viewer's answer names, so a viewer must receive each codec on them (decision: the Janus engine).
 * A swap within one's own offer; the embedded engine forwards in whatever numbers a viewer offers.
 */
const STATIC_PTS: { kind: 'audio' | 'video'; pt: number; match: (name: string, fmtp: string) => boolean }[] = [
  { kind: 'audio', pt: 111, match: (n) => n === 'opus' },
  { kind: 'video', pt: 96, match: (n) => n === 'vp8' },
  // Constrained Baseline first; any packetization-mode 1 H.264 otherwise (the decoder takes every profile).
  { kind: 'video', pt: 107, match: (n, f) => n === 'h264' && /packetization-mode=1/.test(f) && /profile-level-id=42e0/i.test(f) },
  { kind: 'video', pt: 107, match: (n, f) => n === 'h264' && /packetization-mode=1/.test(f) },
];

/** The offer with its sections' payload types renumbered (a swap per target: no number is lost or doubled). */
function withStaticPayloadTypes(sdp: string): string {
  const [head, ...sections] = sdp.split(/\r\n(?=m=)/);
  const done = sections.map((section) => {
    const kind = section.startsWith('m=audio') ? 'audio' : section.startsWith('m=video') ? 'video' : undefined;
    let out = section;
    const placed = new Set<number>();
    for (const t of STATIC_PTS) {
      if (t.kind !== kind || placed.has(t.pt)) continue;
      const from = findPt(out, t.match);
      if (from === undefined) continue;
      placed.add(t.pt);
      if (from !== t.pt) out = swapPt(out, from, t.pt);
    }
    return out;
  });
  return [head, ...done].join('\r\n');
}

function findPt(section: string, match: (name: string, fmtp: string) => boolean): number | undefined {
  for (const m of section.matchAll(/^a=rtpmap:(\d+) ([^/\s]+)/gm)) {
    const pt = m[1]!;
    const fmtp = new RegExp(`^a=fmtp:${pt} (.*)$`, 'm').exec(section)?.[1] ?? '';
    if (match(m[2]!.toLowerCase(), fmtp)) return Number(pt);
  }
  return undefined;
}

function swapPt(section: string, a: number, b: number): string {
  const swap = (pt: string): string => (pt === String(a) ? String(b) : pt === String(b) ? String(a) : pt);
  return section
    .replace(/^(m=\S+ \S+ \S+)((?: \d+)*)/, (_m, h: string, list: string) => h + list.replace(/\d+/g, swap))
    .replace(/^(a=(?:rtpmap|fmtp|rtcp-fb):)(\d+)/gm, (_m, pre: string, pt: string) => pre + swap(pt))
    .replace(/apt=(\d+)/g, (_m, pt: string) => `apt=${swap(pt)}`)
    .replace(/^(a=fmtp:\d+ )(\d+(?:\/\d+)+)$/gm, (_m, pre: string, list: string) => pre + list.replace(/\d+/g, swap));
}
