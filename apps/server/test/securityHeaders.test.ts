/**
 * Security headers of the app and the console (one web app): every answer says nosniff, refuses
 * framing and trims the Referer; the app's page carries a Content-Security-Policy that allows its
 * inline launch script by hash only, no plugins, no framing, and the games host in a frame.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/testServer.js';

const INLINE = "document.title='x'";
let dist: string;
let s: TestServer;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'liveapp-web-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><title>LiveApp</title><script type="module" src="/assets/a.js"></script><script>${INLINE}</script>`,
  );
  s = await startTestServer({
    config: { webDist: dist, publicUrl: 'https://cdn.example.test', cspExtraOrigins: ['https://media2.example.test'] },
    env: { GAMES_PORT: '18099' },
  });
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const common = (res: Response) => {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
};

describe('security headers', () => {
  it('gives the app page a policy: own scripts and the inline one by hash, workers of its own, blob: media, the games host framed, nobody framing it', async () => {
    const res = await fetch(`${s.url}/`);
    expect(res.status).toBe(200);
    common(res);
    const csp = Object.fromEntries(
      res.headers
        .get('content-security-policy')!
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...v]) => [name!, v]),
    );
    const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    expect(csp['script-src']).toEqual(["'self'", hash]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['worker-src']).toEqual(["'self'"]);
    expect(csp['media-src']).toEqual(["'self'", 'blob:', 'https://cdn.example.test', 'https://media2.example.test']);
    expect(csp['frame-src']).toEqual(['http://127.0.0.1:18099']);
    expect(csp['connect-src']).toEqual(["'self'", 'blob:', 'https://cdn.example.test', 'https://media2.example.test', 'http://127.0.0.1:18099']);
  });

  it('sends nosniff, no framing and the referrer policy with API answers and refusals too', async () => {
    const ok = await fetch(`${s.url}/healthz`);
    expect(ok.status).toBe(200);
    common(ok);
    const missing = await fetch(`${s.url}/api/no-such-call`);
    expect(missing.status).toBe(404);
    common(missing);
  });
});
