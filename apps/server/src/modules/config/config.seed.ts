import type { Conn } from '../../db/database.js';
import { DAY, isoIn } from '../../db/time.js';
import { configRepository } from './config.repository.js';

const GIFTS = [
  { name: '棒棒糖', icon: 'lollipop', price: 1 },
  { name: '玫瑰', icon: 'rose', price: 10 },
  { name: '爱心', icon: 'heart', price: 66 },
  { name: '跑车', icon: 'car', price: 520 },
  { name: '火箭', icon: 'rocket', price: 1314 },
  { name: '皇冠', icon: 'crown', price: 3344 },
];

/** The demo's switches (videos and games on) and gift catalogue, where none was set (in the caller's seed transaction). */
export async function seedDemoCatalog(db: Conn): Promise<void> {
  await configRepository.addMissingSettings(db, { video_is_open: '1', game_is_open: '1' });
  if ((await configRepository.gifts(db)).length > 0) return;
  const created_at = isoIn(-30 * DAY);
  await configRepository.insertGifts(
    db,
    GIFTS.map((g, i) => ({ name: g.name, sort: i + 1, icon: `/static/gifts/${g.icon}.svg`, url: '', price: g.price * 10000, created_at })),
  );
}
