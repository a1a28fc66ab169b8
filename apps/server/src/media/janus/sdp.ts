/**
 * Just enough SDP for the Janus engine: sections, codecs, and the WHEP bridge.
 *
 * WHEP clients send the offer; Janus 1.1's VideoRoom always makes the offer for a subscriber. The
 * bridge answers both offers itself (see docs/decisions/0157-janus-engine.md): the WHEP client gets
 * an answer carrying Janus's ICE credentials, fingerprint, candidates and SSRCs in the client's own
 * payload types; Janus gets an answer carrying the client's ICE credentials, fingerprint and
 * candidates. DTLS roles are fixed (client active, Janus passive); both ICE agents think they
 * offered, and RFC 8445's role-conflict rule settles who controls. The MID header extension is not
 * negotiated on either side (their mids differ): the client demultiplexes by the SSRCs the answer
 * names.
 */
import { MediaError, MediaErrorCode } from '../errors.js';

export interface SdpSection {
  kind: 'audio' | 'video' | string;
  port: number;
  mid: string | undefined;
  lines: string[];
}

export interface ParsedSdp {
  session: string[];
  sections: SdpSection[];
}

export interface Codec {
  pt: number;
  name: string;
  clock: number;
  channels: number | undefined;
  fmtp: string | undefined;
  feedback: string[];
}

export function parseSdp(sdp: string): ParsedSdp {
  const lines = sdp.split(/\r?\n/).filter((l) => l !== '');
  const out: ParsedSdp = { session: [], sections: [] };
  for (const line of lines) {
    if (line.startsWith('m=')) {
      const [kind, port] = line.slice(2).split(' ');
      out.sections.push({ kind: kind ?? '', port: Number(port), mid: undefined, lines: [line] });
    } else if (out.sections.length === 0) {
      out.session.push(line);
    } else {
      const s = out.sections[out.sections.length - 1]!;
      if (line.startsWith('a=mid:')) s.mid = line.slice(6).trim();
      s.lines.push(line);
    }
  }
  return out;
}

/** The value of the first `a=<name>:` line of a section, falling back to the session level. */
export function attr(sdp: ParsedSdp, section: SdpSection | undefined, name: string): string | undefined {
  const find = (lines: string[]) => lines.find((l) => l.startsWith(`a=${name}:`))?.slice(name.length + 3);
  return (section && find(section.lines)) ?? find(sdp.session);
}

export function hasFlag(sdp: ParsedSdp, section: SdpSection | undefined, name: string): boolean {
  return (section?.lines ?? []).includes(`a=${name}`) || sdp.session.includes(`a=${name}`);
}

export function codecs(section: SdpSection): Codec[] {
  const m = section.lines[0]!.split(' ').slice(3).map(Number);
  return m.flatMap((pt) => {
    const rtpmap = section.lines.find((l) => l.startsWith(`a=rtpmap:${pt} `));
    if (!rtpmap) return [];
    const [name, clock, channels] = rtpmap.split(' ')[1]!.split('/');
    const fmtp = section.lines.find((l) => l.startsWith(`a=fmtp:${pt} `))?.slice(`a=fmtp:${pt} `.length);
    const feedback = section.lines.filter((l) => l.startsWith(`a=rtcp-fb:${pt} `)).map((l) => l.slice(`a=rtcp-fb:${pt} `.length));
    return [{ pt, name: name!, clock: Number(clock), channels: channels ? Number(channels) : undefined, fmtp, feedback }];
  });
}

const fmtpParam = (fmtp: string | undefined, key: string): string | undefined =>
  fmtp
    ?.split(';')
    .map((kv) => kv.trim().split('='))
    .find(([k]) => k === key)?.[1];

/** Whether a codec offered by one side can carry what the other side's codec sends (name, H.264 packetization and profile). */
export function sameCodec(a: Codec, b: Codec, sameProfile = true): boolean {
  if (a.name.toLowerCase() !== b.name.toLowerCase() || a.clock !== b.clock) return false;
  if (a.name.toLowerCase() !== 'h264') return true;
  if ((fmtpParam(a.fmtp, 'packetization-mode') ?? '0') !== (fmtpParam(b.fmtp, 'packetization-mode') ?? '0')) return false;
  // A decoder takes every profile it is given; the number and packetization are what must agree.
  if (!sameProfile) return true;
  // The profile (first byte of profile-level-id): 42 baseline, 4d main, 64 high; e0 vs c0 is a constraint flag.
  const profile = (c: Codec) => (fmtpParam(c.fmtp, 'profile-level-id') ?? '42e01f').slice(0, 2).toLowerCase();
  return profile(a) === profile(b);
}

