import type { CompiledQuery } from 'kysely';
import type { Conn } from './database.js';

interface Compilable<Row> {
  compile(): CompiledQuery<Row>;
}

/**
 * A query on the hot path (every authenticated request), compiled once per database handle and
 * rerun with new parameters: Kysely's build-and-compile costs several times the SQLite lookup.
 * `build` must use each argument exactly once, in order, as a bound parameter; checked on the
 * first compile so a query with other literals cannot silently reuse stale values.
 */
export function prepared<Args extends unknown[], Row>(build: (db: Conn, ...args: Args) => Compilable<Row>) {
  const cache = new WeakMap<Conn, CompiledQuery<Row>>();
  return async (db: Conn, ...args: Args): Promise<Row[]> => {
    let compiled = cache.get(db);
    if (!compiled) {
      compiled = build(db, ...args).compile();
      const params = compiled.parameters;
      if (params.length !== args.length || params.some((p, i) => p !== args[i])) {
        throw new Error(`prepared query must bind exactly its arguments, in order: ${compiled.sql}`);
      }
      cache.set(db, compiled);
    }
    const rerun: CompiledQuery<Row> = { ...compiled, parameters: args };
    return (await db.executeQuery(rerun)).rows;
  };
}
