import type { Conn } from '../db/database.js';
import type { NewUser, UserRow } from '../db/schema.js';
import { newInviteCode, userDefaults } from '../modules/user/newUser.js';
import { userRepository } from '../modules/user/user.repository.js';

/** Demo member for trying the app: 13800000001 / demo1234. */
export const DEMO_USER = { mobile: '13800000001', password: 'demo1234', nickname: '小鹿' } as const;

/** What a demo seed sets of a member; the rest are a new user's defaults. */
export type DemoMember = Pick<NewUser, 'nickname'> & { mobile: string; password_hash: string } & Partial<
    Pick<NewUser, 'avatar' | 'signature' | 'gender' | 'level' | 'created_at'>
  >;

/** A demo member by mobile, created when missing (in the caller's seed transaction); `created` says which. */
export async function seedDemoMember(db: Conn, m: DemoMember): Promise<{ user: UserRow; created: boolean }> {
  const found = await userRepository.byMobile(db, m.mobile);
  if (found) return { user: found, created: false };
  const user = await userRepository.insert(db, { ...userDefaults(), account: m.mobile, invite_code: newInviteCode(), ...m });
  return { user, created: true };
}
