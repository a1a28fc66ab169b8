import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/** Where `npm run dev` sends API, upload and socket traffic (the server of apps/server). */
const BACKEND = process.env.VITE_BACKEND ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
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
        // The whole shell, every screen chunk included, so the app launches offline.
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        // …except the operator console: only an operator's browser loads it, when they open /admin.
        globIgnores: ['**/Admin-Console-*.js', '**/Console-*.css'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//, /^\/static\//, /^\/socket\.io\//, /^\/healthz/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
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
