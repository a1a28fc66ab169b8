// Bundles the server's own code (src/ and the workspace packages) into dist/*.mjs; npm packages
// stay external. A restart then loads one file instead of several hundred modules through the
// TypeScript loader: part of serving again within 3 s of a restart (decision "restart in seconds").
import { readFileSync } from 'node:fs';
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

// The server, the games host it supervises, and the operator CLI: each its own file, so a process
// starts from one module (the games host and the CLI run the same way as the server that built them).
const entries = { main: 'src/main.ts', games: 'src/games/main.ts', admin: 'src/cli/admin.ts' };
const started = Date.now();
await Promise.all(
  Object.entries(entries).map(([name, entry]) =>
    build({
      entryPoints: [join(root, entry)],
      outfile: join(root, `dist/${name}.mjs`),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external,
      sourcemap: 'linked',
      logLevel: 'warning',
    }),
  ),
);
console.log(`server bundled into dist/{${Object.keys(entries).join(',')}}.mjs in ${Date.now() - started} ms`);
