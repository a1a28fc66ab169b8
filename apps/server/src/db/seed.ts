import { hashPassword } from '../modules/auth/password.js';
import { configRepository } from '../modules/config/config.repository.js';
import { newInviteCode, userDefaults } from '../modules/user/newUser.js';
import { userRepository } from '../modules/user/user.repository.js';
import type { Db } from './database.js';
import { DAY, HOUR, isoIn } from './time.js';

/** Demo member for trying the app: 13800000001 / demo1234. */
export const DEMO_USER = { mobile: '13800000001', password: 'demo1234', nickname: '小鹿' } as const;

const SEED_KEY = 'seed_demo_version';
const SEED_VERSION = '1';

const GIFTS = [
  { name: '棒棒糖', icon: 'lollipop', price: 1 },
  { name: '玫瑰', icon: 'rose', price: 10 },
  { name: '爱心', icon: 'heart', price: 66 },
  { name: '跑车', icon: 'car', price: 520 },
  { name: '火箭', icon: 'rocket', price: 1314 },
  { name: '皇冠', icon: 'crown', price: 3344 },
];

const BULLETINS = [
  {
    title: '平台文明直播公约',
    content:
      '为营造健康、友善的直播环境，请各位主播和用户遵守以下公约：\n1. 不发布违法违规、低俗色情、暴力血腥内容；\n2. 不进行任何形式的诈骗、赌博或私下交易；\n3. 尊重他人，禁止辱骂、人身攻击与恶意刷屏；\n4. 保护个人隐私，不泄露他人信息。\n违反公约的账号将视情节给予警告、禁言或封禁处理。感谢大家的理解与支持！',
    pinned: 1,
    ageMs: 20 * DAY,
  },
  {
    title: '五一假期充值活动开启',
    content:
      '活动时间：5月1日 00:00 至 5月5日 23:59。\n活动期间单笔充值满 100 金币赠送 10 金币，满 500 金币赠送 80 金币，每位用户最多参与 3 次。\n赠送金币将在充值成功后 10 分钟内到账，如有疑问请联系在线客服。',
    pinned: 0,
    ageMs: 3 * DAY,
  },
  {
    title: '系统维护通知',
    content:
      '为了给大家带来更流畅的直播体验，我们将于本周四凌晨 02:00 至 04:00 进行服务器升级维护。维护期间直播间、私信与充值功能可能短暂不可用，已开播的直播间会自动下播。给您带来的不便敬请谅解。',
    pinned: 0,
    ageMs: 6 * HOUR,
  },
];

const NOTICES = [
  { type: 'system' as const, title: '欢迎加入', content: '欢迎来到直播广场！完善个人资料，让更多朋友认识你。', ageMs: 2 * DAY },
  { type: 'activity' as const, title: '新人福利已到账', content: '新人专属礼包已发放，快去直播间给喜欢的主播送上第一份礼物吧。', ageMs: 1 * DAY },
  { type: 'account' as const, title: '账号安全提醒', content: '请勿向任何人透露短信验证码，官方工作人员不会向您索要密码或验证码。', ageMs: 2 * HOUR },
];

/**
 * Demo content, seeded once per database (idempotent; safe when several instances start at once:
 * the claim row and the content commit together, so a second instance sees it and does nothing).
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const k = db.kysely;
  const done = await k.selectFrom('settings').select('value').where('key', '=', SEED_KEY).executeTakeFirst();
  if (done) return false;
  const password_hash = await hashPassword(DEMO_USER.password);
  return db.tx(async (trx) => {
    const claimed = await trx
      .insertInto('settings')
      .values({ key: SEED_KEY, value: SEED_VERSION })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return false;

    await configRepository.addMissingSettings(trx, { video_is_open: '1', game_is_open: '1' });
    if ((await configRepository.gifts(trx)).length === 0) {
      const created_at = isoIn(-30 * DAY);
      await trx
        .insertInto('gifts')
        .values(GIFTS.map((g, i) => ({ name: g.name, sort: i + 1, icon: `/static/gifts/${g.icon}.svg`, url: '', price: g.price * 10000, created_at })))
        .execute();
    }
    await trx
      .insertInto('bulletins')
      .values(BULLETINS.map((b) => ({ title: b.title, content: b.content, pinned: b.pinned, created_at: isoIn(-b.ageMs) })))
      .execute();

    let demo = await userRepository.byMobile(trx, DEMO_USER.mobile);
    if (!demo) {
      demo = await userRepository.insert(trx, {
        ...userDefaults(),
        account: DEMO_USER.mobile,
        mobile: DEMO_USER.mobile,
        password_hash,
        nickname: DEMO_USER.nickname,
        signature: '喜欢唱歌和旅行，欢迎来直播间聊天～',
        gender: 2,
        invite_code: newInviteCode(),
        level: 3,
      });
      await trx
        .insertInto('notices')
        .values(NOTICES.map((n) => ({ user_id: demo!.id, type: n.type, title: n.title, content: n.content, read_at: null, created_at: isoIn(-n.ageMs) })))
        .execute();
    }
    return true;
  });
}
