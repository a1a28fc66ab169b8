import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { registerMember } from '../lib/api.js';
import { launch, shotSettled } from '../lib/browser.js';
import { open } from '../lib/page.js';
import { startServer, type RunningServer } from '../lib/server.js';

/*
 * Issue 31 in the browser: an operator registers a webhook endpoint in the console (desktop,
 * 1280×800), sees its secret once, and finds the delivery of the next sign-up in its list,
 * delivered to a receiver on 127.0.0.1.
 */

let server: RunningServer;
let browser: Browser;
let receiver: http.Server;
const bodies: string[] = [];

before(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => (bodies.push(Buffer.concat(chunks).toString('utf8')), res.writeHead(204).end()));
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  [server, browser] = await Promise.all([startServer(), launch()]);
});
after(async () => {
  await browser?.close();
  await server?.stop();
  receiver?.close();
});

describe('webhooks in the console', () => {
  it('registers an endpoint, shows its secret once, and lists a delivered sign-up', async () => {
    const op = await registerMember(server.url);
    await server.admin('operator', 'add', op.mobile);
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    await ctx.addInitScript((s) => localStorage.setItem('liveapp.session', s), JSON.stringify({ state: { token: op.token, userInfo: op.user }, version: 1 }));
    const page = await ctx.newPage();
    await open(page, server.url, '/admin/webhooks');
    await page.getByTestId('admin-console').waitFor();

    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    await page.getByTestId('webhook-url').locator('input').fill(url);
    await page.getByText('user.registered', { exact: true }).click();
    await page.getByRole('button', { name: '添加端点' }).click();
    const secret = await page.getByTestId('webhook-secret').locator('code').textContent();
    assert.match(secret ?? '', /^whsec_/);

    const joined = await registerMember(server.url);
    const row = page.getByTestId('webhook-endpoints-row').filter({ hasText: url });
    await row.getByRole('button', { name: '投递记录' }).click();
    await page.getByTestId('webhook-deliveries-row').filter({ hasText: '已送达' }).waitFor({ timeout: 15_000 });
    assert.ok(bodies.some((b) => (JSON.parse(b) as { data: { user_id: number } }).data.user_id === joined.user.id));
    await shotSettled(page, 'admin-webhooks');
    await ctx.close();
  });
});
