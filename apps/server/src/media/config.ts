/**
 * Media (SFU) settings. Every one has a working default so tests and `npm start` need nothing;
 * MEDIA_ENV_VARS has the same shape as the server's ENV_VARS table so it can be merged into it.
 */

type Env = Record<string, string | undefined>;

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
}

export const MEDIA_ENV_VARS = [
  { name: 'MEDIA_INTERFACE', default: '127.0.0.1', doc: 'Address the SFU UDP sockets bind to (`0.0.0.0` or a private IP in a deployment)' },
  { name: 'MEDIA_ANNOUNCED_IP', default: '127.0.0.1', doc: 'Address advertised in ICE candidates (the public IP clients reach)' },
  { name: 'MEDIA_PORT_MIN', default: '(unset: ephemeral)', doc: 'Lowest UDP port for media (with MEDIA_PORT_MAX, for firewalls)' },
  { name: 'MEDIA_PORT_MAX', default: '(unset: ephemeral)', doc: 'Highest UDP port for media' },
  { name: 'MEDIA_MAX_ROOMS', default: '50', doc: 'Live rooms (with at least one publisher or viewer) this process hosts' },
  { name: 'MEDIA_MAX_PUBLISHERS_PER_ROOM', default: '9', doc: 'Publishers (anchor + co-hosts / mic seats) per room' },
  { name: 'MEDIA_MAX_VIEWERS', default: '150', doc: 'Viewer sessions this process feeds (measured: ~150 at 600 kbps on 2 cores)' },
  { name: 'MEDIA_MAX_BITRATE', default: '1000000', doc: 'Video bitrate cap of a publisher, bit/s (REMB to the publisher)' },
  { name: 'MEDIA_PUBLISHER_IDLE_MS', default: '8000', doc: 'A publisher silent (no RTP/RTCP) this long is closed as gone ("the anchor has left")' },
  { name: 'MEDIA_CONNECT_TIMEOUT_MS', default: '15000', doc: 'A media session not connected this long after its answer is closed' },
] as const;

function int(env: Env, name: string, d: number): number {
  const v = env[name];
  if (v === undefined || v === '') return d;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${v}"`);
  return n;
}

export function mediaConfigFromEnv(env: Env = process.env): MediaConfig {
  const min = env.MEDIA_PORT_MIN ? int(env, 'MEDIA_PORT_MIN', 0) : undefined;
  const max = env.MEDIA_PORT_MAX ? int(env, 'MEDIA_PORT_MAX', 0) : undefined;
  let portRange: [number, number] | undefined;
  if (min !== undefined || max !== undefined) {
    // werift refuses min === max, and a half-given range is a typo worth failing on at boot.
    if (min === undefined || max === undefined || min >= max || max > 65535) {
      throw new Error(`MEDIA_PORT_MIN/MEDIA_PORT_MAX must both be set with MIN < MAX <= 65535, got ${min}-${max}`);
    }
    portRange = [min, max];
  }
  const iface = env.MEDIA_INTERFACE || '127.0.0.1';
  return {
    interfaceAddress: iface,
    // Behind 1:1 NAT the public IP is not on any interface: announce it, bind to the private one.
    announcedAddress: env.MEDIA_ANNOUNCED_IP || (iface === '0.0.0.0' ? '127.0.0.1' : iface),
    portRange,
    maxRooms: int(env, 'MEDIA_MAX_ROOMS', 50),
    maxPublishersPerRoom: int(env, 'MEDIA_MAX_PUBLISHERS_PER_ROOM', 9),
    maxViewers: int(env, 'MEDIA_MAX_VIEWERS', 150),
    maxPublishBitrate: int(env, 'MEDIA_MAX_BITRATE', 1_000_000),
    connectTimeoutMs: int(env, 'MEDIA_CONNECT_TIMEOUT_MS', 15_000),
    publisherIdleMs: int(env, 'MEDIA_PUBLISHER_IDLE_MS', 8000),
  };
}
