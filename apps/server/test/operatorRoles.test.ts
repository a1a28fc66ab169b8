/**
 * Operator roles and the console's second factor over real HTTP (decisions 0199, 0200), on a server
 * that requires the second factor as production does: each console role is answered by the route
 * table's `consoleAccess` and nothing more (a moderator is refused a payout, support can read and
 * cannot change), TOTP enrolment and sign-in, recovery codes that work once, five wrong codes lock
 * the sign-in as wrong passwords lock a login, and role changes and 2FA resets are audited.
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, consoleAccess, ErrorCode, mayCall, OPERATOR_ROLES, SIGN_IN_CALLS, type OperatorRole, type RouteDef, type RouteName } from '@app/contract';
import { operatorRoles } from '../src/db/migrations/0033_operator_roles.js';
import { userRepository } from '../src/modules/user/user.repository.js';
import { makeOperator, rid } from './financeHelpers.js';
import { fakeClock } from './helpers/fakeClock.js';
import { quickSession } from './helpers/members.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

let s: TestServer;
const clock = fakeClock();
const STEP_MS = 30_000;

/** A code of the operator's app now (by the server's clock). */
const codeOf = (secret: string) => generate({ secret, epoch: Math.floor(clock.now() / 1000) });

/** A new console session of an operator (a second login): it has not passed the second factor. */
const newSession = async (userId: number) => (await s.services.sessions.issue(s.deps.db.kysely, userId, {})).token;

/** A member made an operator with `role`, enrolled through the console's own calls: their session is verified. */
async function signedIn(role: OperatorRole): Promise<{ id: number; token: string; secret: string; recovery: string[] }> {
  const m = await quickSession(s);
  await makeOperator(s, m.user.id, role);
  const t = { token: m.token };
  const setup = await s.api.call(api.admin2faSetup, {}, t);
  expect(setup.code, setup.msg).toBe(200);
  expect(setup.data.otpauth_url).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  const enabled = await s.api.call(api.admin2faEnable, { code: await codeOf(setup.data.secret) }, t);
  expect(enabled.code, enabled.msg).toBe(200);
  return { id: m.user.id, token: m.token, secret: setup.data.secret, recovery: enabled.data.recovery_codes };
}

const operatorRoutes = () => (Object.entries(api) as [RouteName, RouteDef][]).filter(([, def]) => def.auth === 'operator');

beforeAll(async () => {
  s = await startTestServer({ env: { OPERATOR_2FA: 'required' }, clock });
});
afterAll(async () => {
  await s?.close();
});

