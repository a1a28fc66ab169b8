import { describe, expect, it } from 'vitest';
import { PATHS } from './paths';
import { redirectForHiddenTab, startPath, TABS, visibleTabs } from './tabs';

const keys = (cfg: Parameters<typeof visibleTabs>[0]) => visibleTabs(cfg).map((t) => t.key);

describe('tab bar', () => {
  it('has the six §2 routes in order', () => {
    expect(TABS.map((t) => t.path)).toEqual([PATHS.home, PATHS.live, PATHS.game, PATHS.forum, PATHS.chats, PATHS.user]);
  });

  it('shows home only with video on and games only with games on', () => {
    expect(keys({ video_is_open: true, game_is_open: true })).toEqual(['home', 'live', 'game', 'forum', 'chats', 'user']);
    expect(keys({ video_is_open: false, game_is_open: true })).toEqual(['live', 'game', 'forum', 'chats', 'user']);
    expect(keys({ video_is_open: true, game_is_open: false })).toEqual(['home', 'live', 'forum', 'chats', 'user']);
    expect(keys({ video_is_open: false, game_is_open: false })).toEqual(['live', 'forum', 'chats', 'user']);
    expect(keys(null)).toEqual(['live', 'forum', 'chats', 'user']);
  });

  it('sends a switched-off tab to live, but only once the config is known', () => {
    expect(redirectForHiddenTab(PATHS.home, { video_is_open: false, game_is_open: true })).toBe(PATHS.live);
    expect(redirectForHiddenTab(PATHS.game, { video_is_open: true, game_is_open: false })).toBe(PATHS.live);
    expect(redirectForHiddenTab(PATHS.home, { video_is_open: true, game_is_open: false })).toBeNull();
    expect(redirectForHiddenTab(PATHS.home, null)).toBeNull();
    expect(redirectForHiddenTab(PATHS.forum, { video_is_open: false, game_is_open: false })).toBeNull();
  });

  it('starts at home with video on, else live', () => {
    expect(startPath({ video_is_open: true, game_is_open: false })).toBe(PATHS.home);
    expect(startPath({ video_is_open: false, game_is_open: false })).toBe(PATHS.live);
    expect(startPath(null)).toBe(PATHS.live);
  });
});
