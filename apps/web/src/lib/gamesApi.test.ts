import { describe, expect, it } from 'vitest';
import { gamesBase } from './gamesApi';
import { rememberedGames } from '../state/queries/games';

describe('games host address', () => {
  it('puts ":port" on this page\'s host and keeps a full origin as given', () => {
    expect(gamesBase(':8090')).toBe(`${location.protocol}//${location.hostname}:8090`);
    expect(gamesBase('https://games.example.com/')).toBe('https://games.example.com');
  });
});

describe('remembered game list', () => {
  it('keeps readable games and skips whatever else was stored', () => {
    const good = { id: 1, code: 'g2048', name: '2048', intro: '', cover: '/c.svg', players: 3, entry: 10000, reward_max: 100000, points_per_coin: 200, host: ':8090' };
    expect(rememberedGames([good, null, 'x', { code: 'snake' }, { ...good, host: 5 }])).toEqual([good]);
  });
});
