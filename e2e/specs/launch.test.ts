import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { kib, launchJs, LAUNCH_BUDGET_BYTES } from '../../bench/lib/launchJs.js';
import { registerMember } from '../lib/api.js';
import { launch, phone, shot } from '../lib/browser.js';
import { pageAs } from '../lib/member.js';
import { open, routeOf, waitForRoute } from '../lib/page.js';
import { repoRoot, startServer, type RunningServer } from '../lib/server.js';

const dist = join(repoRoot, 'apps/web/dist');

describe('launch budget (built app)', () => {
  it(`keeps the JavaScript before the first screen within ${kib(LAUNCH_BUDGET_BYTES)} KiB gzip`, () => {
    const js = launchJs(dist);
    const list = js.files.map((f) => `${f.file} ${kib(f.gzip)}`).join(', ');
    assert.ok(js.files.length > 0, 'index.html loads no script: not a build?');
    assert.ok(js.gzipBytes <= LAUNCH_BUDGET_BYTES, `launch JS ${kib(js.gzipBytes)} KiB gzip > ${kib(LAUNCH_BUDGET_BYTES)}: ${list}`);
    // The router, the contract's schemas and the realtime client are not part of it.
    for (const f of js.files) assert.doesNotMatch(f.file, /router|socket|contract|query/, `${f.file} loads before the first screen`);
  });

  it('lets the page zoom (no user-scalable=no, no maximum-scale below 5)', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const viewport = /<meta name="viewport" content="([^"]+)"/.exec(html)?.[1] ?? '';
    assert.match(viewport, /width=device-width/);
    assert.doesNotMatch(viewport, /user-scalable\s*=\s*(no|0)/);
    const max = /maximum-scale\s*=\s*([\d.]+)/.exec(viewport)?.[1];
    assert.ok(max === undefined || Number(max) >= 5, viewport);
  });
});

describe('served compressed and cached (built app)', () => {
  let server: RunningServer;
  let browser: Browser;
  before(async () => {
    server = await startServer();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends every launch script and the shell as Brotli or gzip, scripts cached for a year', async () => {
    const files = [
      'index.html',
      ...launchJs(dist)
        .files.map((f) => f.file)
        .filter((f) => f.startsWith('assets/')),
    ];
    assert.ok(files.length > 3);
    for (const file of files) {
      for (const [accept, expected] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const res = await fetch(`${server.url}/${file}`, { headers: { 'accept-encoding': accept } });
        assert.equal(res.status, 200, file);
        assert.equal(res.headers.get('content-encoding'), expected, `${file} with ${accept}`);
        const cache = res.headers.get('cache-control');
        if (file.startsWith('assets/')) assert.equal(cache, 'public, max-age=31536000, immutable', file);
        else assert.equal(cache, 'no-cache', file);
        await res.arrayBuffer();
      }
    }
    const sw = await fetch(`${server.url}/sw.js`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(sw.headers.get('cache-control'), 'no-cache');
  });

  it('paints the launch view from index.html alone, before any script (decision 0171)', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/`);
    await page.locator('.launch .launch__name', { hasText: '星光直播' }).waitFor();
    // The logo is inline: it is drawn with no request.
    assert.ok(await page.locator('.launch__logo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.src.startsWith('data:')));
    assert.equal(await page.locator('.launch').evaluate((el) => getComputedStyle(el).position), 'fixed');
    await ctx.close();
  });

  it('paints the launch view in English before any module script when the browser (or the stored choice) is English', async () => {
    const ctx = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 812 } });
    const page = await ctx.newPage();
    // No module script arrives: what shows is index.html and its inline parts alone.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${server.url}/`);
    await page.locator('.launch .launch__name', { hasText: 'StarLive' }).waitFor();
    assert.equal(await page.locator('.launch__slogan').textContent(), 'Discover great live streams around you');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    // A user who chose Chinese in an English browser keeps Chinese.
    await page.evaluate(() => localStorage.setItem('liveapp.lang', 'zh-CN'));
    await page.reload();
    await page.locator('.launch .launch__name', { hasText: '星光直播' }).waitFor();
    await ctx.close();
  });

  it('shows an unknown route the not-found page, logged out, with a way home', async () => {
    const ctx = await phone(browser);
    const page = await ctx.newPage();
    await open(page, server.url, '/pages/no/such/page');
    await page.getByText('页面不存在').first().waitFor();
    assert.equal(await routeOf(page), '/pages/no/such/page');
    await page.getByRole('button', { name: '返回首页' }).click();
    await waitForRoute(page, '/pages/index/index');
    await ctx.close();
  });

  it('never overrides a page the user opened while the launch page was loading', async () => {
    const ctx = await phone(browser);
    const page = await ctx.newPage();
    // The config answer is held back, so the launch page is still loading when the user moves on.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/client_live/common_config*', async (route) => {
      await held;
      await route.continue();
    });
    await open(page, server.url, '/');
    await page.getByTestId('launch').waitFor();
    await page.evaluate(() => (location.hash = '#/pages/rank/index'));
    await waitForRoute(page, '/pages/rank/index');
    release();
    // The launch page's own navigation (to home) would come right after the config: it must not.
    await page.waitForResponse((r) => r.url().includes('common_config'));
    await page.waitForLoadState('networkidle');
    assert.equal(await routeOf(page), '/pages/rank/index');
    await ctx.close();
  });

  it('a first visit whose app code cannot load shows the launch view with a retry, and starts once it can', async () => {
    // No service worker: one that had precached the app would serve the code the test refuses.
    const { ctx, page } = await pageAs(browser, await registerMember(server.url), [], 'zh-CN', { serviceWorkers: 'block' });
    let blocked = true;
    await page.route('**/assets/start-*.js', (route) => (blocked ? route.abort('connectionrefused') : route.continue()));
    await open(page, server.url, '/pages/live/index');
    await page.getByRole('alert').getByRole('button', { name: '重试' }).waitFor();
    await shot(page, 'resilience-boot-retry');
    blocked = false;
    // Retried by itself (every few seconds while online), no tap needed.
    await page.getByTestId('tab-live').waitFor({ timeout: 20_000 });
    await ctx.close();
  });
});
