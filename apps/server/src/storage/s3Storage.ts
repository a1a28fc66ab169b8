import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from './storage.config.js';
import { SAFE_KEY, type Storage } from './storage.js';

/**
 * Files in an S3-compatible bucket under their key, fetched by clients from `S3_PUBLIC_URL/<key>`.
 * Every instance writes to and links the same bucket, so uploads need no sticky sessions.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;

  constructor(private readonly cfg: S3Config) {
    this.client = new S3Client({
      region: cfg.region,
      ...(cfg.endpoint ? { endpoint: cfg.endpoint } : {}),
      forcePathStyle: cfg.forcePathStyle,
      credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
    });
  }

  private check(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return key;
  }

  async put(key: string, bytes: Uint8Array, mime: string): Promise<void> {
    // Uploads are immutable under their key (new content gets a new key): cache them for a year.
    await this.client.send(
      new PutObjectCommand({ Bucket: this.cfg.bucket, Key: this.check(key), Body: bytes, ContentType: mime, CacheControl: 'public, max-age=31536000, immutable' }),
    );
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: this.check(key) }));
  }

  url(key: string): string {
    return `${this.cfg.publicUrl}/${key}`;
  }

  keyOf(url: string): string | null {
    const prefix = `${this.cfg.publicUrl}/`;
    if (!url.startsWith(prefix)) return null;
    const key = url.slice(prefix.length);
    return SAFE_KEY.test(key) && !key.includes('..') ? key : null;
  }

  close(): void {
    this.client.destroy();
  }
}
