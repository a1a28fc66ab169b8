import type { Conn } from '../db/database.js';
import { DAY, isoIn } from '../db/time.js';
import { configRepository } from '../modules/config/config.repository.js';
import { defaultNames } from '../db/defaultNames.js';

/** The demo catalogue; each gift has its own animation, `/static/gifts/fx/<icon>.json` (made by scripts/make-gift-fx.mjs). */
const GIFTS = [
  { name: '棒棒糖', icon: 'lollipop', price: 1, vip_min: 0 },
  { name: '玫瑰', icon: 'rose', price: 10, vip_min: 0 },
  { name: '爱心', icon: 'heart', price: 66, vip_min: 0 },
  { name: '跑车', icon: 'car', price: 520, vip_min: 0 },
  { name: '火箭', icon: 'rocket', price: 1314, vip_min: 0 },
  { name: '皇冠', icon: 'crown', price: 3344, vip_min: 0 },
  { name: '金龙', icon: 'dragon', price: 2000, vip_min: 3 },
];

/** The demo's switches (videos and games on) and gift catalogue, where none was set (in the caller's seed transaction). */
export async function seedDemoCatalog(db: Conn): Promise<void> {
  await configRepository.addMissingSettings(db, { video_is_open: '1', game_is_open: '1' });
  if ((await configRepository.gifts(db)).length > 0) return;
  const created_at = isoIn(-30 * DAY);
  await configRepository.insertGifts(
    db,
    GIFTS.map((g, i) => ({
      name: g.name,
      names: defaultNames(g.name),
      sort: i + 1,
      icon: `/static/gifts/${g.icon}.svg`,
      url: `/static/gifts/fx/${g.icon}.json`,
      price: g.price * 10000,
      vip_min: g.vip_min,
      created_at,
    })),
  );
}
