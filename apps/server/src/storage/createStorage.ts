import path from 'node:path';
import { LocalStorage } from './localStorage.js';
import { S3Storage } from './s3Storage.js';
import { loadS3Config } from './storage.config.js';
import type { Storage } from './storage.js';

/** The S3 bucket when S3_BUCKET is set (read from `env`), else local disk under `dataDir/uploads`. */
export function createStorage(dataDir: string, publicUrl: string, env: Record<string, string | undefined> = process.env): Storage {
  const s3 = loadS3Config(env);
  return s3 ? new S3Storage(s3) : new LocalStorage(path.join(dataDir, 'uploads'), publicUrl);
}
