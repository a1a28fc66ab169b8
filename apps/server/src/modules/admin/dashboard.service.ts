import type { Dashboard, DashboardDay } from '@app/contract';
import type { Deps } from '../../deps.js';
import { addDays, chinaDay, chinaDayStart } from '../../lib/chinaTime.js';
import { dashboardRepository as repo, type Window } from './dashboard.repository.js';

const DAYS = 14;
/** How long the online count may take across instances before the console gets what it has. */
const ONLINE_TIMEOUT_MS = 2000;

/** The console's dashboard: who is online, what is live, what waits, and the last 14 days. */
export class DashboardService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.db.kysely;
  }

  /** Distinct users with a hall socket, on every instance; 0 when the count does not come in time. */
  private async usersOnline(): Promise<number> {
    const count = this.deps.hall.onlineUsers?.() ?? Promise.resolve(0);
    const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(0), ONLINE_TIMEOUT_MS).unref());
    return Promise.race([count, timeout]).catch(() => 0);
  }

  async dashboard(): Promise<Dashboard> {
    const today = chinaDay(Date.now());
    const days = Array.from({ length: DAYS }, (_, i) => addDays(today, i - DAYS + 1));
    const windows: Window[] = days.map((d) => [new Date(chinaDayStart(d)).toISOString(), new Date(chinaDayStart(addDays(d, 1))).toISOString()]);
    const [users, recharges, gifts, counts, online, roomIds] = await Promise.all([
      repo.newUsers(this.db, windows),
      repo.recharges(this.db, windows),
      repo.gifts(this.db, windows),
      repo.counts(this.db),
      this.usersOnline(),
      repo.openRoomIds(this.db),
    ]);
    const viewers = [...(await this.deps.rooms.onlineCounts(roomIds)).values()].reduce((a, b) => a + b, 0);
    const series: DashboardDay[] = days.map((day, i) => ({
      day,
      new_users: users[i]![0],
      recharge_orders: recharges[i]![0],
      recharge_fen: recharges[i]![1],
      gifts: gifts[i]![0],
      gift_value: gifts[i]![1],
    }));
    return {
      users_online: online,
      rooms_live: counts.rooms,
      viewers,
      members: counts.members,
      pending: { anchors: counts.anchors, withdrawals: counts.withdrawals, reports: counts.reports },
      today: series[series.length - 1]!,
      days: series,
    };
  }
}
