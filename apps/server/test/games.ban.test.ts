/**
 * A login ban reaches the games host: the banned member's open game session stops moving coins
 * (the main server refuses its ops, the games host closes the session), and what the game wallet
 * holds still goes back to the main wallet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, gamesHostCalls as f4, type Session } from '@app/contract';
import { expectSound, quickMember, rechargeDirect, rid } from './financeHelpers.js';
import { startGamesHost, type GamesHostProcess } from './helpers/gamesHost.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { operator } from './roomHarness.js';

const C = 10_000;

let s: TestServer;
let host: GamesHostProcess;
let op: Session;

beforeAll(async () => {
  s = await startTestServer();
  host = await startGamesHost(s);
  op = await operator(s);
});
afterAll(async () => {
  await host?.close();
  await s?.close();
});

const coin = (id: number) => s.services.finance.wallet.coin(id);

describe('a login ban and the games host', () => {
  it('stops an open game session moving coins; the game wallet still goes back to the main wallet', async () => {
    const m = await quickMember(s);
    await rechargeDirect(s, m.id, 1);
    const opened = await host.api.call(f4.f4Login, { game: 'snake', amount: 10 * C, request_id: rid() }, { token: m.token });
    expect(opened.code, opened.msg).toBe(200);
    const session = opened.data.session;
    const round = await host.api.call(f4.f4RoundStart, { session, request_id: rid() });
    expect(round.data.balance).toBe(9 * C);

    const banned = await s.api.call(api.adminUserBan, { user_id: m.id, scope: 'login', minutes: 60, reason: '违规' }, { token: op.token });
    expect(banned.code, banned.msg).toBe(200);

    // The session opened before the ban: the next movement is refused and the entry stays in the game wallet.
    const start = await host.api.call(f4.f4RoundStart, { session, request_id: rid() });
    expect([start.status, start.code]).toEqual([401, ErrorCode.ACCOUNT_DISABLED]);
    // Then the session is closed: nothing moves in or starts.
    const more = await host.api.call(f4.f4TransIn, { session, amount: 5 * C, request_id: rid() });
    expect(more.code).toBe(ErrorCode.GAME_SESSION_INVALID);
    const score = await host.api.call(f4.f4RoundScore, { session, round_id: round.data.round_id, score: 10 });
    expect(score.code).toBe(ErrorCode.GAME_SESSION_INVALID);
    expect(await coin(m.id)).toBe(50 * C);
    // A new game login is refused too.
    expect((await host.api.call(f4.f4Login, { game: 'snake' }, { token: m.token })).code).toBe(ErrorCode.ACCOUNT_DISABLED);

    // No coin is lost: the page's last call takes the game wallet back out.
    const out = await host.api.call(f4.f4TransOut, { session, request_id: rid(), close: true });
    expect([out.code, out.data.amount, out.data.balance]).toEqual([200, 9 * C, 0]);
    expect(await coin(m.id)).toBe(59 * C);
    const [ours, theirs] = await Promise.all([s.services.game.books([m.id]), host.books([m.id])]);
    expect(theirs).toEqual([{ user_id: m.id, balance: 0, pending: 0 }]);
    expect(ours.users[0]!.net).toBe(0);
    await expectSound(s.deps.db);
  });

  it('refuses f4/trans/in of a session opened before the ban (the movement of the report)', async () => {
    const m = await quickMember(s);
    await rechargeDirect(s, m.id, 1);
    const opened = await host.api.call(f4.f4Login, { game: 'g2048', amount: 10 * C, request_id: rid() }, { token: m.token });
    const session = opened.data.session;
    expect((await s.api.call(api.adminUserBan, { user_id: m.id, scope: 'login', minutes: 60, reason: '违规' }, { token: op.token })).code).toBe(200);
    const moved = await host.api.call(f4.f4TransIn, { session, amount: 20 * C, request_id: rid() });
    expect([moved.status, moved.code]).toEqual([401, ErrorCode.ACCOUNT_DISABLED]);
    expect(await coin(m.id)).toBe(50 * C);
    expect((await host.api.call(f4.f4Balance, { session })).code).toBe(ErrorCode.GAME_SESSION_INVALID);
    expect((await host.books([m.id]))[0]).toEqual({ user_id: m.id, balance: 10 * C, pending: 0 });
  });
});
