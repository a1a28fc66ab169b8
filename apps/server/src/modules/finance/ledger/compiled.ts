import type { CompiledQuery } from 'kysely';
import type { Conn } from '../../../db/database.js';

// Keyed by the dialect adapter, which the root handle, its transactions and its single-connection
// handles share: db/prepared.ts keys by handle, and every ledger transaction runs on a fresh one.
const caches = new WeakMap<object, Map<string, CompiledQuery<unknown>>>();

/**
 * Runs a query whose SQL text depends only on `key` (and the dialect), compiling it once: Kysely's
 * build-and-compile costs more than the SQLite statement itself on the gift path. `build` must bind
 * exactly `params`, in order (checked on the first compile).
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
