import type { SystemConfig } from '@app/contract';
import { PATHS } from './paths';

export type TabKey = 'home' | 'live' | 'game' | 'forum' | 'chats' | 'user';

export interface TabDef {
  key: TabKey;
  path: string;
}

/** The six tabs of seed §2, in order. */
export const TABS: readonly TabDef[] = [
  { key: 'home', path: PATHS.home },
  { key: 'live', path: PATHS.live },
  { key: 'game', path: PATHS.game },
  { key: 'forum', path: PATHS.forum },
  { key: 'chats', path: PATHS.chats },
  { key: 'user', path: PATHS.user },
];

type Flags = Pick<SystemConfig, 'video_is_open' | 'game_is_open'>;

/** Home shows only with video on, games only with games on; before any config both stay hidden. */
export function visibleTabs(config: Flags | null | undefined): TabDef[] {
  return TABS.filter((tab) => {
    if (tab.key === 'home') return config?.video_is_open === true;
    if (tab.key === 'game') return config?.game_is_open === true;
    return true;
  });
}

/** Where a tab page sends the user when its tab is switched off (only once the config is known). */
export function redirectForHiddenTab(path: string, config: Flags | null | undefined): string | null {
  if (!config) return null;
  if (path === PATHS.home && !config.video_is_open) return PATHS.live;
  if (path === PATHS.game && !config.game_is_open) return PATHS.live;
  return null;
}

/** The first page after launch: home when videos are on, otherwise live. */
export const startPath = (config: Flags | null | undefined): string => (config?.video_is_open ? PATHS.home : PATHS.live);
