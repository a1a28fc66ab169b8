import type { Conn } from '../db/database.js';
import { DAY, HOUR, isoIn } from '../db/time.js';
import { homeRepository } from '../modules/home/home.repository.js';

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

/** The demo's bulletins (in the caller's seed transaction). */
export async function seedDemoBulletins(db: Conn): Promise<void> {
  await homeRepository.insertBulletins(
    db,
    BULLETINS.map((b) => ({ title: b.title, content: b.content, pinned: b.pinned, created_at: isoIn(-b.ageMs) })),
  );
}
