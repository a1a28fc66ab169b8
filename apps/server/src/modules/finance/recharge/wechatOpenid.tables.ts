/** Row type of migration 0041_wechat_openids, merged into the app's `Database` interface. */
export interface WechatOpenidsTable {
  user_id: number;
  /** The official account's AppID the openid belongs to (an openid means nothing under another). */
  appid: string;
  openid: string;
  created_at: string;
}

declare module '../../../db/schema.js' {
  interface Database {
    wechat_openids: WechatOpenidsTable;
  }
}
