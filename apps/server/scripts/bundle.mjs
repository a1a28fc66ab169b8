// Bundles the server's own code (src/ and the workspace packages) into dist/*.mjs; npm packages
// stay external. A restart then loads one file instead of several hundred modules through the
// TypeScript loader: part of serving again within 3 s of a restart (decision "restart in seconds").
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const depsOf = (pkg) => {
  const json = JSON.parse(readFileSync(join(root, pkg, 'package.json'), 'utf8'));
  return [...Object.keys(json.dependencies ?? {}), ...Object.keys(json.devDependencies ?? {})];
};
const external = [...new Set(['.', '../../packages/kit', '../../packages/contract', '../../packages/locale'].flatMap(depsOf))]
  .filter((name) => !name.startsWith('@app/'))
  .flatMap((name) => [name, `${name}/*`]);

// The server, the games host it supervises, and the operator CLI: each its own entry file, so a
// process starts from one module (the games host and the CLI run the same way as the server that
// built them). Split into chunks, so the server's modules load at main.ts's `import('./serve.js')`,
// after tracing started, instead of at the top of the file (decision 0221); a few files, not hundreds.
const entries = { main: 'src/main.ts', games: 'src/games/main.ts', admin: 'src/cli/admin.ts' };
const started = Date.now();
// Chunks beside the entries (config.ts finds the repository from its own file's place); old ones go first.
for (const f of existsSync(join(root, 'dist')) ? readdirSync(join(root, 'dist')) : []) if (f.startsWith('chunk-')) rmSync(join(root, 'dist', f));
await build({
  entryPoints: Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, join(root, entry)])),
  outdir: join(root, 'dist'),
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunk-[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
});
console.log(`server bundled into dist/{${Object.keys(entries).join(',')}}.mjs in ${Date.now() - started} ms`);
