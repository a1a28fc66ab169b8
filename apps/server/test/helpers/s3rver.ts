import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { startTestServer, type TestServer } from './testServer.js';

export interface S3Sandbox {
  /** S3_* variables for a server that stores its files in this sandbox's bucket. */
  env: Record<string, string>;
  /** The sandbox's files on disk (s3rver keeps objects under `<dir>/<bucket>/<key>._S3rver_object`). */
  dir: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => ok(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** A real S3-compatible server (s3rver, in this process) with one empty bucket. */
export async function startS3Sandbox(bucket = 'liveapp'): Promise<S3Sandbox> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const port = await freePort();
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory: dir, configureBuckets: [{ name: bucket, configs: [] }] });
  await server.run();
  return {
    dir,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      // s3rver checks signatures made with its fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A test server whose storage is this sandbox's bucket. */
export function startTestServerOnS3(s3: S3Sandbox, env: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({ env: { ...s3.env, ...env } });
}
