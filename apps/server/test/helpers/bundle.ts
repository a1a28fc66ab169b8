/**
 * The server's processes as `npm start` runs them: the bundles in apps/server/dist (the server, the
 * games host, the operator CLI), made once per test run by test/globalSetup.ts. A process started
 * from a bundle needs half the CPU of one started through tsx's loader (~2.4 against ~5 s), and it
 * is the code that runs in production.
 */
import path from 'node:path';
import { REPO_ROOT } from '../../src/config.js';

/** `node` arguments that run one of the server's entry points from its bundle. */
export const bundled = (entry: 'main' | 'games' | 'admin'): string[] => ['--enable-source-maps', path.join(REPO_ROOT, `apps/server/dist/${entry}.mjs`)];
