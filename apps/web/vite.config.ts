import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const require = createRequire(import.meta.url);

/** Where `npm run dev` sends API, upload and socket traffic (the server of apps/server). */
const BACKEND = process.env.VITE_BACKEND ?? 'http://127.0.0.1:8080';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The build's output folder, as resolved (`--outDir` included): where launchSet reads the built files. */
let outDir = '';

/** The launch view's logo, inline: index.html's shell and the LaunchView that replaces it show the same bytes (no flash, no request). */
const LAUNCH_LOGO = `data:image/svg+xml,${encodeURIComponent(
  readFileSync(new URL('./public/icon.svg', import.meta.url), 'utf8')
    .replace(/>\s+</g, '><')
    .trim(),
)}`;

type AppStrings = { app: { name: string; slogan: string } };

/**
 * The launch page's look written into index.html (`<!--launch-shell-->`) in the default language
 * (zh-CN): the browser paints the first screen from the HTML and its inline CSS alone, before any
 * script has arrived or run; LaunchView (app/launch.tsx) replaces it with the same look in the
 * user's language. The logo is the SVG icon inline (no request before the first paint). A few
 * bytes of inline script after it put the English name and slogan in before that paint when the
 * user's language is English (the rule of `storedLang` in locale/i18n.ts: the stored choice, else
 * the browser's first Chinese or English language).
 */
function launchShell(): Plugin {
  const strings = (file: string) => (JSON.parse(readFileSync(require.resolve(file), 'utf8')) as AppStrings).app;
  const zh = strings('@app/locale/zh-CN.json');
  const en = strings('@app/locale/en.json');
  const logo = LAUNCH_LOGO;
  const english =
    `(function(){var l;try{l=localStorage.getItem('liveapp.lang')}catch(e){}` +
    `if(l!=='en'&&l!=='zh-CN'){l='zh-CN';var p=navigator.languages||[];for(var i=0;i<p.length;i++){var b=p[i].toLowerCase().split('-')[0];if(b==='zh')break;if(b==='en'){l='en';break}}}` +
    `if(l!=='en')return;var d=document;d.documentElement.lang='en';d.title=${JSON.stringify(en.name)};` +
    `d.querySelector('.launch__name').textContent=${JSON.stringify(en.name)};d.querySelector('.launch__slogan').textContent=${JSON.stringify(en.slogan)}})()`;
  const shell =
    `<div class="launch"><div class="launch__center"><img class="launch__logo" src="${logo}" alt="" width="88" height="88" />` +
    `<h1 class="launch__name">${escapeHtml(zh.name)}</h1><div class="launch__slogan">${escapeHtml(zh.slogan)}</div></div>` +
    `<div class="launch__dots"><i></i><i></i><i></i></div></div><script>${english.replace(/<\//g, '<\\/')}</script>`;
  return {
    name: 'launch-shell',
    configResolved: (config) => void (outDir = resolve(config.root, config.build.outDir)),
    transformIndexHtml: (html) => html.replace('<!--launch-shell-->', shell),
  };
}

/**
 * The entry's stylesheet (the theme and the launch look, a few KiB) inlined into index.html: the
 * first paint waits for no stylesheet request.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          if (!asset || asset.type !== 'asset') return tag;
          return `<style>${String(asset.source).replace(/<\/style/gi, '<\\/style')}</style>`;
        });
      },
    },
  };
}

/**
 * The entry script only waits for the first paint and then imports the launch module (React and the
 * launch view): that module and what it imports are preloaded from index.html, so they download
 * while the HTML paints, as the entry's own imports would. At low priority: the first paint needs
 * none of them, and on a slow link the page's own bytes come first.
 */
function preloadLaunchModule(): Plugin {
  return {
    name: 'preload-launch-module',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const entry = ctx.chunk;
        const bundle = ctx.bundle;
        if (!entry || !bundle) return html;
        const files: string[] = [];
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (files.includes(file) || file === entry.fileName || !chunk || chunk.type !== 'chunk') return;
          files.push(file);
          chunk.imports.forEach(visit);
        };
        entry.dynamicImports.forEach(visit);
        const links = files
          .filter((f) => !html.includes(`"/${f}"`))
          .map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}">`)
          .join('\n    ');
        return links ? html.replace('</head>', `  ${links}\n  </head>`) : html;
      },
    },
  };
}

