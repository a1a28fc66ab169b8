import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import { UPLOADS_PREFIX } from '../../storage/storage.js';

/** Storage keys under this prefix (a password room's live and its replay) are never served without a signed link. */
export const PRIVATE_PREFIX = 'private/';

export const isPrivateKey = (key: string): boolean => key.startsWith(PRIVATE_PREFIX);

/**
 * Short-lived links to private HLS files, in nginx's `secure_link` form, so a CDN edge can check them
 * with the same secret before its cache: `<publicUrl>/uploads/<key>?md5=<m>&expires=<t>`, where `m` is
 * base64url(MD5("<t><path> <secret>")) and `path` is `/uploads/<key>` (nginx:
 * `secure_link $arg_md5,$arg_expires; secure_link_md5 "$secure_link_expires$uri <secret>";`).
 * The server checks the same on `/uploads/private/*` (live.routes.ts).
 */
export class HlsLinks {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  /** The secret: LIVE_HLS_SIGNING_SECRET, or one derived from the media token secret (shared by every instance that shares that). */
  static secretOf(given: string | undefined, mediaTokenSecret: Buffer): string {
    return given ?? createHmac('sha256', mediaTokenSecret).update('hls-links').digest('base64url');
  }

  private md5(expires: number, path: string): string {
    return createHash('md5').update(`${expires}${path} ${this.secret}`).digest('base64url');
  }

  /** A link to `key` good for `ttlS` seconds. */
  url(key: string, ttlS: number, nowMs = Date.now()): string {
    const expires = Math.floor(nowMs / 1000) + ttlS;
    const path = `${UPLOADS_PREFIX}${key}`;
    return `${this.publicUrl}${path}?md5=${this.md5(expires, path)}&expires=${expires}`;
  }

  /** Whether `md5` and `expires` (the query) sign `path` (the URL's path) and have not expired. */
  check(path: string, md5: unknown, expires: unknown, nowMs = Date.now()): boolean {
    if (typeof md5 !== 'string' || typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
    const t = Number(expires);
    if (t * 1000 <= nowMs) return false;
    const given = Buffer.from(md5, 'base64url');
    const expected = Buffer.from(this.md5(t, path), 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** The links of this configuration (any instance makes the same ones). */
export const hlsLinksOf = (c: Pick<Config, 'egress' | 'room' | 'publicUrl'>): HlsLinks =>
  new HlsLinks(HlsLinks.secretOf(c.egress.signingSecret, c.room.mediaTokenSecret), c.publicUrl);
