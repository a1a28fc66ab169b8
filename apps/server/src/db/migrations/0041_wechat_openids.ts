import type { Kysely } from 'kysely';

/**
 * WeChat Pay JSAPI (decision 0228). Row type: modules/finance/recharge/wechatOpenid.tables.ts.
 * - wechat_openids: a member's openid under an official account's AppID, learnt once through
 *   OAuth (`snsapi_base`) and kept, so the next payment inside WeChat needs no redirect.
 */
export function wechatOpenids() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('wechat_openids')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('appid', 'text', (c) => c.notNull())
        .addColumn('openid', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('wechat_openids_pk', ['user_id', 'appid'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('wechat_openids').execute();
    },
  };
}
