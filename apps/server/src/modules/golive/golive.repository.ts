import type { Conn } from '../../db/database.js';
import type {} from './golive.tables.js';

/** SQL of go-live alerts: who follows an anchor with alerts on, and the hourly slot per anchor. */
export const goLiveRepository = {
  /** Followers of the anchor who did not turn its alerts off. */
  recipients: async (db: Conn, anchorId: number): Promise<number[]> =>
    (
      await db
        .selectFrom('follows as f')
        .select('f.follower_id')
        .where('f.followee_id', '=', anchorId)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('live_alert_mutes as m').select('m.user_id').whereRef('m.user_id', '=', 'f.follower_id').where('m.anchor_id', '=', anchorId))),
        )
        .execute()
    ).map((r) => r.follower_id),

  /**
   * Takes the anchor's alert slot when the last alert is older than `cutoff` (or there was none):
   * one statement, so two instances opening the same room at once alert once.
   */
  claim: async (db: Conn, anchorId: number, now: string, cutoff: string): Promise<boolean> => {
    const r = await db
      .insertInto('live_alerts')
      .values({ anchor_id: anchorId, sent_at: now })
      .onConflict((oc) =>
        oc
          .column('anchor_id')
          .doUpdateSet((eb) => ({ sent_at: eb.ref('excluded.sent_at') }))
          .where('live_alerts.sent_at', '<', cutoff),
      )
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  muted: async (db: Conn, userId: number, anchorId: number): Promise<boolean> =>
    (await db.selectFrom('live_alert_mutes').select('user_id').where('user_id', '=', userId).where('anchor_id', '=', anchorId).executeTakeFirst()) !==
    undefined,

  mute: (db: Conn, userId: number, anchorId: number, at: string) =>
    db
      .insertInto('live_alert_mutes')
      .values({ user_id: userId, anchor_id: anchorId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'anchor_id']).doNothing())
      .execute(),

  unmute: (db: Conn, userId: number, anchorId: number) =>
    db.deleteFrom('live_alert_mutes').where('user_id', '=', userId).where('anchor_id', '=', anchorId).execute(),
};
