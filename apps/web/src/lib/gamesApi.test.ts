import { describe, expect, it } from 'vitest';
import { gamesBase } from './gamesApi';

describe('games host address', () => {
  it('puts ":port" on this page\'s host and keeps a full origin as given', () => {
    expect(gamesBase(':8090')).toBe(`${location.protocol}//${location.hostname}:8090`);
    expect(gamesBase('https://games.example.com/')).toBe('https://games.example.com');
  });
});
