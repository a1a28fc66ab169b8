// Lint for the whole repository: `npm run lint` (zero warnings). The layer rules at the end encode
// docs/decisions: what may import what, checked on the import's text (every import in the code is
// a package name or a relative path, so the number of leading `../` says where it lands).
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** A no-restricted-imports pattern: the import's text matches `regex`. */
const banned = (regex, message) => ({ regex, message });

const REPOSITORY = 'repositories are imported only from their own module folder and from src/db';
/** An import of a `*.repository` file that climbs `levels` or more folders up. */
const repositoryUp = (levels) => banned(`^(\\.\\./){${levels},}.*\\.repository(\\.js)?$`, REPOSITORY);

/**
 * Files that break a layer rule today, waived until they are fixed; delete each entry as its file is.
 * Cross-module repository imports (being moved behind the owning module's service):
 */
const WAIVED_REPOSITORY_IMPORTS = [];
/** src/lib files that read the session store (state/session) or a query cache. */

const APP = banned('^@app/(server|web|e2e|bench)$|(^|/)apps/', 'a package imports no app');

export default defineConfig(
  { ignores: ['**/node_modules/', '**/dist/', '**/data/', '**/coverage/', '**/artifacts/', '**/.vite/', 'apps/web/dev-dist/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // `typeof import('…')` stays allowed: it types a module that is loaded lazily.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    // What runs in a browser: the web app and the games host's pages.
    files: ['apps/web/src/**', 'apps/server/src/games/play/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The service worker's push handlers (a classic script the generated worker imports).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // The two classic hook rules. The plugin's React Compiler rules (set-state-in-effect, refs,
    // purity …) judge code written for the compiler, which this app does not use.
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },

  {
    // A promise nobody awaits, catches or marks with \`void\` loses its rejection (an unhandled
    // rejection ends the process). Type-aware, so only where it pays: the server's own code.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/games/play/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },

  // Layers.
  {
    files: ['apps/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [banned('^@app/server$|(^|/)apps/server(/|$)|^(\\.\\./)+server(/|$)', 'the web app never imports the server: share through @app/contract')],
          paths: [{ name: '@app/kit', importNames: ['formatCount'], message: "counts follow the reader's language: import formatCount from src/locale/count" }],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/**'],
    // A test may set up the store its subject is wired to at start (apps/web/src/boundaries.test.ts agrees).
    ignores: ['apps/web/src/lib/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            banned('^@app/server$|(^|/)apps/server(/|$)|^(\\.\\./)+server(/|$)', 'the web app never imports the server: share through @app/contract'),
            banned('^(\\.\\./)+(state|screens)(/|$)', 'src/lib is below state and screens: it imports neither'),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [APP] }] },
  },
  {
    files: ['packages/kit/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [APP, banned('^@app/contract$|(^|/)contract/', 'kit is below the contract: it imports no contract')] }],
    },
  },
  {
    // Server code outside a module folder (app, plugins, realtime, media, cli …) reaches data through services.
    files: ['apps/server/src/**'],
    ignores: [
      'apps/server/src/db/**',
      // Demo content writes its rows through the modules' repositories, as migrations write theirs.
      'apps/server/src/demo/**',
      'apps/server/src/modules/**',
      'apps/server/src/games/**',
      'apps/server/src/media/placement/**',
      ...WAIVED_REPOSITORY_IMPORTS,
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [banned('\\.repository(\\.js)?$', REPOSITORY)] }] },
  },
  // A module folder (modules/<m>/, games/ for the games host, and media/placement/ for the media
  // nodes and instance leases) may import its own repositories: an import leaving the folder climbs
  // one level more than the file's depth inside it.
  {
    files: ['apps/server/src/modules/*/*.ts', 'apps/server/src/games/*.ts', 'apps/server/src/media/placement/*.ts'],
    ignores: WAIVED_REPOSITORY_IMPORTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [repositoryUp(1)] }] },
  },
  {
    files: ['apps/server/src/modules/*/*/*.ts', 'apps/server/src/games/*/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [repositoryUp(2)] }] },
  },
  { files: ['apps/server/src/modules/*/*/*/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [repositoryUp(3)] }] } },
);
