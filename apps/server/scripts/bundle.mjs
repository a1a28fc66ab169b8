// Bundles the server's own code (src/ and the workspace packages) into dist/main.mjs; npm packages
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

const started = Date.now();
await build({
  entryPoints: [join(root, 'src/main.ts')],
  outfile: join(root, 'dist/main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
});
console.log(`server bundled into dist/main.mjs in ${Date.now() - started} ms`);
