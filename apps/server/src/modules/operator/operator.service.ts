import { ErrorCode, mayCall, SIGN_IN_CALLS, type OperatorEntry, type OperatorMe, type OperatorRole, type RouteName } from '@app/contract';
import { MINUTE, nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError } from '../../http/errors.js';
import type { Auth } from '../auth/session.service.js';
import { LOGIN_GUARD } from '../auth/loginGuard.js';
import { tryGuard } from '../auth/tryGuard.js';
import { briefsOf } from '../user/userBriefs.js';
import { secondFactorRequired } from './operator.config.js';
import { operatorRepository as repo } from './operator.repository.js';
import { operators } from './operators.js';
import { recoveryCodes, totp } from './secondFactor.js';

const forbidden = (msg: string) => new BizError(ErrorCode.FORBIDDEN, msg, { status: 403 });
const tryKey = (userId: number) => `totp:${userId}`;
const locked = (untilMs: number) =>
  new BizError(ErrorCode.LOGIN_LOCKED, `验证码错误次数过多，请${Math.max(1, Math.ceil((untilMs - Date.now()) / MINUTE))}分钟后再试`);

/**
 * The console's roles and its second factor (decisions 0199, 0200): every operator call passes
 * `guard` before its input is read; a session passes the second factor once, with an authenticator
 * code or a recovery code, and wrong codes lock it as wrong passwords lock a login.
 */
export class OperatorService {
  constructor(private readonly deps: Deps) {}

  private get required(): boolean {
    return secondFactorRequired(this.deps.config.operator, this.deps.config.nodeEnv);
  }

  /** Refuses an operator call this session may not make: no console role, second factor not passed, or a role without the call. */
  async guard(auth: Auth, name: RouteName): Promise<void> {
    const a = await repo.access(this.deps.db.kysely, auth.user.id, auth.session.id);
    if (!a) throw forbidden('你没有运营后台的角色');
    if (!SIGN_IN_CALLS.has(name) && !a.verified_at) {
      if (a.totp_enabled_at) throw new BizError(ErrorCode.SECOND_FACTOR_REQUIRED, undefined, { status: 403 });
      if (this.required) throw new BizError(ErrorCode.SECOND_FACTOR_SETUP_REQUIRED, undefined, { status: 403 });
    }
    if (!mayCall(a.role, name)) throw forbidden('你的后台角色不能使用此功能');
  }

  async me(auth: Auth): Promise<OperatorMe> {
    const a = await repo.access(this.deps.db.kysely, auth.user.id, auth.session.id);
    if (!a) throw forbidden('你没有运营后台的角色');
    return { role: a.role, second_factor: { enrolled: !!a.totp_enabled_at, verified: !!a.verified_at, required: this.required || !!a.totp_enabled_at } };
  }

  /** A new secret for the operator's app; only while none is set up (a reset by an owner removes it). */
  async setup(auth: Auth): Promise<{ secret: string; otpauth_url: string }> {
    const db = this.deps.db.kysely;
    const op = await repo.byUser(db, auth.user.id);
    if (!op) throw forbidden('你没有运营后台的角色');
    if (op.totp_enabled_at) throw new BizError(ErrorCode.CONFLICT, '已设置两步验证；如需更换，请所有者重置');
    const secret = totp.newSecret();
    await repo.setPending(db, auth.user.id, secret, nowIso());
    return { secret, otpauth_url: totp.uri(this.deps.config.operator.totpIssuer, auth.user.account || auth.user.mobile || String(auth.user.id), secret) };
  }