describe('console roles', () => {
  it('names who may call every operator route, and nothing else', () => {
    expect(Object.keys(consoleAccess).sort()).toEqual(
      operatorRoutes()
        .map(([n]) => n)
        .sort(),
    );
    expect(OPERATOR_ROLES).toEqual(['owner', 'finance', 'moderator', 'support']);
  });

  it('answers each role exactly as consoleAccess says: a refused call is 403 FORBIDDEN before its input is read', async () => {
    const ops = await Promise.all((['finance', 'moderator', 'support'] as const).map(async (role) => ({ role, ...(await signedIn(role)) })));
    for (const { role, token } of ops) {
      for (const [name, def] of operatorRoutes()) {
        // Sign-in calls are the caller's own (tested below); the rest with an empty input.
        if (SIGN_IN_CALLS.has(name)) continue;
        const r = await s.api.call(def, {}, { token });
        if (mayCall(role, name)) expect([r.status, name, role]).not.toEqual([403, name, role]);
        else expect([r.status, r.code, name, role]).toEqual([403, ErrorCode.FORBIDDEN, name, role]);
      }
    }
  });

  it('refuses a moderator a withdrawal payout that finance may make; support reads users and orders and changes nothing', async () => {
    const [moderator, finance, support] = await Promise.all([signedIn('moderator'), signedIn('finance'), signedIn('support')]);
    const earner = await quickSession(s);
    const credit = await s.api.call(
      api.adminAdjust,
      { request_id: rid(), user_id: earner.user.id, account: 'gift_earnings', direction: 'credit', amount: 200 * 10000, reason: '测试收益' },
      { token: finance.token },
    );
    expect(credit.code, credit.msg).toBe(200);
    const w = await s.api.call(
      api.withdrawOrder,
      { request_id: rid(), platform: 'alipay', account: '13800138000', account_name: '王五', amount: 150 * 10000 },
      { token: earner.token },
    );
    expect(w.code, w.msg).toBe(200);
    const pay = { request_id: rid(), id: w.data.id };
    const refused = await s.api.call(api.adminWithdrawApprove, pay, { token: moderator.token });
    expect([refused.status, refused.code]).toEqual([403, ErrorCode.FORBIDDEN]);
    expect((await s.api.call(api.adminWithdrawApprove, pay, { token: support.token })).status).toBe(403);
    const pending = await s.api.call(api.adminWithdrawals, { status: 'pending' }, { token: support.token });
    expect(pending.data.list.map((x) => x.id)).toContain(w.data.id);
    expect((await s.api.call(api.adminUsers, { keyword: String(earner.user.id) }, { token: support.token })).data.list.map((u) => u.id)).toContain(
      earner.user.id,
    );
    expect((await s.api.call(api.adminRecharges, {}, { token: support.token })).code).toBe(200);
    const ban = await s.api.call(api.adminUserBan, { user_id: earner.user.id, scope: 'chat', minutes: 10, reason: '测试封禁' }, { token: support.token });
    expect([ban.status, ban.code]).toEqual([403, ErrorCode.FORBIDDEN]);
    // The moderator bans; finance pays out.
    expect(
      (await s.api.call(api.adminUserBan, { user_id: earner.user.id, scope: 'chat', minutes: 10, reason: '测试封禁' }, { token: moderator.token })).code,
    ).toBe(200);
    const paid = await s.api.call(api.adminWithdrawApprove, pay, { token: finance.token });
    expect([paid.code, paid.data?.status]).toEqual([200, 'approved']);
    const me = await s.api.call(api.adminMe, {}, { token: support.token });
    expect(me.data).toEqual({ role: 'support', second_factor: { enrolled: true, verified: true, required: true } });
  });

  it('lets only the owner change roles and reset a second factor, and audits both', async () => {
    const owner = await signedIn('owner');
    const other = await signedIn('support');
    const t = { token: owner.token };
    expect((await s.api.call(api.adminOperatorSave, { user_id: owner.id, role: 'support' }, { token: other.token })).status).toBe(403);
    expect((await s.api.call(api.adminOperatorSave, { user_id: owner.id, role: 'support' }, t)).code).toBe(ErrorCode.FORBIDDEN);
    const changed = await s.api.call(api.adminOperatorSave, { user_id: other.id, role: 'moderator' }, t);
    expect(changed.data).toEqual({ user_id: other.id, role: 'moderator' });
    expect((await s.api.call(api.adminMe, {}, { token: other.token })).data.role).toBe('moderator');
    const listed = (await s.api.call(api.adminOperators, {}, t)).data.list.find((o) => o.user.id === other.id);
    expect(listed).toMatchObject({ role: 'moderator', second_factor: true, recovery_codes_left: 10 });

    const reset = await s.api.call(api.adminOperator2faReset, { user_id: other.id }, t);
    expect(reset.code, reset.msg).toBe(200);
    // Their session signs in again, and enrols first: the old app and codes are gone.
    const after = await s.api.call(api.adminDashboard, {}, { token: other.token });
    expect([after.status, after.code]).toEqual([403, ErrorCode.SECOND_FACTOR_SETUP_REQUIRED]);
    expect((await s.api.call(api.admin2faVerify, { code: other.recovery[0]! }, { token: other.token })).code).toBe(ErrorCode.SECOND_FACTOR_SETUP_REQUIRED);

    // A member again: the console refuses them as any member.
    const removed = await s.api.call(api.adminOperatorSave, { user_id: other.id, role: null }, t);
    expect(removed.data).toEqual({ user_id: other.id, role: null });
    expect((await s.api.call(api.adminMe, {}, { token: other.token })).status).toBe(403);

    const audit = (await s.api.call(api.adminAudit, { target: `user:${other.id}` }, t)).data.list;
    expect(audit.map((e) => [e.action, e.operator?.id, e.detail])).toEqual([
      ['adminOperatorSave', owner.id, { user_id: other.id, role: null }],
      ['adminOperator2faReset', owner.id, { user_id: other.id }],
      ['adminOperatorSave', owner.id, { user_id: other.id, role: 'moderator' }],
    ]);
  });
});

