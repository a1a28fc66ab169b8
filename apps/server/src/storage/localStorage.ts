import fs from 'node:fs/promises';
import path from 'node:path';
import { SAFE_KEY, UPLOADS_PREFIX, type Storage } from './storage.js';

/** Files under `<root>/<key>`, served statically at `/uploads/<key>`. */
export class LocalStorage implements Storage {
  constructor(
    readonly root: string,
    private readonly publicUrl: string,
  ) {}

  private file(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file);
  }

  async read(key: string): Promise<Buffer | null> {
    return fs.readFile(this.file(key)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  url(key: string): string {
    return `${this.publicUrl}${UPLOADS_PREFIX}${key}`;
  }

  /** Accepts the URL with or without the public origin (`/uploads/<key>`), as clients may send either. */
  keyOf(url: string): string | null {
    const path = this.publicUrl && url.startsWith(this.publicUrl) ? url.slice(this.publicUrl.length) : url;
    if (!path.startsWith(UPLOADS_PREFIX)) return null;
    const key = path.slice(UPLOADS_PREFIX.length);
    return SAFE_KEY.test(key) && !key.includes('..') ? key : null;
  }
}
