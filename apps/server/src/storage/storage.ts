/** Where uploaded files live. Local disk now; an S3-compatible store later, behind the same calls. */
export interface Storage {
  /** Stores the bytes under `key` (a relative path such as `avatar/2026/05/<uuid>.webp`). */
  put(key: string, bytes: Uint8Array, mime: string): Promise<void>;
  /** Removes a stored file; missing files are fine. */
  delete(key: string): Promise<void>;
  /** The URL clients fetch the file from. */
  url(key: string): string;
}

/** URL prefix of uploaded files. */
export const UPLOADS_PREFIX = '/uploads/';
