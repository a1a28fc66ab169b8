import type { Kysely } from 'kysely';

/**
 * Replays fly the live's danmaku (decision 0234): `live_moments.danmaku` is 1 for a chat line its
 * sender sent as a 弹 bullet, so a replay watched with "bullets only" flies exactly those; the
 * window the replay's danmaku call reads is the existing (room_id, at) index. Row types:
 * modules/live/live.tables.ts.
 */
export function liveMomentDanmaku() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('live_moments')
        .addColumn('danmaku', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('live_moments').dropColumn('danmaku').execute();
    },
  };
}
