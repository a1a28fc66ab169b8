import type { Session } from '@app/contract';
import { freshMobile } from '@app/testkit';
import { hashPassword } from '../../src/modules/auth/password.js';
import { defaultNickname, newInviteCode, userDefaults } from '../../src/modules/user/newUser.js';
import { userRepository } from '../../src/modules/user/user.repository.js';
import type { TestServer } from './testServer.js';

/** The password of every member made here. */
export const MEMBER_PASSWORD = 'abc12345';
let passwordHash: Promise<string> | undefined;

/**
 * A signed-up member with a session, made in the database as sign-up makes them but without the
 * captcha, the SMS and a password hash of its own (scrypt costs ~100 ms of CPU per member; suites
 * that need a crowd spend it on nothing they test). Sign-up itself is tested over HTTP in auth.test.ts.
 */
export async function quickSession(s: TestServer, mobile = freshMobile()): Promise<Session> {
  const db = s.deps.db.kysely;
  const user = await userRepository.insert(db, {
    ...userDefaults(),
    account: mobile,
    mobile,
    password_hash: await (passwordHash ??= hashPassword(MEMBER_PASSWORD)),
    nickname: defaultNickname(),
    invite_code: newInviteCode(),
  });
  return s.services.auth.sessionOf(db, user, await s.services.sessions.issue(db, user.id, {}));
}
