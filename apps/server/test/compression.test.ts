import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/testServer.js';

/** GET with an Accept-Encoding, the body left as it came (fetch would decode it). */
async function raw(url: string, acceptEncoding: string | null) {
  const { default: http } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = http.get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

describe('compression and caching', () => {
  let dist: string;
  let w: TestServer;
  const script = `console.log(${JSON.stringify('launch '.repeat(400))});`;

  beforeAll(async () => {
    // A build as Vite writes it: each text file with its Brotli and gzip copies beside it.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'liveapp-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    const write = (rel: string, text: string) => {
      fs.writeFileSync(path.join(dist, rel), text);
      fs.writeFileSync(path.join(dist, `${rel}.br`), zlib.brotliCompressSync(text));
      fs.writeFileSync(path.join(dist, `${rel}.gz`), zlib.gzipSync(text));
    };
    write('index.html', `<!doctype html><title>LiveApp</title>${'<!-- shell -->'.repeat(100)}`);
    write('assets/index-abc123.js', script);
    fs.writeFileSync(path.join(dist, 'assets', 'logo-abc123.png'), Buffer.alloc(4096, 7));
    w = await startTestServer({ config: { webDist: dist } });
  });
  afterAll(async () => {
    await w.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends the precompressed copy the browser asks for, with the original file cache headers', async () => {
    const br = await raw(`${w.url}/assets/index-abc123.js`, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await raw(`${w.url}/assets/index-abc123.js`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);

    const plain = await raw(`${w.url}/assets/index-abc123.js`, null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);

    // The shell is revalidated, compressed or not.
    for (const url of [`${w.url}/`, `${w.url}/index.html`]) {
      const shell = await raw(url, 'br');
      expect(shell.headers['content-encoding']).toBe('br');
      expect(shell.headers['cache-control']).toBe('no-cache');
    }
    // Binary files pass as they are.
    const png = await raw(`${w.url}/assets/logo-abc123.png`, 'gzip, br');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.length).toBe(4096);
  });

  it('compresses API answers above the threshold, and leaves small ones as they are', async () => {
    const big = await raw(`${w.url}/api/openapi.json`, 'gzip, br');
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.body).toString())).toHaveProperty('openapi');

    const gz = await raw(`${w.url}/api/openapi.json`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');

    const small = await raw(`${w.url}/healthz`, 'gzip, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ code: 200 });
  });
});
