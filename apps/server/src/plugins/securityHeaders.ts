import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** Sent with every answer: no MIME sniffing, no framing by another site, no full URL in the Referer of a cross-origin request. */
export function setCommonSecurityHeaders(reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
}

/** The origins the web app reaches besides its own: uploads and HLS (PUBLIC_URL, S3_PUBLIC_URL), media (MEDIA_PUBLIC_URL), the games host, CSP_EXTRA_ORIGINS. */
export interface AppOrigins {
  /** Absolute URLs (or '' for relative ones); each contributes its origin. */
  urls: string[];
  /** The games host: an absolute origin, or `:<port>` on the page's own host. */
  gamesHost: string;
}

const originOf = (url: string): string | undefined => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/** sha256 sources of the inline scripts of the built index.html (the launch view's language switch). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
}

/**
 * The web app's Content-Security-Policy (the app and the operator console are one app): scripts only
 * from this origin and the inline launch script by its hash (no eval: hls.js and lottie-web are their
 * light builds); hls.js's worker (a file of this origin) and blob: media; images from uploads, data: and blob:; WHIP/WHEP,
 * the API and sockets on this origin or the media origins, and reads of the page's own blob: URLs; the games host in a frame; nobody frames the app.
 * `host` is the request's host name (no port), for a games host on another port of the same host.
 */
export function appCsp(scriptHashes: string[], origins: AppOrigins, page: { protocol: string; host: string }): string {
  const games = origins.gamesHost.startsWith(':') ? `${page.protocol}://${page.host}${origins.gamesHost}` : originOf(origins.gamesHost);
  const other = [...new Set(origins.urls.map(originOf).filter((o): o is string => Boolean(o)))];
  const reach = [...other, ...(games ? [games] : [])].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    // React and antd-mobile set style attributes, and the entry's CSS is inlined into index.html.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${other.join(' ')}`.trim(),
    `media-src 'self' blob: ${other.join(' ')}`.trim(),
    // blob: for the page's own blob URLs (a big gift's animation read from the gift cache): only this origin can make them.
    `connect-src 'self' blob: ${reach}`.trim(),
    "worker-src 'self'",
    `frame-src ${games ?? "'none'"}`,
    "font-src 'self' data:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
