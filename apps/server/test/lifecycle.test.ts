import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, fullPath } from '@app/contract';
import { eventually, once } from '@app/testkit';
import { DEMO_USER } from '../src/demo/seed.js';
import { DRAIN_MS } from '../src/shutdown.js';
import { connectHall, connected } from './helpers/hallClient.js';
import { startTestServer } from './helpers/testServer.js';

describe('graceful shutdown', () => {
  it('finishes a request in flight, closes hall sockets, then refuses new connections', async () => {
    const s = await startTestServer();
    const session = (await s.api.login(DEMO_USER.mobile, DEMO_USER.password)).data;
    const sock = connectHall(s.url, { uuid: session.user.uuid, token: session.token });
    await connected(sock);
    const events: string[] = [];
    sock.once('rejoin', (hint: { within_ms: number }) => events.push(`rejoin ${hint.within_ms}`));
    const dropped = new Promise<void>((resolve) =>
      sock.once('disconnect', (reason: string) => {
        events.push(reason);
        resolve();
      }),
    );

    // A login whose body arrives in two halves, with the shutdown starting in between.
    const body = JSON.stringify({ account: DEMO_USER.mobile, password: DEMO_USER.password });
    const loginArrived = once(s.app.server, 'request');
    const req = http.request(`${s.url}${fullPath(api.login)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
    });
    req.write(body.slice(0, 10));
    await loginArrived;
    // Another request whose headers are not all in when the shutdown starts.
    const lateAccepted = once(s.app.server, 'connection');
    const socket = net.connect(s.port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(`GET ${fullPath(api.commonConfig)} HTTP/1.1\r\nHost: x\r\n`);
    let lateText = '';
    socket.on('data', (c: Buffer) => (lateText += c.toString()));
    const lateEnd = once(socket, 'close');
    await lateAccepted;
    const closing = s.close();
    await eventually(() => !s.app.server.listening, { interval: 5, what: 'the shutdown to begin' });
    socket.write('\r\n');
    req.end(body.slice(10));
    await lateEnd;
    const late = { status: Number(lateText.split(' ')[1]), text: lateText.slice(lateText.indexOf('\r\n\r\n') + 4) };
    const r = await answer;
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text).code).toBe(200);
    await dropped;
    // The socket was told to come back at once before the server closed it.
    expect(events).toEqual(['rejoin 1000', expect.stringMatching(/disconnect|close/)]);
    // A request on a kept-alive connection while the server shuts down: the 503 envelope.
    expect(late.status).toBe(503);
    expect(JSON.parse(late.text)).toEqual({ code: 50000, msg: '服务正在重启，请稍后再试', data: null });
    await closing;
    await expect(fetch(`${s.url}/healthz`)).rejects.toThrow();
  });

  it(
    'does not wait for a client that never finishes its request: its connection is closed after the drain period, and every step runs',
    async () => {
      const s = await startTestServer();
      // Half a body, and then nothing: the connection stays busy (never idle) until it is closed.
      const socket = net.connect(s.port, '127.0.0.1');
      await once(socket, 'connect');
      const accepted = once(s.app.server, 'request');
      socket.write(`POST ${fullPath(api.login)} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"account":`);
      await accepted;
      const dropped = once(socket, 'close');
      const started = Date.now();
      await s.close();
      await dropped;
      expect(s.shutdown.current).toBe('done');
      expect(Date.now() - started).toBeGreaterThanOrEqual(DRAIN_MS - 100);
    },
    DRAIN_MS + 20_000,
  );
});

describe('web app', () => {
  it('serves the built app at / with the shell revalidated and hashed assets cached for a year', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'liveapp-web-'));
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>LiveApp</title>');
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    const w = await startTestServer({ config: { webDist: dist } });
    try {
      expect(w.webApp).toBe(true);
      const root = await fetch(`${w.url}/`);
      expect(await root.text()).toContain('LiveApp');
      expect(root.headers.get('cache-control')).toBe('no-cache');
      expect((await fetch(`${w.url}/sw.js`)).headers.get('cache-control')).toBe('no-cache');
      expect((await fetch(`${w.url}/assets/index-abc123.js`)).headers.get('cache-control')).toContain('immutable');
      // The API still answers beside the app, and unknown API paths stay JSON 404s.
      expect((await w.api.call(api.commonConfig)).code).toBe(200);
      const missing = await w.api.raw('GET', '/api/client_live/nothing');
      expect([missing.status, missing.code]).toEqual([404, 10002]);
    } finally {
      await w.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('runs the API alone when there is no build', async () => {
    const s = await startTestServer();
    try {
      expect(s.webApp).toBe(false);
      expect((await s.api.raw('GET', '/')).status).toBe(404);
    } finally {
      await s.close();
    }
  });
});
