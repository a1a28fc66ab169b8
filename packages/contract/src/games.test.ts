import { describe, expect, it } from 'vitest';
import { api } from './routes.js';
import { gamesHostCalls, gamesInternalCalls } from './calls/gamesHost.js';

describe('games calls', () => {
  it('keeps the games host calls out of the main route table', () => {
    const mainPaths = new Set(Object.values(api).map((d) => d.path));
    for (const def of Object.values(gamesHostCalls)) {
      expect(def.path.startsWith('/api/f4/')).toBe(true);
      expect(mainPaths.has(def.path)).toBe(false);
    }
    expect(api.gameFetch.path).toBe('game/fetch');
  });

  it('keeps the internal games calls out of the main route table, behind the secret', () => {
    const mainPaths = new Set(Object.values(api).map((d) => d.path));
    for (const def of Object.values(gamesInternalCalls)) {
      expect(def.auth).toBe('secret');
      expect(mainPaths.has(def.path)).toBe(false);
    }
  });

  it('asks for a request_id when the login moves coins in, naming it', () => {
    const login = gamesHostCalls.f4Login.body!;
    expect(login.safeParse({ game: 'g2048' }).success).toBe(true);
    expect(login.safeParse({ game: 'g2048', amount: 10_000, request_id: 'abcdefgh12' }).success).toBe(true);
    const r = login.safeParse({ game: 'g2048', amount: 10_000 });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['request_id']);
    expect(login.safeParse({ game: 'G 2048' }).error?.issues[0]?.path).toEqual(['game']);
  });

  it('refuses negative scores and amounts', () => {
    expect(gamesHostCalls.f4RoundScore.body!.safeParse({ session: 'a'.repeat(43), round_id: 1, score: -1 }).success).toBe(false);
    expect(gamesHostCalls.f4TransIn.body!.safeParse({ session: 'a'.repeat(43), amount: 0, request_id: 'abcdefgh12' }).success).toBe(false);
  });
});
