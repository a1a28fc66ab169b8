import { describe, expect, it } from 'vitest';
import { rememberedGames } from './games';

describe('remembered game list', () => {
  it('keeps readable games and skips whatever else was stored', () => {
    const good = {
      id: 1,
      code: 'g2048',
      name: '2048',
      intro: '',
      cover: '/c.svg',
      players: 3,
      entry: 10000,
      reward_max: 100000,
      points_per_coin: 200,
      host: ':8090',
    };
    expect(rememberedGames([good, null, 'x', { code: 'snake' }, { ...good, host: 5 }])).toEqual([good]);
  });
});
