/**
 * Which of a client's ICE candidates reach the engine: the server sends STUN connectivity checks to
 * every remote candidate it is given, so an offer naming other hosts would make it probe them
 * (decision 0187). Kept: what ICE needs here (UDP, component 1 since RTCP is muxed, a unicast IPv4
 * address or, where private addresses are allowed, a browser's mDNS name; a few per message) and,
 * in production, public addresses only unless `MEDIA_CANDIDATE_CIDRS` names the allowed ranges.
 * Applied to offers and to PATCH fragments, for either engine.
 */
import { isIPv4 } from 'node:net';

/** A browser gathers 1–4 candidates per family and network; more in one message is not ICE's need. */
export const MAX_CANDIDATES = 8;

export interface Cidr {
  base: number;
  bits: number;
}

export interface CandidatePolicy {
  /** The ranges checks may go to (MEDIA_CANDIDATE_CIDRS); undefined: any public address, and private ones when allowed. */
  cidrs: Cidr[] | undefined;
  /** Loopback, private, link-local and shared (CGNAT) addresses and mDNS names: off in production unless listed. */
  privateAllowed: boolean;
}

const ipv4 = (address: string): number => address.split('.').reduce((n, part) => n * 256 + Number(part), 0);

/** `10.0.0.0/8` → a range; an error for anything else (a setting's parser). */
export function parseCidr(text: string): Cidr | { error: string } {
  const [address, bits = '32'] = text.split('/');
  const n = Number(bits);
  if (!address || !isIPv4(address) || !/^\d{1,2}$/.test(bits) || n > 32) return { error: `"${text}" is not an IPv4 range such as 203.0.113.0/24` };
  return { base: ipv4(address), bits: n };
}

const inRange = (address: number, c: Cidr): boolean => c.bits === 0 || address >>> (32 - c.bits) === c.base >>> (32 - c.bits);
const ranges = (list: string[]): Cidr[] => list.map((c) => parseCidr(c) as Cidr);

/** Never a peer: this network, multicast, reserved and broadcast. */
const NEVER = ranges(['0.0.0.0/8', '224.0.0.0/4', '240.0.0.0/4']);
/** Loopback, private, link-local and shared address space: a public server has no peer there. */
const PRIVATE = ranges(['127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '100.64.0.0/10']);

/** Whether the server may send checks to the candidate (`candidate:…`, without `a=`). */
export function candidateAllowed(candidate: string, policy: CandidatePolicy): boolean {
  // candidate:<foundation> <component> <transport> <priority> <address> <port> typ <type> …
  const [, component, transport, , address = '', port] = candidate.split(' ');
  if (component !== '1' || transport?.toLowerCase() !== 'udp' || !/^\d+$/.test(port ?? '') || Number(port) < 1 || Number(port) > 65535) return false;
  if (!isIPv4(address)) return policy.cidrs === undefined && policy.privateAllowed && /^[0-9a-f-]+\.local$/i.test(address);
  const n = ipv4(address);
  if (NEVER.some((c) => inRange(n, c))) return false;
  if (policy.cidrs) return policy.cidrs.some((c) => inRange(n, c));
  return policy.privateAllowed || !PRIVATE.some((c) => inRange(n, c));
}

/** The candidates of a list the server checks: the allowed ones, at most MAX_CANDIDATES. */
export function allowedCandidates<T>(list: T[], text: (c: T) => string, policy: CandidatePolicy): T[] {
  return list.filter((c) => candidateAllowed(text(c), policy)).slice(0, MAX_CANDIDATES);
}

/** An SDP offer without the candidate lines the server must not check. */
export function withAllowedCandidates(sdp: string, policy: CandidatePolicy): string {
  const lines = sdp.split(/\r?\n/);
  const kept = new Set(
    allowedCandidates(
      lines.filter((l) => l.startsWith('a=candidate:')),
      (l) => l.slice(2),
      policy,
    ),
  );
  return lines.filter((l) => !l.startsWith('a=candidate:') || kept.has(l)).join('\r\n');
}
