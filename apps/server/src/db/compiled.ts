import type { CompiledQuery } from 'kysely';
import type { Conn } from './database.js';

// Keyed by the dialect adapter, which a Kysely instance, its transactions and its single-connection
// handles (Db.tx) share: a query compiled once serves all of them.
const caches = new WeakMap<object, Map<string, CompiledQuery<unknown>>>();

/**
 * Runs a query on the hot path whose SQL text depends only on `key` (and the database), compiling it
 * once: Kysely's build-and-compile costs several times a small SQLite statement. `key` names the
 * query app-wide (`<repository>.<query>`, plus whatever changes its shape, such as a row count).
 * `build` must bind exactly `params`, in order: checked on the first compile, so a query with other
 * literals cannot silently reuse stale values (write fixed values with `sql.lit`, or pass them).
 */
export async function runCompiled<R>(conn: Conn, key: string, params: readonly unknown[], build: () => CompiledQuery<R>): Promise<R[]> {
  const adapter = conn.getExecutor().adapter;
  let cache = caches.get(adapter);
  if (!cache) caches.set(adapter, (cache = new Map()));
  let compiled = cache.get(key) as CompiledQuery<R> | undefined;
  if (!compiled) {
    compiled = build();
    const bound = compiled.parameters;
    if (bound.length !== params.length || bound.some((p, i) => p !== params[i])) {
      throw new Error(`compiled query "${key}" must bind exactly its params, in order: ${compiled.sql}`);
    }
    cache.set(key, compiled as CompiledQuery<unknown>);
  }
  return (await conn.executeQuery<R>({ ...compiled, parameters: params })).rows;
}
