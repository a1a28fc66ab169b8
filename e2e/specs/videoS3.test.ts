import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import S3rver from 's3rver';
import { registerMember } from '../lib/api.js';
import { launch, shot } from '../lib/browser.js';
import { pageAs, type Member } from '../lib/member.js';
import { open, waitForRoute } from '../lib/page.js';
import { freePort, startServer, type RunningServer } from '../lib/server.js';

/*
 * Issue 7 with S3 storage, in the browser: the upload page PUTs the file straight to the bucket
 * (s3rver, with CORS for the app's origin) through the presigned URL of resource/upload/sts, never
 * through the server; the server checks it, transcodes it from the bucket, and the player plays the
 * segments from the bucket. Screens at 375×812.
 */

const run = promisify(execFile);
const tmp = mkdtempSync(join(tmpdir(), 'e2e-video-s3-'));
const BUCKET = 'liveapp';
/** What a real bucket needs for the web client: PUT from the app's origin, GET for hls.js and the posters. */
const CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>`;
let s3: S3rver;
let endpoint: string;
let server: RunningServer;
let browser: Browser;
let uploader: Member;

before(async () => {
  const port = await freePort();
  s3 = new S3rver({ address: '127.0.0.1', port, silent: true, directory: join(tmp, 's3'), configureBuckets: [{ name: BUCKET, configs: [CORS] }] });
  await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  // s3rver takes its fixed credentials.
  [server, browser] = await Promise.all([
    startServer({ S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' }),
    launch(['--autoplay-policy=no-user-gesture-required']),
  ]);
  uploader = await registerMember(server.url);
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await s3?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('videos on S3 storage in the browser', () => {
  it('uploads straight to the bucket with progress, then plays the transcoded video from it', async () => {
    const clip = join(tmp, 'portrait.mp4');
    await run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=360x640:rate=30',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=523:sample_rate=44100',
      '-t',
      '5',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      clip,
    ]);
    const { ctx, page } = await pageAs(browser, uploader);
    const puts: string[] = [];
    const toServer: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().startsWith(`${endpoint}/${BUCKET}/incoming/`)) puts.push(r.url());
      if (r.url().includes('resource/upload/video') && !r.url().endsWith('/complete')) toServer.push(r.url());
    });
    const segments: string[] = [];
    page.on('response', (r) => {
      if (r.url().startsWith(`${endpoint}/${BUCKET}/video/`) && r.status() === 200) segments.push(r.url());
    });

    await open(page, server.url, '/pages/index/uploadVd');
    await page.getByTestId('video-pick').waitFor();
    await page.getByTestId('video-file').setInputFiles(clip);
    await page.locator('[data-testid=upload-status][data-phase=sent]').waitFor({ timeout: 30_000 });
    assert.equal(puts.length, 1, 'one PUT of the whole file to the bucket');
    assert.deepEqual(toServer, [], 'no chunk went through the server');
    await page.getByTestId('video-title').locator('input').fill('桶里直传的小片');
    await shot(page, 'video-s3-upload-form');
    await page.getByRole('button', { name: '发布' }).click();

    await waitForRoute(page, '/pages/index/uploadVd');
    const ready = page.locator('[data-testid=my-upload][data-status=ready]').first();
    await ready.waitFor({ timeout: 60_000 });
    // The poster is in the bucket, guarded like every image: fetched (CORS) and decoded into a blob.
    await page.waitForFunction(
      () => document.querySelector('[data-testid=my-upload][data-status=ready] img')?.getAttribute('src')?.startsWith('blob:'),
      undefined,
      { timeout: 10_000 },
    );
    await page.waitForLoadState('networkidle');
    await shot(page, 'video-s3-my-uploads-ready');

    await ready.locator('button').first().click();
    await waitForRoute(page, '/pages/index/video');
    await page.waitForFunction(
      () => ((document.querySelector('video[data-testid=video-el][data-active=true]') as HTMLVideoElement | null)?.currentTime ?? 0) > 1,
      undefined,
      { timeout: 20_000 },
    );
    assert.ok(segments.length > 0, 'the player fetched its segments from the bucket');
    await shot(page, 'video-s3-player');
    await ctx.close();
  });
});
