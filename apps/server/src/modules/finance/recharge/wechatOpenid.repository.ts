import type { Conn } from '../../../db/database.js';
import { nowIso } from '../../../db/time.js';
import './wechatOpenid.tables.js';

/** SQL of the openids WeChat's OAuth gave for members (JSAPI payments, decision 0228). */
export const wechatOpenidRepository = {
  openid: async (db: Conn, userId: number, appid: string): Promise<string | undefined> =>
    (await db.selectFrom('wechat_openids').select('openid').where('user_id', '=', userId).where('appid', '=', appid).executeTakeFirst())?.openid,

  /** Keeps the member's openid (the latest OAuth answer wins: a member may pay from another WeChat account). */
  keep: async (db: Conn, userId: number, appid: string, openid: string): Promise<void> => {
    await db
      .insertInto('wechat_openids')
      .values({ user_id: userId, appid, openid, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['user_id', 'appid']).doUpdateSet({ openid, created_at: nowIso() }))
      .execute();
  },
};
