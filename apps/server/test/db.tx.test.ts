import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conn } from '../src/db/database.js';
import { pgUrl, startTestServer, type TestServer } from './helpers/testServer.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

let seq = 0;
const newKey = () => `tx_test_${process.pid}_${++seq}`;
const put = (conn: Conn, key: string, value = '1') => conn.insertInto('settings').values({ key, value }).execute();
const valueOf = async (key: string) => (await s.deps.db.kysely.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
const failure = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

describe('db.tx: the one way to run a transaction, on both databases', () => {
  it('commits what the function wrote when it returns, and answers its result', async () => {
    const key = newKey();
    const result = await s.deps.db.tx(async (conn) => {
      await put(conn, key, 'kept');
      return 42;
    });
    expect(result).toBe(42);
    expect(await valueOf(key)).toBe('kept');
  });

  it('rolls back everything the function wrote when it throws, and rethrows its error', async () => {
    const key = newKey();
    const boom = new Error('boom');
    await expect(
      s.deps.db.tx(async (conn) => {
        await put(conn, key);
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(await valueOf(key)).toBeUndefined();
  });

  it('runs again from the start after a deadlock or serialization abort, keeping only the last attempt', async () => {
    const key = newKey();
    let attempts = 0;
    await s.deps.db.tx(async (conn) => {
      attempts++;
      await put(conn, key, String(attempts));
      if (attempts === 1) throw failure('40001');
      if (attempts === 2) throw failure('40P01');
    });
    expect(attempts).toBe(3);
    expect(await valueOf(key)).toBe('3');
  });

  it('gives up after five attempts, and never retries any other error', async () => {
    let attempts = 0;
    await expect(
      s.deps.db.tx(async () => {
        attempts++;
        throw failure('40001');
      }),
    ).rejects.toMatchObject({ code: '40001' });
    expect(attempts).toBe(5);
    attempts = 0;
    await expect(
      s.deps.db.tx(async () => {
        attempts++;
        throw failure('23505');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(attempts).toBe(1);
  });

  it.runIf(pgUrl())('PostgreSQL: two transactions that deadlock both commit, the aborted one run again', async () => {
    const [a, b] = [newKey(), newKey()];
    await s.deps.db.kysely
      .insertInto('settings')
      .values([
        { key: a, value: '0' },
        { key: b, value: '0' },
      ])
      .execute();
    const bump = (conn: Conn, key: string) => conn.updateTable('settings').set({ value: 'x' }).where('key', '=', key).execute();
    // Each takes its first row, then waits (once) for the other to hold its own before taking the second.
    let heldA!: () => void;
    let heldB!: () => void;
    const aHeld = new Promise<void>((r) => (heldA = r));
    const bHeld = new Promise<void>((r) => (heldB = r));
    let runs = 0;
    const crossed = (first: string, second: string, held: () => void, other: Promise<void>) =>
      s.deps.db.tx(async (conn) => {
        runs++;
        await bump(conn, first);
        held();
        await other;
        await bump(conn, second);
      });
    await Promise.all([crossed(a, b, heldA, bHeld), crossed(b, a, heldB, aHeld)]);
    // At least one abort and its rerun (under load a rerun can take the freed row first and deadlock again).
    expect(runs).toBeGreaterThanOrEqual(3);
    expect([await valueOf(a), await valueOf(b)]).toEqual(['x', 'x']);
  });

  it.skipIf(pgUrl())('SQLite: the write lock is taken at BEGIN, before the function writes anything (BEGIN IMMEDIATE)', async () => {
    const other = new SQLite(path.join(s.config.dataDir, 'app.db'));
    other.pragma('busy_timeout = 0');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let opened!: () => void;
    const isOpen = new Promise<void>((r) => (opened = r));
    const key = newKey();
    try {
      const tx = s.deps.db.tx(async (conn) => {
        await conn.selectFrom('settings').select('key').limit(1).execute();
        opened();
        await held;
      });
      await isOpen;
      expect(() => other.prepare('insert into settings (key, value) values (?, ?)').run(key, '1')).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
      release();
      await tx;
      other.prepare('insert into settings (key, value) values (?, ?)').run(key, '1');
      expect(await valueOf(key)).toBe('1');
    } finally {
      release();
      other.close();
    }
  });
});
