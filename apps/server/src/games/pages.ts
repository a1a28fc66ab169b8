import path from 'node:path';
import { build } from 'esbuild';
import type { FastifyInstance } from 'fastify';
import { SERVER_ROOT } from '../config.js';

// From the server's root, not this file's folder: the same in the source and in the bundled server.
const PLAY_DIR = path.join(SERVER_ROOT, 'src/games/play');
/** The games served, by code: each is play/<code>.ts, bundled with the shared shell. */
export const GAME_CODES = ['g2048', 'snake', 'rhythm'] as const;

/** Bundles every game once at start (esbuild, in memory, ~100 ms): no build step to forget. */
async function bundle(): Promise<Map<string, string>> {
  const result = await build({
    entryPoints: GAME_CODES.map((c) => path.join(PLAY_DIR, `${c}.ts`)),
    bundle: true,
    format: 'esm',
    target: 'es2020',
    minify: true,
    write: false,
    outdir: '/out',
    logLevel: 'silent',
  });
  return new Map(result.outputFiles.map((f) => [path.basename(f.path, '.js'), f.text]));
}

const page = (code: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no, viewport-fit=cover">
<meta name="theme-color" content="#1b1033"><title>Game</title></head>
<body><div id="game"></div><script type="module" src="/play/assets/${code}.js"></script></body></html>`;

/** The game pages: /play/<code>/ (the shell page) and /play/assets/<code>.js (the game). */
export async function registerGamePages(app: FastifyInstance): Promise<void> {
  const scripts = await bundle();
  app.get<{ Params: { code: string } }>('/play/:code/', { schema: { hide: true } }, async (req, reply) => {
    if (!scripts.has(req.params.code)) return reply.status(404).type('text/plain').send('no such game');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page(req.params.code));
  });
  app.get<{ Params: { file: string } }>('/play/assets/:file', { schema: { hide: true } }, async (req, reply) => {
    const js = scripts.get(req.params.file.replace(/\.js$/, ''));
    if (!js) return reply.status(404).type('text/plain').send('not found');
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(js);
  });
}
