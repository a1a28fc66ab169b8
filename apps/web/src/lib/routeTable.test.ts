import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, fullPath } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { ROUTES } from './routeTable';

/** routeTable.ts as it should read; `UPDATE_ROUTE_TABLE=1 npx vitest run apps/web/src/lib/routeTable.test.ts` (from the repository root) writes it. */
function render(): string {
  const rows = Object.entries(api).map(([name, def]) => `  ${name}: ['${def.method}', '${fullPath(def)}'],`);
  return `import type { HttpMethod, RouteName } from '@app/contract';

/**
 * Method and full path of every call, generated from the contract's route table (routeTable.test.ts
 * checks it and rewrites it with UPDATE_ROUTE_TABLE=1). The client needs no more than this to send a
 * call, and the contract itself builds every zod schema when it loads: a long task the first call
 * of a starting app would otherwise wait for.
 */
export const ROUTES: Record<RouteName, readonly [HttpMethod, string]> = {
${rows.join('\n')}
};
`;
}

describe('route table', () => {
  it("is the contract's (method and full path of every call)", () => {
    if (process.env.UPDATE_ROUTE_TABLE) writeFileSync(join(process.cwd(), 'apps/web/src/lib/routeTable.ts'), render());
    const expected = Object.fromEntries(Object.entries(api).map(([name, def]) => [name, [def.method, fullPath(def)]]));
    expect(ROUTES).toEqual(expected);
  });
});
