/** Media (SFU) settings. Every one has a working default so tests and `npm start` need nothing. */
import { int, list, oneOf, optionalInt, optionalText, section, text } from '../config/setting.js';
import { parseCidr, type Cidr } from './candidates.js';

export interface MediaConfig {
  /** Address the UDP sockets bind to (werift `iceInterfaceAddresses.udp4`). */
  interfaceAddress: string;
  /** Address put in the host candidates (werift `iceAdditionalHostAddresses`): the public IP behind 1:1 NAT. */
  announcedAddress: string;
  /** Inclusive UDP port range for ICE, or undefined for ephemeral ports. */
  portRange: [number, number] | undefined;
  maxRooms: number;
  maxPublishersPerRoom: number;
  maxViewers: number;
  /** Video bitrate cap of a publisher in bit/s, sent to it as REMB and returned to clients as a hint. */
  maxPublishBitrate: number;
  /** A session whose peer connection is not connected this long after the answer is closed. */
  connectTimeoutMs: number;
  /**
   * A live publisher from whom nothing (RTP or RTCP) arrived this long is closed as gone: a crashed
   * tab or a lost network is otherwise noticed only by ICE consent, 30 s later. Clients must mute
   * with `track.enabled = false` (which keeps packets flowing), not by removing tracks.
   */
  publisherIdleMs: number;
  /** Which engine serves WHIP/WHEP: the SFU in this process, or Janus nodes (media/janus/). */
  engine: 'embedded' | 'janus';
  /** Janus nodes' WebSocket APIs (engine 'janus'): rooms are placed on the least loaded live one. */
  janusUrls: string[];
  /** Viewers one Janus node feeds before a room's further viewers go to another node. */
  janusNodeViewers: number;
  /** The origin clients reach this instance's WHIP/WHEP at directly ('' = PUBLIC_URL): its media node's URL. */
  publicUrl: string;
  /** The only ranges clients' ICE candidates are checked in (MEDIA_CANDIDATE_CIDRS); undefined: see candidates.ts. */
  candidateCidrs: Cidr[] | undefined;
}

/** Every media setting at its default (a bench or a test that builds an SFU on its own). */
export const mediaDefaults = (): MediaConfig => mediaSettings.schema.parse({});

/** The media settings: one section of the server's configuration schema. */
export const mediaSettings = section(
  {
    MEDIA_INTERFACE: text('127.0.0.1', '127.0.0.1', 'Address the SFU UDP sockets bind to (`0.0.0.0` or a private IP in a deployment)'),
    MEDIA_ANNOUNCED_IP: optionalText('127.0.0.1', 'Address advertised in ICE candidates (the public IP clients reach)'),
    MEDIA_PORT_MIN: optionalInt('(unset: ephemeral)', 'Lowest UDP port for media (with MEDIA_PORT_MAX, for firewalls)', { max: 65535 }),
    MEDIA_PORT_MAX: optionalInt('(unset: ephemeral)', 'Highest UDP port for media', { max: 65535 }),
    MEDIA_MAX_ROOMS: int(50, 'Live rooms (with at least one publisher or viewer) this process hosts'),
    MEDIA_MAX_PUBLISHERS_PER_ROOM: int(9, 'Publishers (anchor + co-hosts / mic seats) per room'),
    MEDIA_MAX_VIEWERS: int(150, 'Viewer sessions this process feeds (measured: ~150 at 600 kbps on 2 cores)'),
    MEDIA_MAX_BITRATE: int(1_000_000, 'Video bitrate cap of a publisher, bit/s (REMB to the publisher)'),
    MEDIA_PUBLISHER_IDLE_MS: int(8000, 'A publisher silent (no RTP/RTCP) this long is closed as gone ("the anchor has left")'),
    MEDIA_CONNECT_TIMEOUT_MS: int(15_000, 'A media session not connected this long after its answer is closed'),
    MEDIA_ENGINE: oneOf(
      ['embedded', 'janus'],
      'embedded',
      'Media engine: `embedded` (werift SFU in this process) or `janus` (Janus 1.1 VideoRoom nodes at JANUS_URLS)',
    ),
    JANUS_URLS: list([], '(none)', "Janus nodes' WebSocket APIs, comma-separated (`ws://10.0.0.5:8188`), for MEDIA_ENGINE=janus", (s) =>
      /^wss?:\/\/[^\s/]+(\/\S*)?$/.test(s) ? s : { error: `"${s}" is not a ws:// or wss:// URL` },
    ),
    JANUS_NODE_VIEWERS: int(500, 'Viewers one Janus node feeds before further viewers of a room go to another node'),
    MEDIA_CANDIDATE_CIDRS: list(
      [],
      '(unset: any public address; private and loopback ones too outside production)',
      "IPv4 ranges (`203.0.113.0/24`, comma-separated) of clients' ICE candidates the server sends connectivity checks to; others are dropped",
      parseCidr,
    ),
    MEDIA_PUBLIC_URL: text(
      '',
      '(unset: PUBLIC_URL)',
      "Origin at which clients reach this instance's WHIP/WHEP directly (each instance its own behind a load balancer): its media node's URL",
    ),
  },
  (v, fail): MediaConfig => {
    const [min, max] = [v.MEDIA_PORT_MIN, v.MEDIA_PORT_MAX];
    let portRange: [number, number] | undefined;
    if (min !== undefined || max !== undefined) {
      // werift refuses min === max, and a half-given range is a typo worth failing on at boot.
      if (min === undefined || max === undefined || min >= max)
        fail('MEDIA_PORT_MIN', `MEDIA_PORT_MIN/MEDIA_PORT_MAX must both be set with MIN < MAX <= 65535, got ${min}-${max}`);
      else portRange = [min, max];
    }
    if (v.MEDIA_ENGINE === 'janus' && v.JANUS_URLS.length === 0) fail('JANUS_URLS', 'MEDIA_ENGINE=janus needs JANUS_URLS (one or more ws://host:8188)');
    const iface = v.MEDIA_INTERFACE;
    return {
      interfaceAddress: iface,
      // Behind 1:1 NAT the public IP is not on any interface: announce it, bind to the private one.
      announcedAddress: v.MEDIA_ANNOUNCED_IP ?? (iface === '0.0.0.0' ? '127.0.0.1' : iface),
      portRange,
      maxRooms: v.MEDIA_MAX_ROOMS,
      maxPublishersPerRoom: v.MEDIA_MAX_PUBLISHERS_PER_ROOM,
      maxViewers: v.MEDIA_MAX_VIEWERS,
      maxPublishBitrate: v.MEDIA_MAX_BITRATE,
      connectTimeoutMs: v.MEDIA_CONNECT_TIMEOUT_MS,
      publisherIdleMs: v.MEDIA_PUBLISHER_IDLE_MS,
      engine: v.MEDIA_ENGINE,
      janusUrls: v.JANUS_URLS,
      janusNodeViewers: v.JANUS_NODE_VIEWERS,
      publicUrl: v.MEDIA_PUBLIC_URL.replace(/\/+$/, ''),
      candidateCidrs: v.MEDIA_CANDIDATE_CIDRS.length > 0 ? v.MEDIA_CANDIDATE_CIDRS : undefined,
    };
  },
);
