import { ErrorCode, type Api, type RouteBody } from '@app/contract';
import type { Session } from '@app/contract';
import type { Conn } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import type { Origin } from '../../http/caller.js';
import { BizError, sessionError, validationError } from '../../http/errors.js';
import { defaultNickname, newInviteCode, userDefaults } from '../user/newUser.js';
import { users } from '../user/users.js';
import { loadUserInfo } from '../user/userInfo.js';
import type { VerifyService } from '../verify/verify.service.js';
import { loginGuard } from './loginGuard.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password.js';
import type { Auth, SessionService } from './session.service.js';
import { emitWebhook } from '../webhook/outbox.js';

/** Where a request came from: the HTTP layer's type (http/caller.ts). */
export type { Origin };

const guardKey = (user: UserRow | undefined, account: string) => (user ? `u:${user.id}` : `a:${account.toLowerCase()}`);

/** Sign-up, sign-in, password reset and sign-out. */
export class AuthService {
  constructor(
    private readonly deps: Deps,
    private readonly sessions: SessionService,
    private readonly verify: VerifyService,
  ) {}

  private get db() {
    return this.deps.db.kysely;
  }

  /** A session answer: the token with the user's profile. */
  async sessionOf(db: Conn, user: UserRow, issued: { token: string; expires_at: string }): Promise<Session> {
    return { ...issued, user: await loadUserInfo(db, user) };
  }

  async login(input: { account: string; password: string; remember: boolean }, origin: Origin): Promise<Session> {
    const user = await users.byLogin(this.db, input.account);
    const key = guardKey(user, input.account);
    // The try is counted before the hash is checked, so a burst gets exactly the allowed tries.
    const left = await loginGuard.take(this.deps.db, key, origin.ip);
    // Hash even for unknown accounts, so timing does not reveal which accounts exist.
    const matches = await verifyPassword(input.password, user?.password_hash ?? DUMMY_HASH);
    if (!user || !matches) return loginGuard.failed(left);
    if (user.disabled_until && user.disabled_until > nowIso()) throw sessionError(ErrorCode.ACCOUNT_DISABLED);
    await loginGuard.clear(this.db, key);
    const issued = await this.sessions.issue(this.db, user.id, { remember: input.remember, device: origin.device, ip: origin.ip });
    return this.sessionOf(this.db, user, issued);
  }

  /** The referral to store: the body's invite_code (must exist) or else a valid code from the Referer header. */
  private async referral(inviteCode: string | undefined, origin: Origin): Promise<string | null> {
    if (inviteCode) {
      if (!(await users.inviteCodeExists(this.db, inviteCode.toUpperCase()))) {
        throw validationError([{ path: 'invite_code', message: '邀请码不存在' }]);
      }
      return inviteCode.toUpperCase();
    }
    const fromHeader = origin.referer?.trim().toUpperCase();
    // Browsers send a URL as Referer; only a bare code that belongs to someone counts.
    if (fromHeader && /^[A-Z0-9]{4,16}$/.test(fromHeader) && (await users.inviteCodeExists(this.db, fromHeader))) return fromHeader;
    return null;
  }

  private async freeInviteCode(): Promise<string> {
    for (;;) {
      const code = newInviteCode();
      if (!(await users.inviteCodeExists(this.db, code))) return code;
    }
  }

  async register(
    input: { mobile: string; code: string; password: string; nickname?: string | undefined; invite_code?: string | undefined },
    origin: Origin,
  ): Promise<Session> {
    if (await users.byMobile(this.db, input.mobile)) throw new BizError(ErrorCode.MOBILE_TAKEN);
    if (input.nickname && (await users.nicknameTaken(this.db, input.nickname))) throw new BizError(ErrorCode.NICKNAME_TAKEN);
    const referrer = await this.referral(input.invite_code, origin);
    const sms = await this.verify.checkSms(input.mobile, 'register', input.code);
    const password_hash = await hashPassword(input.password);
    const invite_code = await this.freeInviteCode();
    try {
      return await this.deps.db.tx(async (trx) => {
        await this.verify.useSms(trx, sms.id);
        const user = await users.insert(trx, {
          ...userDefaults(),
          account: input.mobile,
          mobile: input.mobile,
          password_hash,
          nickname: input.nickname ?? defaultNickname(),
          invite_code,
          referrer_code: referrer,
        });
        const issued = await this.sessions.issue(trx, user.id, { device: origin.device, ip: origin.ip });
        await emitWebhook(
          trx,
          'user.registered',
          { user_id: user.id, uuid: user.uuid, nickname: user.nickname, referrer_code: referrer, created_at: user.created_at },
          { at: user.created_at },
        );
        return this.sessionOf(trx, user, issued);
      });
    } catch (err) {
      // Two sign-ups for one number at once: the unique index decides, the loser hears why.
      if (err instanceof BizError) throw err;
      if (await users.byMobile(this.db, input.mobile)) throw new BizError(ErrorCode.MOBILE_TAKEN);
      throw err;
    }
  }

  /** Sets a new password and revokes every session of the user (their sockets get `sessionEnd`). */
  async forgetPassword(input: RouteBody<Api['forgetPassword']>) {
    const user = await users.byMobile(this.db, input.mobile);
    if (!user) throw new BizError(ErrorCode.NOT_REGISTERED);
    const sms = await this.verify.checkSms(input.mobile, 'forget', input.code);
    const password_hash = await hashPassword(input.password);
    await this.deps.db.tx(async (trx) => {
      await this.verify.useSms(trx, sms.id);
      await users.update(trx, user.id, { password_hash, updated_at: nowIso() });
      await this.sessions.revokeAllOfUser(trx, user.id);
      await loginGuard.clear(trx, `u:${user.id}`);
    });
    this.sessions.endAll(user.id);
    return { reset: true as const };
  }

  async logout(auth: Auth) {
    await this.sessions.revoke(auth.session);
    return { revoked: true as const };
  }
}
