import type { Conn } from '../../db/database.js';

/** The platform-wide counts the worker role's gauges read at scrape time (SQL only). */
export const metricsRepository = {
  openRooms: async (db: Conn): Promise<number> =>
    Number(
      (
        await db
          .selectFrom('rooms')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '=', 'open')
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /** Battles in their battle or punishment part (two rooms linked). */
  battlesInProgress: async (db: Conn): Promise<number> =>
    Number(
      (
        await db
          .selectFrom('pk_battles')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', 'in', ['battle', 'punish'])
          .executeTakeFirstOrThrow()
      ).n,
    ),

  /** Uploaded videos waiting for a transcode, and when the oldest of them was uploaded. */
  transcodeQueue: async (db: Conn): Promise<{ depth: number; oldest: string | null }> => {
    const row = await db
      .selectFrom('video_resources')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('updated_at').as('oldest')])
      .where('status', '=', 'uploaded')
      .where('deleted', '=', 0)
      .executeTakeFirstOrThrow();
    return { depth: Number(row.n), oldest: row.oldest ?? null };
  },
};
