import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@app/contract';
import { openGamesDb } from '../src/games/db.js';
import { makeOperator, quickMember } from './financeHelpers.js';
import { dropSchema, newSchemaName, pgUrl, startTestServer, underSchemaLock, type TestServer } from './helpers/testServer.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('string columns and the contract agree on both databases', () => {
  it('a value the contract takes is stored, however long its column was declared (an ISO time with 12 fraction digits)', async () => {
    const op = await quickMember(s, '运营');
    await makeOperator(s, op.id);
    const saved = await s.api.call(
      api.adminActivitySave,
      { title: '长时间', start_at: '2924-02-29T20:26:31.383598845889Z', end_at: '4800-02-29T21:51:15.000000000001Z' },
      { token: op.token },
    );
    expect([saved.status, saved.code], saved.msg).toEqual([200, 200]);
  });

  it.runIf(pgUrl())('PostgreSQL holds no varchar column, in the server schema or the games host one (lengths are the contract’s)', async () => {
    const varchars = sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.columns where table_schema = current_schema() and data_type = 'character varying'`;
    expect((await varchars.execute(s.deps.db.kysely)).rows[0]!.n).toBe(0);
    const schema = newSchemaName();
    const games = await underSchemaLock('migrate', () => openGamesDb({ dataDir: s.config.dataDir, databaseUrl: pgUrl(), schema }));
    try {
      expect((await varchars.execute(games.kysely)).rows[0]!.n).toBe(0);
    } finally {
      await games.close();
      await dropSchema(schema);
    }
  });
});
