import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, ErrorCode } from '@app/contract';
import { quickMember, rechargeHttp } from './financeHelpers.js';
import { pgUrl, startTestServer, type TestServer } from './helpers/testServer.js';

// On SQLite every verified session (and its user/info answer) is kept by the process and used
// again only while its user's revision is unchanged (migration 0010, modules/auth/authCache.ts).
// These tests warm that cache, change the user through every path that can, and check that the
// very next request sees the change. On PostgreSQL (test:scale) there is no cache: the same
// behaviour must hold all the same.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

/** Runs SQL on another connection, as another process would (the operator CLI, say). */
async function writeElsewhere(text: string, params: unknown[]): Promise<void> {
  const url = s.config.databaseUrl;
  if (!url) {
    const other = new SQLite(path.join(s.config.dataDir, 'app.db'));
    try {
      other.prepare(text).run(...params);
    } finally {
      other.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`set search_path = "${s.config.databaseSchema}"`);
    let i = 0;
    await client.query(
      text.replace(/\?/g, () => `$${++i}`),
      params,
    );
  } finally {
    await client.end();
  }
}

async function warm(token: string) {
  const a = await s.api.call(api.userInfo, undefined, { token });
  const b = await s.api.call(api.userInfo, undefined, { token });
  expect(a.code).toBe(200);
  expect(b.data).toEqual(a.data);
  return b.data;
}

const info = (token: string) => s.api.call(api.userInfo, undefined, { token });

describe('a session the server has verified before', () => {
  it('is kept only on SQLite', () => {
    expect(s.services.sessions.cache !== undefined).toBe(s.deps.db.dialect === 'sqlite');
  });

  it('shows a profile, notice or balance written by another process at the next request', async () => {
    const m = await quickMember(s, '缓存甲');
    const before = await warm(m.token);
    expect(before.nickname).toBe('缓存甲');

    await writeElsewhere('update users set nickname = ? where id = ?', ['缓存乙', m.id]);
    expect((await info(m.token)).data.nickname).toBe('缓存乙');

    await writeElsewhere('insert into notices (user_id, type, title, content, created_at) values (?, ?, ?, ?, ?)', [
      m.id,
      'system',
      '通知',
      '内容',
      new Date().toISOString(),
    ]);
    expect((await info(m.token)).data.message_count).toBe(before.message_count + 1);

    await warm(m.token);
    await writeElsewhere('update notices set read_at = ? where user_id = ?', [new Date().toISOString(), m.id]);
    expect((await info(m.token)).data.message_count).toBe(0);
  });

  it('shows coins from a recharge, and anchor status from a review, at the next request', async () => {
    const m = await quickMember(s);
    expect((await warm(m.token)).coin).toBe(0);
    await rechargeHttp(s, m.token);
    expect((await info(m.token)).data.coin).toBeGreaterThan(0);

    expect((await warm(m.token)).is_anchor).toBe(false);
    await writeElsewhere(
      "insert into anchor_applications (user_id, real_name, id_card, mobile, introduction, status, created_at) values (?, '张三', '110101199003070000', '13800000000', '介绍', 'approved', ?)",
      [m.id, new Date().toISOString()],
    );
    expect((await info(m.token)).data.is_anchor).toBe(true);
  });

  it('is refused at the next request once revoked, expired or banned elsewhere', async () => {
    const revoked = await quickMember(s);
    await warm(revoked.token);
    await writeElsewhere('update sessions set revoked_at = ? where user_id = ?', [new Date().toISOString(), revoked.id]);
    const r = await info(revoked.token);
    expect(r.status).toBe(401);
    expect(r.code).toBe(ErrorCode.TOKEN_REVOKED);

    const expired = await quickMember(s);
    await warm(expired.token);
    await writeElsewhere('update sessions set expires_at = ? where user_id = ?', [new Date(Date.now() - 1000).toISOString(), expired.id]);
    expect((await info(expired.token)).code).toBe(ErrorCode.TOKEN_EXPIRED);

    const banned = await quickMember(s);
    await warm(banned.token);
    await writeElsewhere('update users set disabled_until = ? where id = ?', [new Date(Date.now() + 3_600_000).toISOString(), banned.id]);
    expect((await info(banned.token)).code).toBe(ErrorCode.ACCOUNT_DISABLED);
  });

  it('is refused at the next request after logout, while the user’s other sessions still work', async () => {
    const m = await quickMember(s);
    const other = await s.services.sessions.issue(s.deps.db.kysely, m.id, {});
    await warm(m.token);
    await warm(other.token);
    expect((await s.api.call(api.logout, undefined, { token: m.token })).code).toBe(200);
    expect((await info(m.token)).code).toBe(ErrorCode.TOKEN_REVOKED);
    expect((await info(other.token)).code).toBe(200);
  });

  // The cache reads what changed when this process commits a write, and otherwise at most every
  // millisecond (for writes by another process): with the clock stopped, only the first is seen.
  it.skipIf(Boolean(pgUrl()))('sees its own commits at once, another process’s within a millisecond', async () => {
    const m = await quickMember(s, '时钟甲');
    await warm(m.token);
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      expect((await s.api.call(api.updateUserInfo, { signature: '本进程写的' }, { token: m.token })).code).toBe(200);
      expect((await info(m.token)).data.signature).toBe('本进程写的');
      await writeElsewhere('update users set nickname = ? where id = ?', ['时钟乙', m.id]);
      expect((await info(m.token)).data.nickname).toBe('时钟甲');
      vi.advanceTimersByTime(1);
      expect((await info(m.token)).data.nickname).toBe('时钟乙');
    } finally {
      vi.useRealTimers();
    }
  });

  // A kept profile is checked against the contract and turned into JSON once (http/serve.ts):
  // members asking in turn, plain or encrypted, each get their own profile every time.
  it('answers each member their own kept profile, plain and encrypted alike', async () => {
    const a = await quickMember(s, '轮流甲');
    const b = await quickMember(s, '轮流乙');
    for (let round = 0; round < 3; round++) {
      for (const [m, name] of [
        [a, '轮流甲'],
        [b, '轮流乙'],
      ] as const) {
        const plain = await info(m.token);
        const sealed = await s.api.call(api.userInfo, undefined, { token: m.token, encrypt: true });
        expect(plain.headers.get('requested-encrypt')).toBeNull();
        expect(sealed.headers.get('requested-encrypt')).toBe('1');
        expect([plain.data.id, plain.data.nickname]).toEqual([m.id, name]);
        expect(sealed.data).toEqual(plain.data);
      }
    }
  });

  it('answers an edited profile at once', async () => {
    const m = await quickMember(s);
    await warm(m.token);
    const put = await s.api.call(api.updateUserInfo, { signature: '新的签名' }, { token: m.token });
    expect(put.code).toBe(200);
    expect((await info(m.token)).data.signature).toBe('新的签名');
  });
});
