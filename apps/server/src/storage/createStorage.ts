import path from 'node:path';
import { LocalStorage } from './localStorage.js';
import { S3Storage } from './s3Storage.js';
import type { S3Config } from './storage.config.js';
import type { Storage } from './storage.js';

/** The S3 bucket when one is configured, else local disk under `dataDir/uploads`. */
export function createStorage(dataDir: string, publicUrl: string, s3: S3Config | undefined): Storage {
  return s3 ? new S3Storage(s3) : new LocalStorage(path.join(dataDir, 'uploads'), publicUrl);
}