const isMedia = (s: SdpSection) => s.kind === 'audio' || s.kind === 'video';
const FEEDBACK = new Set(['nack', 'nack pli', 'ccm fir', 'goog-remb']);

/** Where the i-th client slot's audio and video come from on Janus: the Janus sections (by mid) of a seat's feed. */
export interface SlotSource {
  seatId: string;
  audio: string | undefined;
  video: string | undefined;
}

/**
 * The WHEP client's answer, made from Janus's subscriber offer. `slots[i]` feeds the client's i-th
 * audio+video pair; a slot without a source (or a codec the client lacks) is answered inactive.
 */
export function answerForClient(clientOffer: string, janusOffer: string, slots: SlotSource[]): { sdp: string; pts: Map<string, number> } {
  const client = parseSdp(clientOffer);
  const janus = parseSdp(janusOffer);
  const janusByMid = new Map(janus.sections.filter((s) => s.mid !== undefined).map((s) => [s.mid!, s]));
  const first = janus.sections.find(isMedia);
  const ufrag = attr(janus, first, 'ice-ufrag');
  const pwd = attr(janus, first, 'ice-pwd');
  const fingerprint = attr(janus, first, 'fingerprint');
  if (!ufrag || !pwd || !fingerprint) throw new Error('janus offer without ICE credentials or fingerprint');
  const candidates = (first?.lines ?? []).filter((l) => l.startsWith('a=candidate:'));
  const address = /^c=IN IP4 (\S+)/m.exec(janusOffer)?.[1] ?? '0.0.0.0';

  const counters = { audio: 0, video: 0 } as Record<string, number>;
  const bundled: string[] = [];
  let sending = 0;
  /** Per Janus mid: the payload type the client receives that stream on. */
  const pts = new Map<string, number>();
  const sections = client.sections.map((cs) => {
    const index = isMedia(cs) ? counters[cs.kind]!++ : -1;
    const slot = index >= 0 ? slots[index] : undefined;
    const srcMid = slot ? (cs.kind === 'audio' ? slot.audio : slot.video) : undefined;
    const src = srcMid !== undefined ? janusByMid.get(srcMid) : undefined;
    const janusCodec = src ? codecs(src).find((c) => !/^(rtx|red|ulpfec)$/i.test(c.name)) : undefined;
    // Janus 1.1 sends in its fixed payload type (its offer's) whatever an answer names, and a browser
    // reads packets by its own offer's numbers: the client must receive that codec on that number (0185).
    const codec = janusCodec ? codecs(cs).find((c) => c.pt === janusCodec.pt && sameCodec(c, janusCodec, false)) : undefined;
    const mid = cs.mid ?? String(index);
    if (slot && janusCodec && !codec && cs.kind === 'video') {
      const offered = codecs(cs).some((c) => sameCodec(c, janusCodec, false));
      throw new MediaError(
        MediaErrorCode.BAD_SDP,
        offered
          ? `seat ${slot.seatId} is sent as ${janusCodec.name} in payload type ${janusCodec.pt} (the media node's fixed number), and the offer maps ${janusCodec.pt} to another codec`
          : `no common video codec: seat ${slot.seatId} publishes ${janusCodec.name}, and the offer cannot receive ${janusCodec.name}`,
      );
    }
    if (!isMedia(cs) || cs.port === 0) return rejected(cs, mid);
    const transport = [`c=IN IP4 ${address}`, 'a=rtcp:9 IN IP4 0.0.0.0', ...iceLines({ ufrag, pwd, fingerprint }, 'passive', mid)];
    bundled.push(mid);
    // A section with nothing to carry (a video-only seat's audio, a slot past the seats) stays in the
    // bundle, inactive, as the embedded engine answers it: a browser cannot take an answer that
    // rejects the section its offer tagged for the bundle (the first) while keeping others.
    if (!slot || !src || !codec) {
      const [first] = codecs(cs);
      return [`m=${cs.kind} 9 UDP/TLS/RTP/SAVPF ${first?.pt ?? 0}`, ...transport, 'a=inactive', 'a=rtcp-mux', ...(first ? [rtpmapLine(first)] : [])];
    }
    sending++;
    pts.set(srcMid!, codec.pt);
    const ssrc = src.lines
      .find((l) => /^a=ssrc:\d+ /.test(l))
      ?.split(' ')[0]!
      .slice(7);
    const track = `${slot.seatId}-${cs.kind}`;
    const lines = [
      `m=${cs.kind} 9 UDP/TLS/RTP/SAVPF ${codec.pt}`,
      ...transport,
      'a=sendonly',
      'a=rtcp-mux',
      rtpmapLine(codec),
      ...codec.feedback.filter((f) => FEEDBACK.has(f)).map((f) => `a=rtcp-fb:${codec.pt} ${f}`),
      ...(codec.fmtp ? [`a=fmtp:${codec.pt} ${codec.fmtp}`] : []),
      `a=msid:${slot.seatId} ${track}`,
      ...(ssrc ? [`a=ssrc:${ssrc} cname:janus`, `a=ssrc:${ssrc} msid:${slot.seatId} ${track}`] : []),
      ...candidates,
      'a=end-of-candidates',
    ];
    return lines;
  });
  if (sending === 0) throw new MediaError(MediaErrorCode.BAD_SDP, 'no common codec: the offer cannot receive what the seats publish');
  const session = [
    'v=0',
    `o=- ${Date.now()} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    `a=group:BUNDLE ${bundled.join(' ')}`,
    ...(hasFlag(janus, undefined, 'ice-lite') ? ['a=ice-lite'] : []),
    'a=msid-semantic: WMS *',
  ];
  return { sdp: [...session, ...sections.flat()].join('\r\n') + '\r\n', pts };
}

/** The client's own numbers for what a slot carries, when Janus's fixed ones are not the client's (a stock WHEP offer). */
export interface Numbering {
  seatId: string;
  video: Codec | undefined;
  audio: Codec | undefined;
}

/**
 * Whether the client's first slot cannot take Janus's fixed payload types (Chromium's own offer
 * maps 107, Janus's H.264, to rtx) though it offers the codecs: then the client's numbers for them
 * (a mountpoint numbered so feeds it: janusMounts.ts). Undefined when Janus's numbers do, or when
 * the client lacks a codec altogether (answerForClient says which).
 */
export function numberingFor(clientOffer: string, janusOffer: string, slots: SlotSource[]): Numbering | undefined {
  const slot = slots[0];
  if (!slot) return undefined;
  const client = parseSdp(clientOffer).sections.filter((s) => isMedia(s) && s.port !== 0);
  const janus = parseSdp(janusOffer);
  const sent = (mid: string | undefined) => {
    const src = mid !== undefined ? janus.sections.find((s) => s.mid === mid) : undefined;
    return src ? codecs(src).find((c) => !/^(rtx|red|ulpfec)$/i.test(c.name)) : undefined;
  };
  /** The codec the client takes a kind on; `renumbered`: not on Janus's number; `missing`: the client lacks the codec. */
  const pick = (kind: 'audio' | 'video', jc: Codec | undefined) => {
    const cs = client.find((s) => s.kind === kind);
    if (!cs || !jc) return { codec: undefined, renumbered: false, missing: false };
    const offered = codecs(cs);
    const same = offered.find((c) => c.pt === jc.pt && sameCodec(c, jc, false));
    if (same) return { codec: same, renumbered: false, missing: false };
    const codec = offered.find((c) => sameCodec(c, jc)) ?? offered.find((c) => sameCodec(c, jc, false));
    return { codec, renumbered: true, missing: !codec };
  };
  const video = pick('video', sent(slot.video));
  const audio = pick('audio', sent(slot.audio));
  if ((!video.renumbered && !audio.renumbered) || video.missing) return undefined;
  return { seatId: slot.seatId, video: video.codec, audio: audio.codec };
}

/** One side's ICE credentials and DTLS identity in a section, answered with the DTLS role `setup`. */
const iceLines = (ice: { ufrag: string; pwd: string; fingerprint: string }, setup: 'active' | 'passive', mid: string): string[] => [
  `a=ice-ufrag:${ice.ufrag}`,
  `a=ice-pwd:${ice.pwd}`,
  `a=fingerprint:${ice.fingerprint}`,
  `a=setup:${setup}`,
  `a=mid:${mid}`,
];

const rtpmapLine = (c: Codec): string => `a=rtpmap:${c.pt} ${c.name}/${c.clock}${c.channels ? `/${c.channels}` : ''}`;

function rejected(cs: SdpSection, mid: string): string[] {
  const fmt = cs.lines[0]!.split(' ').slice(3)[0] ?? '0';
  return [`m=${cs.kind} 0 ${cs.lines[0]!.split(' ')[2] ?? 'UDP/TLS/RTP/SAVPF'} ${fmt}`, 'c=IN IP4 0.0.0.0', `a=mid:${mid}`, 'a=inactive'];
}

/**
 * Janus's answer, made from its own offer and the WHEP client's offer (the client's ICE and DTLS
 * identity). Each stream is answered in the payload type the client receives it on (`pts`, from
 * answerForClient), which is Janus's own fixed number: Janus ignores an answer's numbers anyway.
 */
export function answerForJanus(clientOffer: string, janusOffer: string, pts: Map<string, number>): string {
  const client = parseSdp(clientOffer);
  const janus = parseSdp(janusOffer);
  const first = client.sections.find((s) => isMedia(s) && s.port !== 0);
  const ufrag = attr(client, first, 'ice-ufrag');
  const pwd = attr(client, first, 'ice-pwd');
  const fingerprint = attr(client, first, 'fingerprint');
  if (!ufrag || !pwd || !fingerprint) throw new MediaError(MediaErrorCode.BAD_SDP, 'the SDP offer has no ICE credentials or DTLS fingerprint');
  const candidates = (first?.lines ?? []).filter((l) => l.startsWith('a=candidate:'));
  const mids: string[] = [];
  const sections = janus.sections.map((js) => {
    const mid = js.mid ?? '';
    const codec = codecs(js).find((c) => !/^(rtx|red|ulpfec)$/i.test(c.name));
    const pt = pts.get(mid);
    if (!isMedia(js) || js.port === 0 || !codec || pt === undefined) return [js.lines[0]!.replace(/^(m=\S+) \d+/, '$1 0'), `a=mid:${mid}`, 'a=inactive'];
    mids.push(mid);
    return [
      `m=${js.kind} 9 UDP/TLS/RTP/SAVPF ${pt}`,
      'c=IN IP4 0.0.0.0',
      ...iceLines({ ufrag, pwd, fingerprint }, 'active', mid),
      'a=recvonly',
      'a=rtcp-mux',
      rtpmapLine({ ...codec, pt }),
      ...codec.feedback.filter((f) => FEEDBACK.has(f)).map((f) => `a=rtcp-fb:${pt} ${f}`),
      ...(codec.fmtp ? [`a=fmtp:${pt} ${codec.fmtp}`] : []),
      ...candidates,
    ];
  });
  const session = ['v=0', `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, 's=-', 't=0 0', `a=group:BUNDLE ${mids.join(' ')}`, 'a=msid-semantic: WMS *'];
  return [...session, ...sections.flat()].join('\r\n') + '\r\n';
}

