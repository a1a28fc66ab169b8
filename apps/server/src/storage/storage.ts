/** Where uploaded files live: local disk by default, an S3-compatible bucket with S3_BUCKET. */
export interface Storage {
  /**
   * Stores the bytes under `key` (a relative path such as `avatar/2026/05/<uuid>.webp`). Stored
   * files are cached as immutable unless `cacheControl` says otherwise (a live playlist); on local
   * disk the static path decides by the file's type.
   */
  put(key: string, bytes: Uint8Array, mime: string, opts?: { cacheControl?: string }): Promise<void>;
  /** The bytes stored under `key`, or null when there is none (the server reads private HLS files to serve them signed). */
  read(key: string): Promise<Buffer | null>;
  /** Removes a stored file; missing files are fine. */
  delete(key: string): Promise<void>;
  /** The URL clients fetch the file from. */
  url(key: string): string;
  /** The key of a URL this store serves (what `url` gives), or null for any other URL. */
  keyOf(url: string): string | null;
  /**
   * S3 only: a URL that takes one PUT of exactly `size` bytes to `key` for `expiresInS` seconds, so a
   * client uploads straight to the bucket (the signed Content-Length makes the bucket refuse any other size).
   */
  presignPut?(key: string, size: number, expiresInS: number): Promise<string>;
  /** S3 only: copies the object at `key` to the local file `toFile`; answers its size in bytes, or null when there is no such object. */
  download?(key: string, toFile: string): Promise<number | null>;
  /** Releases connections (S3's keep-alive sockets) at shutdown. */
  close?(): void;
}

/** URL prefix of uploaded files on local disk. */
export const UPLOADS_PREFIX = '/uploads/';

/** What a storage key may look like: relative, no `..`, no odd characters. */
export const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

/** Cache-Control of a live HLS playlist (rewritten every segment): a CDN keeps it at most a second. */
export const LIVE_PLAYLIST_CACHE = 'public, max-age=1';
