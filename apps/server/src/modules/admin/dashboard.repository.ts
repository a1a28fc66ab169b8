import { sql } from 'kysely';
import type { Conn } from '../../db/database.js';

/** One [from, to) window of ISO instants. */
export type Window = [string, string];

/**
 * Sums per window in one scan: `sum(case when col in window i then value else 0 end)` for each
 * window (plain SQL both dialects run). Answers [count, sum] per window.
 */
async function perWindow(db: Conn, table: string, timeCol: string, value: string, where: string, windows: Window[]): Promise<[number, number][]> {
  if (!windows.length) return [];
  const cols = windows.map(
    ([from, to], i) =>
      sql`sum(case when ${sql.ref(timeCol)} >= ${from} and ${sql.ref(timeCol)} < ${to} then 1 else 0 end) as ${sql.raw(`c${i}`)}, sum(case when ${sql.ref(timeCol)} >= ${from} and ${sql.ref(timeCol)} < ${to} then ${sql.raw(value)} else 0 end) as ${sql.raw(`s${i}`)}`,
  );
  const first = windows[0]![0];
  const r = await sql<
    Record<string, number | string | null>
  >`select ${sql.join(cols)} from ${sql.table(table)} where ${sql.ref(timeCol)} >= ${first} ${sql.raw(where ? `and ${where}` : '')}`.execute(db);
  const row = r.rows[0] ?? {};
  return windows.map((_, i) => [Number(row[`c${i}`] ?? 0), Number(row[`s${i}`] ?? 0)]);
}

/** SQL of the console's dashboard. */
export const dashboardRepository = {
  newUsers: (db: Conn, w: Window[]) => perWindow(db, 'users', 'created_at', '1', 'is_guest = 0', w),
  recharges: (db: Conn, w: Window[]) => perWindow(db, 'recharge_orders', 'paid_at', 'price_fen', "status = 'paid'", w),
  gifts: (db: Conn, w: Window[]) => perWindow(db, 'gift_records', 'created_at', 'total', '', w),

  counts: async (db: Conn) => {
    const n = (q: Promise<{ n: number | string } | undefined>) => q.then((r) => Number(r?.n ?? 0));
    const [members, rooms, anchors, withdrawals, reports] = await Promise.all([
      n(
        db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('is_guest', '=', 0)
          .executeTakeFirst(),
      ),
      n(
        db
          .selectFrom('rooms')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'open')
          .executeTakeFirst(),
      ),
      n(
        db
          .selectFrom('anchor_applications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'pending')
          .executeTakeFirst(),
      ),
      n(
        db
          .selectFrom('withdrawals')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'pending')
          .executeTakeFirst(),
      ),
      n(
        db
          .selectFrom('reports')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'open')
          .executeTakeFirst(),
      ),
    ]);
    return { members, rooms, anchors, withdrawals, reports };
  },

  openRoomIds: async (db: Conn) => (await db.selectFrom('rooms').select('id').where('status', '=', 'open').execute()).map((r) => r.id),
};
