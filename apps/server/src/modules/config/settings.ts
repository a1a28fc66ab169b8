import { APP_VERSION, APP_VERSION_CODE } from '@app/kit';

/** Keys of the settings table and their values when a key was never set. Flags are '1' / '0'. */
export const SETTING_DEFAULTS = {
  video_is_open: '0',
  game_is_open: '0',
  app_version: APP_VERSION,
  app_version_code: String(APP_VERSION_CODE),
  app_force_update: '0',
  app_download_url: '',
  app_release_notes: '',
  gift_version: '1',
  app_open_key: '',
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;

/** Reads a setting with its default. */
export const setting = (all: Map<string, string>, key: SettingKey): string => all.get(key) ?? SETTING_DEFAULTS[key];
export const flag = (all: Map<string, string>, key: SettingKey): boolean => setting(all, key) === '1';
