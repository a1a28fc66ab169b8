/**
 * Import-graph rules (`npm run lint` runs them after ESLint): no import circles in the server's
 * code, type-only imports included, since a circle of types still ties two files into one
 * unit a reader must hold at once; and demo content on top of what it seeds. The layer rules (what may import what) are ESLint's
 * no-restricted-imports (eslint.config.js).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Two files that import each other, directly or around a circle: move what both need below both.',
      from: { path: '^apps/server/src' },
      to: { circular: true },
    },
    {
      name: 'demo-on-top',
      severity: 'error',
      comment:
        'Demo content depends on the modules, never the reverse: only the process wiring (app.ts, roles/) starts it, and the production check reads its accounts.',
      from: { path: '^apps/server/src', pathNot: '^apps/server/src/(demo/|app\\.ts$|roles/|productionSafety\\.ts$)' },
      to: { path: '^apps/server/src/demo/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: `${__dirname}/apps/server/tsconfig.json` },
    exclude: { path: '(^|/)node_modules/|\\.test\\.ts$' },
  },
};
