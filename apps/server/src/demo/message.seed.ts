import type { Conn } from '../db/database.js';
import { DAY, HOUR, isoIn } from '../db/time.js';
import { noticeRepository } from '../modules/message/notice.repository.js';

const NOTICES = [
  { kind: 'welcome', type: 'system' as const, title: '欢迎加入', content: '欢迎来到直播广场！完善个人资料，让更多朋友认识你。', ageMs: 2 * DAY },
  {
    kind: 'newcomer_gift',
    type: 'activity' as const,
    title: '新人福利已到账',
    content: '新人专属礼包已发放，快去直播间给喜欢的主播送上第一份礼物吧。',
    ageMs: 1 * DAY,
  },
  {
    kind: 'security_tip',
    type: 'account' as const,
    title: '账号安全提醒',
    content: '请勿向任何人透露短信验证码，官方工作人员不会向您索要密码或验证码。',
    ageMs: 2 * HOUR,
  },
];

/** The notices a new demo member finds (in the caller's seed transaction). */
export async function seedDemoNotices(db: Conn, userId: number): Promise<void> {
  await noticeRepository.insertMany(
    db,
    NOTICES.map((n) => ({ user_id: userId, kind: n.kind, type: n.type, title: n.title, content: n.content, created_at: isoIn(-n.ageMs) })),
  );
}
