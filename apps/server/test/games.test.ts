import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, gamesHostCalls as f4 } from '@app/contract';
import { eventually } from '@app/testkit';
import { openGamesDb } from '../src/games/db.js';
import { expectSound, quickMember, rechargeDirect, rid } from './financeHelpers.js';
import { startGamesHost, type GamesHostProcess } from './helpers/gamesHost.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

const C = 10_000;

let s: TestServer;
let host: GamesHostProcess;

/**
 * The games host reaches the main server through this proxy, so a test can lose the way back:
 * `drop-answer` forwards a call (the ledger moves) and never answers; `black-hole` never forwards;
 * `down` closes the connection at once (the main server stopped).
 */
let link: 'pass' | 'drop-answer' | 'black-hole' | 'down' = 'pass';
const proxy = http.createServer((req, res) => {
  const mode = link;
  if (mode === 'black-hole') return;
  if (mode === 'down') return void req.socket.destroy();
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    fetch(`${s.url}${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) }).then(
      async (r) => {
        const body = await r.text();
        if (mode === 'drop-answer') return;
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' }).end(body);
      },
      () => res.destroy(),
    );
  });
});

beforeAll(async () => {
  s = await startTestServer();
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const port = (proxy.address() as { port: number }).port;
  // A small daily cap so the cap is reachable in a test.
  host = await startGamesHost(s, { GAMES_DAILY_REWARD_CAP: '3', GAMES_MAIN_URL: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await host?.close();
  proxy.closeAllConnections();
  proxy.close();
  await s?.close();
});

/** A member with 60 coins (the first recharge package). */
async function funded() {
  const m = await quickMember(s);
  await rechargeDirect(s, m.id, 1);
  return m;
}
const coin = (id: number) => s.services.finance.wallet.coin(id);
const login = (token: string | undefined, body: Record<string, unknown> = { game: 'g2048' }) => host.api.call(f4.f4Login, body, { token });

/** Both ledgers agree for these users: nothing pending, and each game wallet equals what the main ledger holds for it. */
async function expectAgreement(userIds: number[]) {
  const [ours, theirs] = await Promise.all([s.services.game.books(userIds), host.books(userIds)]);
  for (const id of userIds) {
    const g = theirs.find((b) => b.user_id === id)!;
    expect(g.pending, `pending ops of ${id}`).toBe(0);
    expect(g.balance, `game wallet of ${id}`).toBe(ours.users.find((u) => u.user_id === id)!.net);
  }
  await expectSound(s.deps.db);
}

describe('games host login', () => {
  it('refuses a missing, bad, expired or guest platform token, and an unknown game', async () => {
    const missing = await login(undefined);
    expect([missing.status, missing.code]).toEqual([401, ErrorCode.TOKEN_MISSING]);
    const bad = await login('not-a-real-token');
    expect([bad.status, bad.code]).toEqual([401, ErrorCode.TOKEN_INVALID]);

    const m = await quickMember(s);
    const row = await s.deps.db.kysely.selectFrom('sessions').select('id').where('user_id', '=', m.id).executeTakeFirstOrThrow();
    await s.deps.db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', row.id)
      .execute();
    const expired = await login(m.token);
    expect([expired.status, expired.code]).toEqual([401, ErrorCode.TOKEN_EXPIRED]);

    const guest = await s.api.call(api.visitor, {}, { headers: { Device: `dev-${rid()}` } });
    expect(guest.code, guest.msg).toBe(200);
    const asGuest = await login(guest.data.token);
    expect([asGuest.status, asGuest.code]).toEqual([401, ErrorCode.GUEST_NOT_ALLOWED]);

    const ok = await quickMember(s);
    const unknown = await login(ok.token, { game: 'nosuchgame' });
    expect(unknown.code).toBe(ErrorCode.GAME_NOT_FOUND);
  });

  it('refuses bad input naming the field, and the internal API without the secret', async () => {
    const m = await quickMember(s);
    const noKey = await login(m.token, { game: 'g2048', amount: C });
    expect([noKey.status, noKey.code]).toEqual([400, ErrorCode.VALIDATION]);
    expect(noKey.msg).toContain('request_id');
    const neg = await login(m.token, { game: 'g2048', amount: -5, request_id: rid() });
    expect([neg.status, neg.code]).toEqual([400, ErrorCode.VALIDATION]);
    expect(neg.msg).toContain('amount');
    const internal = await s.api.raw('POST', '/api/internal/games/op', {
      body: JSON.stringify({ id: rid(), user_id: m.id, kind: 'reward', amount: C }),
      headers: { 'content-type': 'application/json', 'x-games-secret': 'wrong' },
    });
    expect([internal.status, internal.code]).toEqual([403, ErrorCode.FORBIDDEN]);
  });

  it('refuses a flood of calls from one IP with 429 and says when to retry', async () => {
    // A second games host, with its own tables, beside the one the other tests use.
    const strict = await startGamesHost(s, {
      GAMES_RATE_PER_MINUTE: '5',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'games-rl-')),
      ...(s.config.databaseSchema ? { GAMES_DATABASE_SCHEMA: `${s.config.databaseSchema}_games_rl` } : {}),
    });
    try {
      const m = await quickMember(s);
      const first = await strict.api.call(f4.f4Login, { game: 'g2048' }, { token: m.token });
      expect(first.code).toBe(200);
      // Counted per call: login's one does not use up the balance calls.
      for (let i = 0; i < 5; i++) expect((await strict.api.call(f4.f4Balance, { session: first.data.session }, { token: m.token })).code).toBe(200);
      const flooded = await strict.api.call(f4.f4Balance, { session: first.data.session }, { token: m.token });
      expect([flooded.status, flooded.code]).toEqual([429, ErrorCode.RATE_LIMITED]);
      expect(flooded.msg).toMatch(/\d+秒后重试/);
    } finally {
      await strict.close();
    }
  });
});

describe('game wallet transfers', () => {
  it('moves coins in with the login and in/out by request_id, each exactly once', async () => {
    const m = await funded();
    const key = rid();
    const first = await login(m.token, { game: 'g2048', amount: 10 * C, request_id: key });
    expect(first.code, first.msg).toBe(200);
    expect(first.data.balance).toBe(10 * C);
    expect(first.data.launch_url).toContain(`/play/g2048/?s=`);
    // The same login again (a retry): nothing more moves, the coins stay in the game.
    const again = await login(m.token, { game: 'g2048', amount: 10 * C, request_id: key });
    expect(again.data.balance).toBe(10 * C);
    expect(await coin(m.id)).toBe(50 * C);

    const session = again.data.session;
    const inKey = rid();
    for (let i = 0; i < 3; i++) {
      const r = await host.api.call(f4.f4TransIn, { session, amount: 5 * C, request_id: inKey });
      expect(r.code, r.msg).toBe(200);
      expect(r.data.balance).toBe(15 * C);
    }
    expect(await coin(m.id)).toBe(45 * C);

    const outKey = rid();
    const outs = await Promise.all([1, 2, 3].map(() => host.api.call(f4.f4TransOut, { session, request_id: outKey })));
    for (const o of outs) {
      expect(o.code, o.msg).toBe(200);
      expect(o.data.amount).toBe(15 * C);
      expect(o.data.balance).toBe(0);
    }
    expect(await coin(m.id)).toBe(60 * C);

    // More rounds of one transfer-out sent five times at once: every copy answers what the one
    // transfer moved, even a copy that finds the wallet already emptied by its twin.
    for (let round = 1; round <= 6; round++) {
      const moved = await host.api.call(f4.f4TransIn, { session, amount: round * C, request_id: rid() });
      expect(moved.code, moved.msg).toBe(200);
      const key = rid();
      const copies = await Promise.all([1, 2, 3, 4, 5].map(() => host.api.call(f4.f4TransOut, { session, request_id: key })));
      expect(copies.map((o) => [o.code, o.data.amount, o.data.balance])).toEqual(copies.map(() => [200, round * C, 0]));
      expect(await coin(m.id)).toBe(60 * C);
    }
    const records = await s.api.call(api.userMoneyChange, { page: 1, size: 20 }, { token: m.token });
    const types = records.data.list.map((r) => `${r.type}:${r.amount}`);
    expect(types.filter((t) => t === `game_out:${15 * C}`)).toHaveLength(1);
    expect(types.filter((t) => t.startsWith('game_out'))).toHaveLength(7);
    expect(types.filter((t) => t.startsWith('game_in'))).toHaveLength(8);
    await expectAgreement([m.id]);
  });

  it('binds a request_id to its first answer forever: a transfer out that moved 0, a refused entry, another amount', async () => {
    const m = await funded();
    const { data } = await login(m.token, { game: 'g2048' });
    const session = data.session;
    // Copies of one transfer out of the empty wallet, at once: each answers 0.
    const outKey = rid();
    const empty = await Promise.all([1, 2, 3].map(() => host.api.call(f4.f4TransOut, { session, request_id: outKey })));
    expect(empty.map((o) => [o.code, o.data.amount])).toEqual(empty.map(() => [200, 0]));
    // A round whose entry the empty game wallet cannot pay.
    const startKey = rid();
    expect((await host.api.call(f4.f4RoundStart, { session, request_id: startKey })).code).toBe(ErrorCode.BALANCE_NOT_ENOUGH);

    const inKey = rid();
    expect((await host.api.call(f4.f4TransIn, { session, amount: 5 * C, request_id: inKey })).data.balance).toBe(5 * C);
    // The retries come after the coins arrived: each answers what its key answered first, and nothing moves.
    const outAgain = await host.api.call(f4.f4TransOut, { session, request_id: outKey });
    expect([outAgain.code, outAgain.data.amount, outAgain.data.balance]).toEqual([200, 0, 5 * C]);
    const startAgain = await host.api.call(f4.f4RoundStart, { session, request_id: startKey });
    expect([startAgain.code, startAgain.msg]).toEqual([ErrorCode.BALANCE_NOT_ENOUGH, '游戏余额不足']);
    const otherAmount = await host.api.call(f4.f4TransIn, { session, amount: 6 * C, request_id: inKey });
    expect([otherAmount.code, otherAmount.msg]).toEqual([ErrorCode.CONFLICT, 'request_id 已用于另一笔操作']);
    expect((await host.api.call(f4.f4Balance, { session })).data.balance).toBe(5 * C);
    expect(await coin(m.id)).toBe(55 * C);
    await expectAgreement([m.id]);
  });

  it('answers a retried transfer in after its session closed with its first answer; a new one is refused', async () => {
    const m = await funded();
    const { data } = await login(m.token, { game: 'g2048' });
    const session = data.session;
    const inKey = rid();
    const first = await host.api.call(f4.f4TransIn, { session, amount: 5 * C, request_id: inKey });
    expect([first.code, first.data.amount]).toEqual([200, 5 * C]);
    // The page leaves (trans/out with close), then retries the transfer in whose answer it lost.
    expect((await host.api.call(f4.f4TransOut, { session, request_id: rid(), close: true })).data.amount).toBe(5 * C);
    const retry = await host.api.call(f4.f4TransIn, { session, amount: 5 * C, request_id: inKey });
    expect([retry.code, retry.data.amount]).toEqual([200, 5 * C]);
    expect((await host.api.call(f4.f4TransIn, { session, amount: 6 * C, request_id: inKey })).code).toBe(ErrorCode.CONFLICT);
    // A transfer the host never took needs a live session; nothing moved again.
    expect((await host.api.call(f4.f4TransIn, { session, amount: 5 * C, request_id: rid() })).code).toBe(ErrorCode.GAME_SESSION_INVALID);
    expect(await coin(m.id)).toBe(60 * C);
    await expectAgreement([m.id]);
  });

  it('refuses moving in more than the main wallet holds, and returns a forgotten balance at the next login', async () => {
    const m = await funded();
    const tooMuch = await login(m.token, { game: 'snake', amount: 61 * C, request_id: rid() });
    expect(tooMuch.code).toBe(ErrorCode.BALANCE_NOT_ENOUGH);
    expect(await coin(m.id)).toBe(60 * C);

    const a = await login(m.token, { game: 'snake', amount: 7 * C, request_id: rid() });
    expect(a.data.balance).toBe(7 * C);
    // The tab was closed without a transfer-out: the next login gives the 7 coins back first.
    const b = await login(m.token, { game: 'rhythm' });
    expect(b.code, b.msg).toBe(200);
    expect(b.data.returned).toBe(7 * C);
    expect(b.data.balance).toBe(0);
    expect(await coin(m.id)).toBe(60 * C);
    // The old session is over.
    const stale = await host.api.call(f4.f4Balance, { session: a.data.session });
    expect(stale.code).toBe(ErrorCode.GAME_SESSION_INVALID);
    await expectAgreement([m.id]);
  });

  it('returns coins stranded in a game wallet whose session ran out', async () => {
    const m = await funded();
    const { data } = await login(m.token, { game: 'g2048', amount: 6 * C, request_id: rid() });
    expect(await coin(m.id)).toBe(54 * C);
    // The player walked away: the session ran out and the wallet has been quiet for two minutes.
    const gdb = await openGamesDb({ dataDir: s.config.dataDir, databaseUrl: s.config.databaseUrl, schema: `${s.config.databaseSchema}_games` });
    try {
      const past = new Date(Date.now() - 120_000).toISOString();
      await gdb.kysely.updateTable('game_sessions').set({ expires_at: past }).where('user_id', '=', m.id).execute();
      await gdb.kysely.updateTable('game_wallets').set({ updated_at: past }).where('user_id', '=', m.id).execute();
    } finally {
      await gdb.close();
    }
    // The games host's background pass (every 3 s) gives the coins back. The main ledger credits before the
    // host marks its transfer done, so the pass is over once both sides say so.
    await eventually(async () => (await coin(m.id)) === 60 * C && (await host.books([m.id]))[0]!.pending === 0, {
      what: 'the coins back from the run-out session, the transfer settled on the games host',
      interval: 100,
    });
    expect(await coin(m.id)).toBe(60 * C);
    const stale = await host.api.call(f4.f4Balance, { session: data.session });
    expect(stale.code).toBe(ErrorCode.GAME_SESSION_INVALID);
    await expectAgreement([m.id]);
  });

  it('never overdraws either wallet under concurrent transfers, rounds and transfers out', async () => {
    const m = await funded();
    const { data } = await login(m.token, { game: 'g2048' });
    const ins = await Promise.all(Array.from({ length: 10 }, () => host.api.call(f4.f4TransIn, { session: data.session, amount: 8 * C, request_id: rid() })));
    const okIns = ins.filter((r) => r.code === 200).length;
    expect(okIns).toBe(7); // 60 coins hold seven moves of 8
    expect(ins.filter((r) => r.code !== 200).every((r) => r.code === ErrorCode.BALANCE_NOT_ENOUGH)).toBe(true);
    expect(await coin(m.id)).toBe(60 * C - okIns * 8 * C);

    // Rounds (1 coin entry each) racing transfers out: every coin ends in exactly one place.
    const mixed = await Promise.all([
      ...Array.from({ length: 8 }, () => host.api.call(f4.f4RoundStart, { session: data.session, request_id: rid() })),
      ...Array.from({ length: 4 }, () => host.api.call(f4.f4TransOut, { session: data.session, request_id: rid() })),
    ]);
    for (const r of mixed) expect([200, ErrorCode.BALANCE_NOT_ENOUGH]).toContain(r.code);
    const rounds = mixed.slice(0, 8).filter((r) => r.code === 200).length;
    const out = await host.api.call(f4.f4TransOut, { session: data.session, request_id: rid() });
    expect(out.data.balance).toBe(0);
    expect(await coin(m.id)).toBe(60 * C - rounds * C);
    await expectAgreement([m.id]);
  });
});

describe('rounds and rewards', () => {
  it('answers one round (and takes one entry) for a start sent several times at once, paid or free', async () => {
    const m = await funded();
    const paid = await login(m.token, { game: 'g2048', amount: 5 * C, request_id: rid() });
    const key = rid();
    const starts = await Promise.all([1, 2, 3, 4].map(() => host.api.call(f4.f4RoundStart, { session: paid.data.session, request_id: key })));
    expect(starts.map((r) => [r.code, r.data.round_id])).toEqual(starts.map(() => [200, starts[0]!.data.round_id]));
    const after = await host.api.call(f4.f4Balance, { session: paid.data.session });
    expect(after.data.balance).toBe(4 * C);

    // A game the operator made free: no entry op to decide between the copies, the round's key does.
    await s.deps.db.kysely.updateTable('games').set({ entry: 0 }).where('code', '=', 'rhythm').execute();
    try {
      const free = await login(m.token, { game: 'rhythm' });
      const freeKey = rid();
      const copies = await Promise.all([1, 2, 3, 4].map(() => host.api.call(f4.f4RoundStart, { session: free.data.session, request_id: freeKey })));
      expect(copies.map((r) => [r.code, r.data.round_id, r.data.entry])).toEqual(copies.map(() => [200, copies[0]!.data.round_id, 0]));
    } finally {
      await s.deps.db.kysely.updateTable('games').set({ entry: C }).where('code', '=', 'rhythm').execute();
    }
    await expectAgreement([m.id]);
  });

  it('pays the entry, rewards a plausible score once, refuses an impossible one, and caps the day', async () => {
    const m = await funded();
    const { data } = await login(m.token, { game: 'snake', amount: 10 * C, request_id: rid() });
    const session = data.session;
    const start = await host.api.call(f4.f4RoundStart, { session, request_id: rid() });
    expect(start.code, start.msg).toBe(200);
    expect(start.data.balance).toBe(9 * C);
    // Snake: at most 40 points a second (+2 s of grace): 1000 points a moment after the start is impossible.
    const cheat = await host.api.call(f4.f4RoundScore, { session, round_id: start.data.round_id, score: 1000 });
    expect(cheat.code).toBe(ErrorCode.GAME_SCORE_REFUSED);
    const after = await host.api.call(f4.f4RoundScore, { session, round_id: start.data.round_id, score: 10 });
    expect(after.code).toBe(ErrorCode.GAME_ROUND_CLOSED);

    const r2 = await host.api.call(f4.f4RoundStart, { session, request_id: rid() });
    const scored = await host.api.call(f4.f4RoundScore, { session, round_id: r2.data.round_id, score: 40 });
    expect(scored.code, scored.msg).toBe(200);
    // 20 points a coin: 40 points = 2 coins.
    expect(scored.data.reward).toBe(2 * C);
    expect(scored.data.balance).toBe(8 * C + 2 * C);
    const twice = await host.api.call(f4.f4RoundScore, { session, round_id: r2.data.round_id, score: 40 });
    expect(twice.code).toBe(ErrorCode.GAME_ROUND_CLOSED);

    // The daily cap is 3 coins here: the next 2 coins of score pay only the 1 left.
    const r3 = await host.api.call(f4.f4RoundStart, { session, request_id: rid() });
    const capped = await host.api.call(f4.f4RoundScore, { session, round_id: r3.data.round_id, score: 40 });
    expect(capped.data.reward).toBe(1 * C);
    expect(capped.data.capped).toBe(true);
    expect(capped.data.reward_today).toBe(3 * C);

    // A score after leaving (session closed) is refused.
    const r4 = await host.api.call(f4.f4RoundStart, { session, request_id: rid() });
    const left = await host.api.call(f4.f4TransOut, { session, request_id: rid(), close: true });
    expect(left.data.amount).toBe(10 * C - 4 * C + 3 * C);
    const late = await host.api.call(f4.f4RoundScore, { session, round_id: r4.data.round_id, score: 10 });
    expect(late.code).toBe(ErrorCode.GAME_SESSION_INVALID);
    expect(await coin(m.id)).toBe(60 * C - 4 * C + 3 * C);
    await expectAgreement([m.id]);
  });
});

describe('the main server unreachable', () => {
  it('answers every call that needs it with GAMES_UNAVAILABLE (never a 5xx), and settles once it is back', async () => {
    const m = await funded();
    const { data } = await login(m.token, { game: 'g2048', amount: 10 * C, request_id: rid() });
    link = 'down';
    try {
      const calls = [
        await login(m.token),
        await login(m.token, { game: 'g2048', amount: C, request_id: rid() }),
        await host.api.call(f4.f4TransIn, { session: data.session, amount: C, request_id: rid() }),
        await host.api.call(f4.f4RoundStart, { session: data.session, request_id: rid() }),
        await host.api.call(f4.f4TransOut, { session: data.session, request_id: rid() }),
      ];
      expect(calls.map((r) => [r.status, r.code, r.msg])).toEqual(calls.map(() => [200, ErrorCode.GAMES_UNAVAILABLE, '游戏服务暂时不可用，请稍后再试']));
      // What the games host answers alone still works.
      const balance = await host.api.call(f4.f4Balance, { session: data.session });
      expect([balance.code, balance.data.balance]).toEqual([200, 0]);
    } finally {
      link = 'pass';
    }
    // The transfer in, the entry and the transfer out (of the 9 coins left then) were written and
    // kept pending: they settle in the background, and the 1 coin moved in stays in the game.
    await eventually(async () => (await host.books([m.id]))[0]!.pending === 0, { what: 'the pending ops settled', interval: 100 });
    expect(await coin(m.id)).toBe(58 * C);
    expect((await host.books([m.id]))[0]!.balance).toBe(C);
    await expectAgreement([m.id]);
  });
});

describe('the games host OpenAPI document', () => {
  interface Op {
    security?: unknown[];
    requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
    responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  }
  it("describes every /api/f4 call it serves, with the contract's body, the envelope and each status", async () => {
    const doc = (await (await fetch(`${host.url}/api/f4/openapi.json`)).json()) as { openapi: string; paths: Record<string, Record<string, Op>> };
    expect(doc.openapi).toBe('3.1.0');
    const listed = Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
    expect(listed.sort()).toEqual(
      Object.values(f4)
        .map((d) => `${d.method} ${d.path}`)
        .sort(),
    );
    for (const def of Object.values(f4)) {
      const op = doc.paths[def.path]!.post!;
      // The body's fields are the contract's, and the call is served for real: an empty body is refused naming a field.
      const props = Object.keys(op.requestBody!.content['application/json']!.schema.properties ?? {}).sort();
      expect(props, def.path).toEqual(Object.keys((def.body as unknown as { shape: Record<string, unknown> }).shape).sort());
      const served = await host.api.raw('POST', def.path, { body: '{}', headers: { 'content-type': 'application/json' } });
      expect([served.status, served.code], def.path).toEqual([400, ErrorCode.VALIDATION]);
      const statuses = def.auth === 'public' ? ['200', '400', '413', '429', '500'] : ['200', '400', '401', '413', '429', '500'];
      expect(Object.keys(op.responses).sort(), def.path).toEqual(statuses);
      expect(JSON.stringify(op.responses['200']!.content!['application/json']!.schema), def.path).toContain('"msg"');
      expect(op.security, def.path).toEqual(def.auth === 'public' ? undefined : [{ token: [] }]);
    }
    const ui = await fetch(`${host.url}/api/f4/docs/`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
  });
});

describe('a killed games host', () => {
  it('settles what it had sent but not heard back, and what never arrived, after a SIGKILL', async () => {
    const m = await funded();
    const { data } = await login(m.token, { game: 'g2048', amount: 10 * C, request_id: rid() });
    // The main server moves 5 more coins in, but its answer is lost.
    link = 'drop-answer';
    const lostAnswer = host.api.call(f4.f4TransIn, { session: data.session, amount: 5 * C, request_id: rid() }).catch(() => null);
    await eventually(async () => (await coin(m.id)) === 45 * C, { what: 'the 5 coins moved in' });
    expect(await coin(m.id)).toBe(45 * C);
    // A round's entry leaves the game wallet, but the main server never hears of it.
    link = 'black-hole';
    const neverArrived = host.api.call(f4.f4RoundStart, { session: data.session, request_id: rid() }).catch(() => null);
    await eventually(async () => (await host.books([m.id]))[0]!.pending === 2, { what: 'two ops pending' });
    expect((await host.books([m.id]))[0]).toEqual({ user_id: m.id, balance: 9 * C, pending: 2 });
    expect((await s.services.game.books([m.id])).users[0]!.net).toBe(15 * C);

    await host.kill('SIGKILL');
    await Promise.all([lostAnswer, neverArrived]);
    link = 'pass';
    await host.restart();
    await eventually(async () => (await host.books([m.id]))[0]!.pending === 0, { what: 'the pending ops settled', interval: 100 });
    // Both settled once: 10 + 5 in, 1 entry paid.
    expect((await host.books([m.id]))[0]!.balance).toBe(14 * C);
    await expectAgreement([m.id]);
    expect(await coin(m.id)).toBe(45 * C);
  });

  it('restarts with both ledgers in agreement (SIGKILL in the middle of a transfer storm)', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => funded()));
    const sessions = await Promise.all(users.map(async (u) => (await login(u.token, { game: 'g2048' })).data.session));
    let stop = false;
    let answered = 0;
    const storm = users.map(async (_u, i) => {
      const session = sessions[i]!;
      while (!stop) {
        await host.api.call(f4.f4TransIn, { session, amount: 3 * C, request_id: rid() }).catch(() => undefined);
        await host.api.call(f4.f4RoundStart, { session, request_id: rid() }).catch(() => undefined);
        await host.api.call(f4.f4TransOut, { session, request_id: rid() }).catch(() => undefined);
        answered++;
      }
    });
    // Killed in the middle: every player through a few rounds, the next ones in flight.
    await eventually(() => answered >= 4 * users.length, { what: 'the transfer storm under way' });
    await host.kill('SIGKILL');
    stop = true;
    await Promise.all(storm);
    await host.restart();
    // The restarted host sends its pending ops again at once; wait until none is left.
    const ids = users.map((u) => u.id);
    await eventually(async () => (await host.books(ids)).every((b) => b.pending === 0), { what: 'no op left pending', timeout: 20_000, interval: 200 });
    const moved = await s.services.game.books(ids);
    expect(moved.escrow).toBeGreaterThan(0); // the storm did move coins (entries at least)
    await expectAgreement(ids);
    // And play goes on after the restart: everything comes back out.
    for (const [i, u] of users.entries()) {
      const fresh = await login(u.token, { game: 'g2048' });
      expect(fresh.code, fresh.msg).toBe(200);
      expect(fresh.data.balance).toBe(0);
      void sessions[i];
    }
    await expectAgreement(ids);
  });
});