/** The mids of Janus's subscriber offer per feed and kind, in the order of its `streams` list (a feed subscribed twice has two of each). */
export function janusMidsOf(streams: { mid?: string; feed_id?: string | number; type?: string }[]): Map<string, { audio: string[]; video: string[] }> {
  const out = new Map<string, { audio: string[]; video: string[] }>();
  for (const s of streams) {
    if (s.feed_id === undefined || s.mid === undefined) continue;
    const e = out.get(String(s.feed_id)) ?? { audio: [], video: [] };
    if (s.type === 'audio') e.audio.push(s.mid);
    if (s.type === 'video') e.video.push(s.mid);
    out.set(String(s.feed_id), e);
  }
  return out;
}

/** Every slot (audio+video pair) of a WHEP offer: how many the client can receive. */
export function slotCount(offer: string): number {
  const s = parseSdp(offer).sections;
  return Math.max(s.filter((x) => x.kind === 'audio').length, s.filter((x) => x.kind === 'video').length);
}

/**
 * A WHIP offer trimmed to what every viewer can take: H.264 with packetization-mode 1 (Janus 1.1
 * would otherwise take the first H.264 listed, mode 0 in Chrome's order), VP8 and Opus; RTX, RED
 * and FEC stay out (viewers' retransmissions go through NACK). Only the offerer's first video codec
 * stays: Janus picks by the room's codec order, the embedded SFU by the offer's, and the publisher
 * decides on both (a VP8-first anchor publishes VP8).
 */
