import type { FanBadge } from '@app/contract';
import { CHINA_OFFSET_MS, fanLevel } from '@app/kit';
import type { Conn } from '../../db/database.js';
import { fanClubRepository as repo } from './fanclub.repository.js';

const chinaDay = (ms: number): string => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/**
 * What the rooms module uses of fan clubs, on its own connection: the badge a chat line carries,
 * and the day watched counted when a member enters the anchor's room.
 */
export const fanBadges = {
  async badgeOf(db: Conn, anchorId: number, userId: number): Promise<FanBadge | null> {
    const r = await repo.badge(db, anchorId, userId);
    return r ? { name: r.name, level: fanLevel(Number(r.gift_total), r.watch_days) } : null;
  },
  /** Badges of those of these users who are members, by user id. */
  async badgesOf(db: Conn, anchorId: number, userIds: number[]): Promise<Map<number, FanBadge>> {
    if (userIds.length === 0) return new Map();
    const rows = await repo.badges(db, anchorId, userIds);
    return new Map(rows.map((r) => [r.user_id, { name: r.name, level: fanLevel(Number(r.gift_total), r.watch_days) }]));
  },
  async watched(db: Conn, anchorId: number, userId: number, now = Date.now()): Promise<void> {
    if (anchorId !== userId) await repo.watched(db, anchorId, userId, chinaDay(now));
  },
};
