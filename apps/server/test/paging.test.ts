import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conn } from '../src/db/database.js';
import { pageOf } from '../src/db/paging.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

let s: TestServer;
// Twelve settings of this run: 01…12, every third one ('03', '06', …) filtered out.
const prefix = `paging:${randomBytes(4).toString('hex')}:`;
const keys = Array.from({ length: 12 }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`);
const kept = keys.filter((_, i) => (i + 1) % 3 !== 0);

beforeAll(async () => {
  s = await startTestServer();
  await s.deps.db.kysely
    .insertInto('settings')
    .values(keys.map((key, i) => ({ key, value: (i + 1) % 3 === 0 ? 'out' : 'in' })))
    .execute();
});
afterAll(async () => {
  await s?.close();
});

/** A page of this run's kept settings, newest key first. */
const keptPage = (db: Conn, page: number, size: number) =>
  pageOf(
    db.selectFrom('settings').where('key', 'like', `${prefix}%`).where('value', '=', 'in'),
    (q) => q.select(['key', 'value']).orderBy('key', 'desc'),
    page,
    size,
  );

describe('pageOf: one page of a list and the whole list’s size, on both databases', () => {
  const newestFirst = [...kept].reverse();

  it('answers the first page in the order given, and the total over the same filters', async () => {
    const { rows, total } = await keptPage(s.deps.db.kysely, 1, 3);
    expect(rows).toEqual(newestFirst.slice(0, 3).map((key) => ({ key, value: 'in' })));
    expect(total).toBe(kept.length);
    expect(typeof total).toBe('number');
  });

  it('walks the whole list page by page, each row once, the last page short', async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => keptPage(s.deps.db.kysely, p, 3)));
    expect(pages.map((p) => p.rows.length)).toEqual([3, 3, 2]);
    expect(pages.flatMap((p) => p.rows.map((r) => r.key))).toEqual(newestFirst);
    expect(pages.map((p) => p.total)).toEqual([8, 8, 8]);
  });

  it('answers a page past the end empty, with the total still counted', async () => {
    expect(await keptPage(s.deps.db.kysely, 4, 3)).toEqual({ rows: [], total: 8 });
    expect(await keptPage(s.deps.db.kysely, 100, 50)).toEqual({ rows: [], total: 8 });
  });

  it('counts nothing when no row matches', async () => {
    const none = await pageOf(s.deps.db.kysely.selectFrom('settings').where('key', '=', `${prefix}none`), (q) => q.selectAll().orderBy('key'), 1, 10);
    expect(none).toEqual({ rows: [], total: 0 });
  });

  it('runs inside a transaction (the page and the count queued on its one connection)', async () => {
    const inTx = await s.deps.db.tx((conn) => keptPage(conn, 2, 5));
    expect(inTx).toEqual({ rows: newestFirst.slice(5).map((key) => ({ key, value: 'in' })), total: 8 });
  });
});