export function trimPublishOffer(offer: string): string {
  const parsed = parseSdp(offer);
  const sections = parsed.sections.map((s) => {
    if (!isMedia(s)) return s.lines;
    const forwardable = codecs(s).filter((c) => {
      const name = c.name.toLowerCase();
      if (name === 'h264') return fmtpParam(c.fmtp, 'packetization-mode') === '1';
      return name === 'vp8' || name === 'opus';
    });
    const preferred = forwardable[0]?.name.toLowerCase();
    const keep = forwardable.filter((c) => c.name.toLowerCase() === preferred);
    if (keep.length === 0) return s.lines;
    const pts = new Set(keep.map((c) => c.pt));
    const [m, ...rest] = s.lines;
    const head = m!.split(' ').slice(0, 3).join(' ');
    const ptOf = (l: string): number | undefined => {
      const r = /^a=(?:rtpmap|fmtp|rtcp-fb):(\d+) /.exec(l);
      return r ? Number(r[1]) : undefined;
    };
    return [
      `${head} ${keep.map((c) => c.pt).join(' ')}`,
      ...rest.filter((l) => {
        const pt = ptOf(l);
        return pt === undefined || pts.has(pt);
      }),
    ];
  });
  return [...parsed.session, ...sections.flat()].join('\r\n') + '\r\n';
}
