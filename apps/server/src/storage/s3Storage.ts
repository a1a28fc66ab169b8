import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from './storage.config.js';
import { SAFE_KEY, type Storage } from './storage.js';

const notFound = (err: unknown): boolean =>
  (err as { name?: string }).name === 'NoSuchKey' || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

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

  async put(key: string, bytes: Uint8Array, mime: string, opts: { cacheControl?: string } = {}): Promise<void> {
    // Uploads are immutable under their key (new content gets a new key): cache them for a year.
    // A live playlist is the exception: rewritten every segment, cached a second.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.cfg.bucket,
        Key: this.check(key),
        Body: bytes,
        ContentType: mime,
        CacheControl: opts.cacheControl ?? 'public, max-age=31536000, immutable',
      }),
    );
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      const got = await this.client.send(new GetObjectCommand({ Bucket: this.cfg.bucket, Key: this.check(key) }));
      return got.Body ? Buffer.from(await got.Body.transformToByteArray()) : null;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.cfg.bucket, Key: this.check(key) }));
  }

  private presigner: S3Client | undefined;

  async presignPut(key: string, size: number, expiresInS: number): Promise<string> {
    // Checksums only when required: by default the SDK signs a CRC32 of the (empty) body into the
    // URL, which a real bucket then refuses for the client's bytes. Presigning makes no request.
    const { cfg } = this;
    this.presigner ??= new S3Client({
      region: cfg.region,
      ...(cfg.endpoint ? { endpoint: cfg.endpoint } : {}),
      forcePathStyle: cfg.forcePathStyle,
      credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const put = new PutObjectCommand({ Bucket: this.cfg.bucket, Key: this.check(key), ContentLength: size });
    return getSignedUrl(this.presigner, put, { expiresIn: expiresInS, signableHeaders: new Set(['content-length']) });
  }

  async download(key: string, toFile: string): Promise<number | null> {
    let body: Readable;
    try {
      const got = await this.client.send(new GetObjectCommand({ Bucket: this.cfg.bucket, Key: this.check(key) }));
      body = got.Body as Readable;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
    let bytes = 0;
    body.on('data', (d: Buffer) => (bytes += d.length));
    await pipeline(body, createWriteStream(toFile));
    return bytes;
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
    this.presigner?.destroy();
    this.client.destroy();
  }
}
