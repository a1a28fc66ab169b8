import { createHash } from 'node:crypto';
import type { SystemConfig, Api, RouteBody } from '@app/contract';
import { catalogs, type Lang } from '@app/locale';
import { MONEY_UNIT } from '@app/kit';
import type { Deps } from '../../deps.js';
import { configRepository as repo } from './config.repository.js';
import { NOTICE_TEMPLATES_KEY, parseOverrides, withTemplates } from './noticeTemplates.js';
import { flag, setting } from './settings.js';
import { parseNames } from '../../db/names.js';

const LANGUAGES = [
  { code: 'zh-CN', name: '简体中文' },
  { code: 'en', name: 'English' },
];

const CURRENCY: Record<Lang, { name: string }> = { 'zh-CN': { name: '金币' }, en: { name: 'Gold coins' } };

/** A catalog's version: a hash of its content, so clients can cache a pack until it changes. */
const versions = new Map<Lang, string>(
  (Object.keys(catalogs) as Lang[]).map((l) => [l, createHash('sha256').update(JSON.stringify(catalogs[l])).digest('hex').slice(0, 12)]),
);

/** System configuration, currency and language packs. */
export class ConfigService {
  constructor(private readonly deps: Deps) {}

  /** Prefixes site-relative asset paths with PUBLIC_URL when one is configured. */
  private abs(p: string): string {
    return p.startsWith('/') ? `${this.deps.config.publicUrl}${p}` : p;
  }

  async systemConfig(): Promise<SystemConfig> {
    const db = this.deps.db.kysely;
    const [all, gifts] = await Promise.all([repo.settings(db), repo.gifts(db)]);
    return {
      gift: gifts.map((g) => ({
        gift_id: g.id,
        name: g.name,
        names: parseNames(g.names),
        sort: g.sort,
        icon: this.abs(g.icon),
        url: this.abs(g.url),
        price: Number(g.price),
        vip_min: g.vip_min,
      })),
      remote_gift: this.abs('/static/gifts/'),
      app_version: {
        version: setting(all, 'app_version'),
        code: Number(setting(all, 'app_version_code')),
        gift_version: Number(setting(all, 'gift_version')),
        force: flag(all, 'app_force_update'),
        url: setting(all, 'app_download_url'),
        notes: setting(all, 'app_release_notes'),
      },
      game_is_open: flag(all, 'game_is_open'),
      video_is_open: flag(all, 'video_is_open'),
      app_open_key: setting(all, 'app_open_key'),
      languages: LANGUAGES,
      default_lang: 'zh-CN',
      // Browsers subscribe with it; without VAPID keys it is empty and the app never offers push.
      push_public_key: this.deps.config.push.vapid?.publicKey ?? '',
    };
  }

  currency(lang: Lang) {
    return { currency: { code: 'COIN', name: CURRENCY[lang].name, symbol: '', unit: MONEY_UNIT, decimals: 2 } };
  }

  /** The UI catalog of a language, with the operators' rewording of notice templates laid over it (its version changes with them). */
  async languagePack(lang: Lang) {
    const raw = (await repo.settings(this.deps.db.kysely)).get(NOTICE_TEMPLATES_KEY);
    const overrides = parseOverrides(raw);
    const own = overrides[lang];
    const base = versions.get(lang) ?? '0';
    const version =
      own && Object.keys(own).length > 0
        ? createHash('sha256')
            .update(`${base}:${JSON.stringify(own)}`)
            .digest('hex')
            .slice(0, 12)
        : base;
    return { lang, version, data: withTemplates(lang, overrides) };
  }

  /** Sets the section flags (operator call); returns both. */
  async setFlags(flags: RouteBody<Api['adminSetFlags']>) {
    const db = this.deps.db.kysely;
    const values: Record<string, string> = {};
    if (flags.video_is_open !== undefined) values.video_is_open = flags.video_is_open ? '1' : '0';
    if (flags.game_is_open !== undefined) values.game_is_open = flags.game_is_open ? '1' : '0';
    await repo.putSettings(db, values);
    const all = await repo.settings(db);
    return { video_is_open: flag(all, 'video_is_open'), game_is_open: flag(all, 'game_is_open') };
  }
}
