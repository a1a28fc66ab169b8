import fs from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from '../../storage/storage.js';

/** A store that takes uploads straight from clients (S3: a presigned PUT of exactly `size` bytes) and gives them back. */
export interface DirectUploads {
  presignPut(key: string, size: number, expiresInS: number): Promise<string>;
  download(key: string, toFile: string): Promise<number | null>;
}

/** The store's direct uploads, when it has them (S3); local disk takes chunks through the server instead. */
export const directUploads = (storage: Storage): DirectUploads | null => {
  const d = storage as Partial<DirectUploads>;
  return typeof d.presignPut === 'function' && typeof d.download === 'function' ? (storage as unknown as DirectUploads) : null;
};

/** Where a client's direct (presigned) upload lands in the bucket and waits for its transcode. */
export const incomingKey = (uploadId: string) => `incoming/${uploadId}`;

/**
 * Where an upload's source file waits for its transcode. A chunked upload's is on the disk of the
 * instance that took the chunks (`DATA_DIR/video-incoming`); with S3 storage it is the bucket
 * (`incoming/<upload id>`, the client's presigned PUT), so any instance transcodes it and no
 * sticky sessions are needed.
 */
export class VideoSources {
  constructor(
    private readonly storage: Storage,
    readonly incomingDir: string,
  ) {}

  /** This instance's file of a chunked upload. */
  file(uploadId: string): string {
    return path.join(this.incomingDir, uploadId);
  }

  /**
   * A local path to the source for ffprobe and ffmpeg: this instance's file when it has it, else a
   * copy from the bucket made in `workDir`; null when there is neither.
   */
  async fetch(uploadId: string, workDir: string): Promise<string | null> {
    const local = this.file(uploadId);
    if (
      await fs.stat(local).then(
        (st) => st.isFile(),
        () => false,
      )
    )
      return local;
    const direct = directUploads(this.storage);
    if (!direct) return null;
    const copy = path.join(workDir, `source-${uploadId}`);
    return (await direct.download(incomingKey(uploadId), copy)) === null ? null : copy;
  }

  /**
   * Moves this instance's source file (demo clips; chunks sent to the server) into the bucket when
   * sources live there (S3), so any instance finds it. Nothing to do without one.
   */
  async share(uploadId: string): Promise<void> {
    if (!directUploads(this.storage)) return;
    const file = this.file(uploadId);
    const bytes = await fs.readFile(file).catch(() => null);
    if (!bytes) return;
    await this.storage.put(incomingKey(uploadId), bytes, 'application/octet-stream');
    await fs.rm(file, { force: true });
  }

  /** Removes an upload's source, from this disk and from the bucket; a missing one is fine. */
  async remove(uploadId: string): Promise<void> {
    await fs.rm(this.file(uploadId), { force: true });
    if (directUploads(this.storage)) await this.storage.delete(incomingKey(uploadId));
  }
}
