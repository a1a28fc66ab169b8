import { DEFAULT_ROOM_SETTINGS } from '@app/contract';
import type { Db } from '../db/database.js';
import { DAY, isoIn, nowIso } from '../db/time.js';
import { hashPassword } from '../modules/auth/password.js';
import { DEMO_USER, seedDemoMember } from './user.seed.js';
import { users } from '../modules/user/users.js';
import { roomRepository } from '../modules/room/room.repository.js';
import { roomMemberRepository } from '../modules/room/roomMember.repository.js';

/** Demo anchors (password demo1234) and their rooms, live at `npm start` through the demo publisher. */
export const DEMO_ANCHORS = [
  {
    mobile: '13800000011',
    nickname: '星星主播',
    gender: 2,
    number: '888001',
    title: '晚安电台·陪你聊天到深夜',
    category: '聊天',
    cover: 'night',
    kind: 'live',
    hue: 0,
    tone: 440,
  },
  {
    mobile: '13800000012',
    nickname: '阿杰唱歌',
    gender: 1,
    number: '888002',
    title: '周末点歌台，想听什么随便点',
    category: '唱歌',
    cover: 'music',
    kind: 'live',
    hue: 120,
    tone: 523,
  },
  {
    mobile: '13800000013',
    nickname: '游戏小王子',
    gender: 1,
    number: '888003',
    title: '王者上分局，今晚冲王者！',
    category: '游戏',
    cover: 'game',
    kind: 'live',
    hue: 240,
    tone: 659,
  },
  {
    mobile: '13800000014',
    nickname: '甜心派对',
    gender: 2,
    number: '888004',
    title: '交友派对房，上麦一起嗨',
    category: '颜值',
    cover: 'party',
    kind: 'chat',
    hue: 300,
    tone: 587,
  },
] as const;

export type DemoAnchor = (typeof DEMO_ANCHORS)[number];
export interface DemoRoom {
  roomId: number;
  anchorId: number;
  demo: DemoAnchor;
}

const SEED_KEY = 'seed_demo_rooms_version';
const PASSWORD = DEMO_USER.password;

/**
 * Demo anchors (approved) and their rooms, created once per database (the claim row and the content
 * commit together, as in demo/seed.ts). Rooms start closed; the demo publisher opens them when it runs.
 */
export async function seedDemoRooms(db: Db): Promise<boolean> {
  const k = db.kysely;
  if (await k.selectFrom('settings').select('value').where('key', '=', SEED_KEY).executeTakeFirst()) return false;
  const password_hash = await hashPassword(PASSWORD);
  return db.tx(async (trx) => {
    const claimed = await trx
      .insertInto('settings')
      .values({ key: SEED_KEY, value: '1' })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    const categories = await roomRepository.categories(trx);
    for (const a of DEMO_ANCHORS) {
      const { user } = await seedDemoMember(trx, {
        mobile: a.mobile,
        password_hash,
        nickname: a.nickname,
        signature: '每晚八点准时开播，记得关注我哦～',
        gender: a.gender,
        created_at: isoIn(-60 * DAY),
      });
      const at = isoIn(-50 * DAY);
      await trx
        .insertInto('anchor_applications')
        .values({
          user_id: user.id,
          real_name: '演示主播',
          id_card: '110101199003074258',
          mobile: a.mobile,
          introduction: '平台演示主播',
          status: 'approved',
          reason: null,
          reviewed_by: null,
          created_at: at,
          reviewed_at: at,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      if (await roomRepository.byAnchor(trx, user.id)) continue;
      const now = nowIso();
      const room = await roomRepository.insert(trx, {
        number: a.number,
        anchor_id: user.id,
        title: a.title,
        cover: `/static/rooms/${a.cover}.svg`,
        category_id: categories.find((c) => c.name === a.category)?.id ?? categories[0]!.id,
        kind: a.kind,
        password_hash: null,
        mic_seats: a.kind === 'chat' ? 8 : 3,
        settings: JSON.stringify({ ...DEFAULT_ROOM_SETTINGS, vertical: true }),
        status: 'closed',
        anchor_live: 0,
        anchor_left_at: null,
        first_publish_by: null,
        started_at: null,
        closed_at: now,
        created_at: now,
        updated_at: now,
      });
      await roomMemberRepository.resetSeats(trx, room.id, room.mic_seats);
    }
    return true;
  });
}

/** Opens the demo rooms (a new live each start) for the demo publisher; those whose anchor is gone are skipped. */
export async function openDemoRooms(db: Db): Promise<DemoRoom[]> {
  const out: DemoRoom[] = [];
  for (const demo of DEMO_ANCHORS) {
    const user = await users.byMobile(db.kysely, demo.mobile);
    const room = user && (await roomRepository.byAnchor(db.kysely, user.id));
    if (!user || !room) continue;
    const now = nowIso();
    if (room.status !== 'open') {
      await roomRepository.update(db.kysely, room.id, {
        status: 'open',
        started_at: now,
        closed_at: null,
        anchor_live: 0,
        anchor_left_at: now,
        first_publish_by: now,
        updated_at: now,
      });
      await roomMemberRepository.clearLive(db.kysely, room.id);
    }
    out.push({ roomId: room.id, anchorId: user.id, demo });
  }
  return out;
}
