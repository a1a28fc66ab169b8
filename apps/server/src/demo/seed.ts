import { hashPassword } from '../modules/auth/password.js';
import { seedDemoCatalog } from './config.seed.js';
import { seedDemoBulletins } from './home.seed.js';
import { seedDemoNotices } from './message.seed.js';
import { DEMO_FORUM_MEMBERS, seedDemoForum } from './forum.seed.js';
import { DEMO_ANCHORS, seedDemoRooms } from './room.seed.js';
import { DEMO_USER, seedDemoMember } from './user.seed.js';
import type { Db } from '../db/database.js';

export { DEMO_USER };

/** Every account a demo seed makes, all with DEMO_USER's password (a production start refuses them while they take it). */
export const DEMO_MOBILES: readonly string[] = [DEMO_USER.mobile, ...DEMO_ANCHORS.map((a) => a.mobile), ...DEMO_FORUM_MEMBERS.map((m) => m.mobile)];

const SEED_KEY = 'seed_demo_version';
const SEED_VERSION = '1';

/**
 * Demo content, seeded once per database (idempotent; safe when several instances start at once:
 * the claim row and the content commit together, so a second instance sees it and does nothing).
 * Each module writes its own part, in this one transaction.
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

    await seedDemoCatalog(trx);
    await seedDemoBulletins(trx);
    const demo = await seedDemoMember(trx, {
      mobile: DEMO_USER.mobile,
      password_hash,
      nickname: DEMO_USER.nickname,
      signature: '喜欢唱歌和旅行，欢迎来直播间聊天～',
      gender: 2,
    });
    if (demo.created) await seedDemoNotices(trx, demo.user.id);
    return true;
  });
}

/** The whole demo content of a fresh database: the catalogue, bulletins and demo member, then the rooms and the forum. */
export async function seedDemoContent(db: Db): Promise<void> {
  await seedDemo(db);
  await seedDemoRooms(db);
  await seedDemoForum(db);
}