const STATIC_IMPORT = /(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+?from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g;

/**
 * The launch set the service worker precaches: index.html's scripts, the app core behind them
 * (`start`) and the launch screen, each with what it imports statically. Every other chunk (screens,
 * players, animations) is fetched when first used and kept by the runtime cache.
 */
function launchSet(dist: string): Set<string> {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    const dir = file.slice(0, file.lastIndexOf('/') + 1);
    for (const m of code.matchAll(STATIC_IMPORT)) queue.push(dir + m[1]!);
    for (const m of code.matchAll(/["'`](?:\.\/|assets\/)((?:start|Index-Launch)-[^"'`]+\.js)["'`]/g)) queue.push(`assets/${m[1]!}`);
  }
  return seen;
}

export default defineConfig({
  base: '/',
  define: { 'import.meta.env.VITE_LAUNCH_LOGO': JSON.stringify(LAUNCH_LOGO) },
  resolve: {
    alias: {
      // react-router's package exports only its development build (warnings and checks included, ~25%
      // larger): the browser bundle takes the production build it ships beside it.
      'react-router': require.resolve('react-router').replace(/[\\/]development[\\/]index\.m?js$/, '/production/index.mjs'),
    },
  },
  plugins: [
    react(),
    launchShell(),
    inlineEntryCss(),
    preloadLaunchModule(),
    VitePWA({
      registerType: 'autoUpdate',
      // Registered by the app once the first screen is up (app/boot.ts), not on the page's load event.
      injectRegister: false,
      includeAssets: ['icon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: '星光直播',
        short_name: '星光直播',
        description: '直播、短视频、小游戏与社区',
        lang: 'zh-CN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#fff5f9',
        theme_color: '#ff4f8b',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        // Precached: the launch set (see launchSet), styles and icons, so the app launches offline;
        // the rest comes on first use and stays in the runtime cache below (hashed names never change).
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        globIgnores: ['**/Admin-Console-*.js', '**/Console-*.css'],
        manifestTransforms: [
          (entries) => {
            const keep = launchSet(outDir);
            return { manifest: entries.filter((e) => !e.url.endsWith('.js') || keep.has(e.url) || !e.url.startsWith('assets/')), warnings: [] };
          },
        ],
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'assets', expiration: { maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60 } },
          },
        ],
        // Web Push: the push and notificationclick handlers (public/sw-push.js).
        importScripts: ['/sw-push.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//, /^\/static\//, /^\/socket\.io\//, /^\/healthz/],
        cleanupOutdatedCaches: true,
      },
    }),
    // Brotli and gzip copies beside every text asset, made once here: the server picks one by the
    // request's Accept-Encoding (@fastify/static preCompressed) instead of compressing per request.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/,
      threshold: 512,
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // A dynamic import's chunks are found by the browser from the chunk's own static imports (hoisted
    // to the chunk's top) rather than by a <link rel=modulepreload> per dependency that the loader
    // inserts when the import runs: those insertions were the largest single cost of the main thread
    // while the app started (tens of links per screen, each a synchronous fetch set-up). CSS still
    // goes through the loader.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      output: {
        // Screen chunks named by area (Rank-Index-…js rather than a dozen Index-…js): readable in the network panel.
        chunkFileNames: (chunk) => {
          const m = chunk.facadeModuleId?.match(/screens[\\/]([^\\/]+)[\\/]([^\\/.]+)\.tsx$/);
          return m ? `assets/${m[1]}-${m[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        // Long-lived vendor chunks (they change less often than the app). Only libraries the first
        // screen needs anyway are grouped; antd-mobile, zod and socket.io split by use.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // The contract's plain values (headers, error codes, paths) apart from its schemas: the API
            // client needs them on every call, the schemas (zod) only where a screen checks input.
            { name: 'contract-base', test: /packages[\\/]contract[\\/]src[\\/](errors|headers|route)\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    host: '0.0.0.0',
    port: 5173,
    proxy: {
      '/api': BACKEND,
      '/uploads': BACKEND,
      '/socket.io': { target: BACKEND, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': BACKEND,
      '/uploads': BACKEND,
      '/socket.io': { target: BACKEND, ws: true },
    },
  },
});