  /** Confirms the app with its first code: the recovery codes, shown once; this session is verified. */
  async enable(auth: Auth, code: string, ip: string): Promise<{ recovery_codes: string[] }> {
    const { db } = this.deps;
    const op = await repo.byUser(db.kysely, auth.user.id);
    if (!op?.totp_pending || op.totp_enabled_at) throw new BizError(ErrorCode.CONFLICT, '请先开始设置两步验证');
    const left = await this.takeTry(auth.user.id, ip);
    const step = await totp.check(op.totp_pending, code, null, this.deps.clock.now());
    if (step === undefined) return this.failed(left);
    const codes = recoveryCodes.fresh();
    await db.tx(async (trx) => {
      const now = nowIso();
      if (!(await repo.enable(trx, auth.user.id, op.totp_pending!, step, now))) throw new BizError(ErrorCode.CONFLICT, '请先开始设置两步验证');
      await repo.deleteCodes(trx, auth.user.id);
      await repo.insertCodes(trx, auth.user.id, codes.map(recoveryCodes.hash), now);
      await repo.markSession(trx, auth.session.id, auth.user.id, now);
      await tryGuard.clear(trx, tryKey(auth.user.id));
    });
    return { recovery_codes: codes };
  }

  /** Passes the second factor for this session with a code of the app, or spends one recovery code. */
  async verify(auth: Auth, code: string, ip: string): Promise<{ verified: true; recovery_codes_left: number }> {
    const { db } = this.deps;
    const op = await repo.byUser(db.kysely, auth.user.id);
    if (!op?.totp_secret) throw new BizError(ErrorCode.SECOND_FACTOR_SETUP_REQUIRED, undefined, { status: 403 });
    const left = await this.takeTry(auth.user.id, ip);
    const now = nowIso();
    let right: boolean;
    if (/^\d{6}$/.test(code)) {
      const step = await totp.check(op.totp_secret, code, op.totp_step, this.deps.clock.now());
      // Two requests with one code: only the first moves the step on.
      right = step !== undefined && (await repo.useStep(db.kysely, auth.user.id, step));
    } else {
      right = await repo.useCode(db.kysely, auth.user.id, recoveryCodes.hash(code), now);
    }
    if (!right) return this.failed(left);
    await db.tx(async (trx) => {
      await repo.markSession(trx, auth.session.id, auth.user.id, now);
      await tryGuard.clear(trx, tryKey(auth.user.id));
    });
    return { verified: true, recovery_codes_left: await repo.codesLeft(db.kysely, auth.user.id) };
  }

  async list(): Promise<{ list: OperatorEntry[] }> {
    const db = this.deps.db.kysely;
    const rows = await repo.list(db);
    const briefs = await briefsOf(
      db,
      rows.map((r) => r.user_id),
    );
    return {
      list: rows.flatMap((r) => {
        const user = briefs.get(r.user_id);
        return user
          ? [{ user, role: r.role, second_factor: !!r.totp_enabled_at, recovery_codes_left: Number(r.codes_left ?? 0), updated_at: r.updated_at }]
          : [];
      }),
    };
  }

  /** The owner gives, changes or (null) takes away a console role; never their own. */
  async save(me: Auth, userId: number, role: OperatorRole | null): Promise<{ user_id: number; role: OperatorRole | null }> {
    if (userId === me.user.id) throw forbidden('不能修改自己的角色');
    await this.deps.db.tx((trx) => (role === null ? operators.revoke(trx, userId) : operators.grant(trx, userId, role)));
    return { user_id: userId, role };
  }

  /** The owner removes an operator's authenticator: they enrol again at their next console sign-in. */
  async resetSecondFactor(userId: number): Promise<{ user_id: number }> {
    await this.deps.db.tx((trx) => operators.resetSecondFactor(trx, userId));
    return { user_id: userId };
  }

  private async takeTry(userId: number, ip: string): Promise<number> {
    const taken = await tryGuard.take(this.deps.db, tryKey(userId), ip, LOGIN_GUARD);
    if ('lockedUntil' in taken) throw locked(Date.parse(taken.lockedUntil));
    return taken.left;
  }

  private failed(left: number): never {
    if (left === 0) throw locked(Date.now() + LOGIN_GUARD.lockMs);
    throw new BizError(ErrorCode.SECOND_FACTOR_WRONG, `验证码错误，还可尝试${left}次`);
  }
}
