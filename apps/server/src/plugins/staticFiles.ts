import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SERVER_ROOT } from '../config.js';
import { LIVE_PLAYLIST_CACHE, UPLOADS_PREFIX } from '../storage/storage.js';
import { appCsp, inlineScriptHashes, type AppOrigins } from './securityHeaders.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Uploaded files (unique keys: cached forever; a live playlist, the one file rewritten, a second) and the server's own assets such as gift icons. */
export async function registerFileRoutes(app: FastifyInstance, uploadsDir: string): Promise<void> {
  fs.mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res, file) => res.header('cache-control', file.endsWith('.m3u8') ? LIVE_PLAYLIST_CACHE : IMMUTABLE),
  });
  await app.register(fastifyStatic, {
    root: path.join(SERVER_ROOT, 'assets'),
    prefix: '/static/',
    decorateReply: false,
    maxAge: '1d',
  });
}

/**
 * The built web app at `/`. Vite's hashed files under `/assets/` are cached for a year; the shell
 * (index.html, sw.js, the manifest) is revalidated every time so a deploy reaches users at once.
 * The build writes Brotli and gzip copies beside each text file (`x.js.br`, `x.js.gz`): the one the
 * request's Accept-Encoding prefers is sent as it is (no compression per request).
 * Returns false (and the API runs alone) when there is no build.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string, origins: AppOrigins): Promise<boolean> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) return false;
  const hashes = inlineScriptHashes(fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'));
  // The app's one page (hash routes): its policy names the games host on the host the page was asked for.
  app.addHook('onSend', (req, reply, payload, done) => {
    const page = req.url.split('?')[0];
    if ((page === '/' || page === '/index.html') && String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
      reply.header('content-security-policy', appCsp(hashes, origins, { protocol: req.protocol, host: req.hostname }));
    done(null, payload);
  });
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, file) => {
      // The file sent may be a precompressed copy (index.html.br): its headers are the original's.
      const rel = path
        .relative(webDist, file)
        .split(path.sep)
        .join('/')
        .replace(/\.(br|gz)$/, '');
      if (rel.startsWith('assets/')) res.header('cache-control', IMMUTABLE);
      else if (rel === 'index.html' || rel === 'sw.js' || rel.endsWith('.webmanifest')) res.header('cache-control', 'no-cache');
      else res.header('cache-control', 'public, max-age=3600');
    },
  });
  return true;
}
