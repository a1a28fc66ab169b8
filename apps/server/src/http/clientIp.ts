import type { IncomingMessage } from 'node:http';

/**
 * The caller's address for a request outside Fastify (a socket's handshake), as Fastify's
 * `trustProxy: true` reads it: the first X-Forwarded-For entry behind a balancer, the peer otherwise.
 */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  const fwd = req.headers['x-forwarded-for'];
  const first = trustProxy ? (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim() : undefined;
  return first || req.socket.remoteAddress || 'unknown';
}