describe('two-factor sign-in', () => {
  it('refuses the console to an operator who has not enrolled, except the enrolment itself; a wrong first code enrols nothing', async () => {
    const m = await quickSession(s);
    await makeOperator(s, m.user.id, 'owner');
    const t = { token: m.token };
    const refused = await s.api.call(api.adminDashboard, {}, t);
    expect([refused.status, refused.code]).toEqual([403, ErrorCode.SECOND_FACTOR_SETUP_REQUIRED]);
    expect((await s.api.call(api.adminMe, {}, t)).data.second_factor).toEqual({ enrolled: false, verified: false, required: true });
    const setup = await s.api.call(api.admin2faSetup, {}, t);
    const right = await codeOf(setup.data.secret);
    const wrong = await s.api.call(api.admin2faEnable, { code: right.slice(0, 5) + ((Number(right[5]) + 1) % 10) }, t);
    expect([wrong.code, wrong.msg]).toEqual([ErrorCode.SECOND_FACTOR_WRONG, '验证码错误，还可尝试4次']);
    expect((await s.api.call(api.adminDashboard, {}, t)).code).toBe(ErrorCode.SECOND_FACTOR_SETUP_REQUIRED);
    const bad = await s.api.call(api.admin2faEnable, { code: '12ab56' }, t);
    expect([bad.status, bad.code, bad.msg]).toEqual([400, ErrorCode.VALIDATION, 'code: 请输入6位验证码']);
    const ok = await s.api.call(api.admin2faEnable, { code: await codeOf(setup.data.secret) }, t);
    expect(ok.data.recovery_codes).toHaveLength(10);
    expect(new Set(ok.data.recovery_codes).size).toBe(10);
    expect((await s.api.call(api.adminDashboard, {}, t)).code).toBe(200);
    // Enrolled once: a second setup is refused (a reset by an owner comes first).
    expect((await s.api.call(api.admin2faSetup, {}, t)).code).toBe(ErrorCode.CONFLICT);
    // Recovery codes are stored only hashed, and the code sent is not in the audit log.
    const stored = await s.deps.db.kysely.selectFrom('operator_recovery_codes').select('code_hash').where('user_id', '=', m.user.id).execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(ok.data.recovery_codes[0]);
    const audit = (await s.api.call(api.adminAudit, { action: 'admin2faEnable', operator_id: m.user.id }, t)).data.list;
    expect(audit.map((e) => e.detail)).toEqual([{ code: '***' }]);
  });

  it('asks every new session for a code; a code works once, a recovery code once', async () => {
    const op = await signedIn('finance');
    const second = await newSession(op.id);
    const t = { token: second };
    const refused = await s.api.call(api.adminRecharges, {}, t);
    expect([refused.status, refused.code]).toEqual([403, ErrorCode.SECOND_FACTOR_REQUIRED]);
    // The enrolment's own code cannot sign in again.
    expect((await s.api.call(api.admin2faVerify, { code: await codeOf(op.secret) }, t)).code).toBe(ErrorCode.SECOND_FACTOR_WRONG);
    clock.advance(STEP_MS);
    const ok = await s.api.call(api.admin2faVerify, { code: await codeOf(op.secret) }, t);
    expect(ok.data).toEqual({ verified: true, recovery_codes_left: 10 });
    expect((await s.api.call(api.adminRecharges, {}, t)).code).toBe(200);

    const third = { token: await newSession(op.id) };
    expect((await s.api.call(api.admin2faVerify, { code: await codeOf(op.secret) }, third)).code).toBe(ErrorCode.SECOND_FACTOR_WRONG);
    const typed = op.recovery[3]!.toUpperCase().replace(/-/g, ' ');
    expect((await s.api.call(api.admin2faVerify, { code: typed }, third)).data).toEqual({ verified: true, recovery_codes_left: 9 });
    const fourth = { token: await newSession(op.id) };
    expect((await s.api.call(api.admin2faVerify, { code: op.recovery[3]! }, fourth)).code).toBe(ErrorCode.SECOND_FACTOR_WRONG);
    expect((await s.api.call(api.adminRecharges, {}, fourth)).code).toBe(ErrorCode.SECOND_FACTOR_REQUIRED);
  });

  it('locks the sign-in after five wrong codes, as wrong passwords lock a login, even for the right code', async () => {
    const op = await signedIn('support');
    const t = { token: await newSession(op.id) };
    const answers: [number, string][] = [];
    for (let i = 0; i < 5; i++) {
      const r = await s.api.call(api.admin2faVerify, { code: '000000' }, t);
      answers.push([r.code, r.msg]);
    }
    expect(answers).toEqual([
      [ErrorCode.SECOND_FACTOR_WRONG, '验证码错误，还可尝试4次'],
      [ErrorCode.SECOND_FACTOR_WRONG, '验证码错误，还可尝试3次'],
      [ErrorCode.SECOND_FACTOR_WRONG, '验证码错误，还可尝试2次'],
      [ErrorCode.SECOND_FACTOR_WRONG, '验证码错误，还可尝试1次'],
      [ErrorCode.LOGIN_LOCKED, '验证码错误次数过多，请15分钟后再试'],
    ]);
    clock.advance(STEP_MS);
    const right = await s.api.call(api.admin2faVerify, { code: await codeOf(op.secret) }, t);
    expect([right.code, right.msg]).toEqual([ErrorCode.LOGIN_LOCKED, '验证码错误次数过多，请15分钟后再试']);
    expect((await s.api.call(api.admin2faVerify, { code: op.recovery[0]! }, t)).code).toBe(ErrorCode.LOGIN_LOCKED);
    expect((await s.api.call(api.adminUsers, {}, t)).code).toBe(ErrorCode.SECOND_FACTOR_REQUIRED);
  });
});

describe('an upgraded database', () => {
  // Last in the file: it runs the migration again over this server's database.
  it('makes every operator an owner and nobody else an operator', async () => {
    const db = s.deps.db.kysely;
    const migration = operatorRoles(s.deps.db.dialect);
    await migration.down(db as never);
    // Before roles, an operator was a user with the role `operator`, nothing more.
    const legacy = await quickSession(s);
    const plain = await quickSession(s);
    await userRepository.update(db, legacy.user.id, { role: 'operator' });
    await migration.up(db as never);
    const rows = await db.selectFrom('operators').select(['user_id', 'role']).where('user_id', 'in', [legacy.user.id, plain.user.id]).execute();
    expect(rows).toEqual([{ user_id: legacy.user.id, role: 'owner' }]);
    const me = await s.api.call(api.adminMe, {}, { token: legacy.token });
    expect(me.data).toEqual({ role: 'owner', second_factor: { enrolled: false, verified: false, required: true } });
    expect((await s.api.call(api.adminMe, {}, { token: plain.token })).status).toBe(403);
  });
});
