/**
 * The operator console's guarantees over real HTTP: every operator route (iterating the route
 * table) refuses guests and members, every operator action lands in the audit log, and bad input
 * is refused with HTTP 400 / 10000 naming the field.
 */
import { spawnSync } from 'node:child_process';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type RouteDef, type Session } from '@app/contract';
import { serve } from '../src/http/serve.js';
import { freshMobile } from '@app/testkit';
import { startTestServer, underSchemaLock, type TestServer } from './helpers/testServer.js';
import { rid } from './financeHelpers.js';
import { applyBody, closeSockets, member, openRoom, operator } from './roomHarness.js';
import { bundled } from './helpers/bundle.js';

let s: TestServer;
let op: Session;
let user: Session;
let guestToken: string;

const operatorRoutes = () => Object.entries(api).filter(([, def]) => (def as RouteDef).auth === 'operator') as [string, RouteDef][];

beforeAll(async () => {
  s = await startTestServer();
  [op, user] = await Promise.all([operator(s), member(s)]);
  const visitor = await s.api.call(api.visitor, {}, { headers: { Device: `dev-${rid()}` } });
  expect(visitor.code, visitor.msg).toBe(200);
  guestToken = visitor.data.token;
});
afterAll(async () => {
  closeSockets();
  await s?.close();
});

describe('every operator route refuses everyone else', () => {
  it('has operator routes for every console section', () => {
    const names = operatorRoutes().map(([n]) => n);
    for (const n of [
      'adminDashboard',
      'adminUsers',
      'adminUserBan',
      'adminContentHide',
      'adminWithdrawReject',
      'adminAnchorApprove',
      'adminAdjust',
      'adminAudit',
      'adminRoomClose',
    ]) {
      expect(names).toContain(n);
    }
  });

  it('answers 401 without a token, 401 GUEST_NOT_ALLOWED to a guest and 403 FORBIDDEN to a member, before reading the input', async () => {
    const before = (await s.api.call(api.adminAudit, { size: 1 }, { token: op.token })).data.total;
    for (const [name, def] of operatorRoutes()) {
      const anon = await s.api.call(def, {});
      expect(anon.status, `${name} anonymous`).toBe(401);
      expect(anon.code, name).toBe(ErrorCode.TOKEN_MISSING);
      const guest = await s.api.call(def, {}, { token: guestToken });
      expect(guest.status, `${name} guest`).toBe(401);
      expect(guest.code, name).toBe(ErrorCode.GUEST_NOT_ALLOWED);
      const mem = await s.api.call(def, {}, { token: user.token });
      expect(mem.status, `${name} member`).toBe(403);
      expect(mem.code, name).toBe(ErrorCode.FORBIDDEN);
    }
    // Nothing refused was audited.
    expect((await s.api.call(api.adminAudit, { size: 1 }, { token: op.token })).data.total).toBe(before);
  });
});

describe('every operator action is audited', () => {
  it('writes one entry per successful write call, naming the operator, the action and its target', async () => {
    const t = { token: op.token };
    // Material for every action: an applicant, a withdrawal, a post with a comment, a live room, a reported post.
    const applicant = await member(s);
    expect((await s.api.call(api.anchorApply, applyBody(freshMobile()), { token: applicant.token })).code).toBe(200);
    const rejected = await member(s);
    expect((await s.api.call(api.anchorApply, applyBody(freshMobile()), { token: rejected.token })).code).toBe(200);
    const earner = await member(s);
    // Gift earnings to withdraw, through the console's own correcting transfer.
    const credit = await s.api.call(
      api.adminAdjust,
      { request_id: rid(), user_id: earner.user.id, account: 'gift_earnings', direction: 'credit', amount: 300 * 10000, reason: '测试收益' },
      t,
    );
    expect(credit.code, credit.msg).toBe(200);
    const withdraw = async () => {
      const w = await s.api.call(
        api.withdrawOrder,
        { request_id: rid(), platform: 'alipay', account: '13800138000', account_name: '张三', amount: 100 * 10000 },
        { token: earner.token },
      );
      expect(w.code, w.msg).toBe(200);
      return w.data.id;
    };
    const [w1, w2] = [await withdraw(), await withdraw()];
    const cateId = (await s.api.call(api.forumCate)).data.list[0]!.id;
    const post = (await s.api.call(api.forumCreate, { content: '审计用的帖子', cate_id: cateId }, { token: user.token })).data;
    const post2 = (await s.api.call(api.forumCreate, { content: '要删除的帖子', cate_id: cateId }, { token: user.token })).data;
    expect((await s.api.call(api.reportCreate, { target_type: 'post', target_id: post.id, reason: '广告' }, { token: applicant.token })).code).toBe(200);
    expect((await s.api.call(api.adminAnchorApprove, { user_id: applicant.user.id }, t)).code).toBe(200);
    const room = await openRoom(s, applicant);
    const victim = await member(s);
    const words = (await s.api.call(api.adminWordAdd, { words: ['审计词'] }, t)).data.list;
    const spare = (await s.api.call(api.adminGiftSave, { name: '要下架的礼物', icon: '/static/gifts/x.png', url: '', price: 10000 }, t)).data.gift;

    const calls: [string, Record<string, unknown>, string][] = [
      ['adminSetFlags', { game_is_open: true }, ''],
      ['adminSendNotice', { user_id: user.user.id, title: '通知', content: '内容' }, `user:${user.user.id}`],
      ['adminCreateBulletin', { title: '公告', content: '内容' }, 'bulletin:'],
      ['adminAnchorReject', { user_id: rejected.user.id, reason: '资料不全' }, `user:${rejected.user.id}`],
      ['adminWithdrawApprove', { request_id: rid(), id: w1 }, `withdrawal:${w1}`],
      ['adminWithdrawReject', { request_id: rid(), id: w2, reason: '账号有误' }, `withdrawal:${w2}`],
      ['adminUserBan', { user_id: victim.user.id, scope: 'chat', minutes: 10, reason: '刷屏广告' }, `user:${victim.user.id}`],
      ['adminUserUnban', { user_id: victim.user.id, scope: 'chat' }, `user:${victim.user.id}`],
      ['adminUserResetPassword', { user_id: victim.user.id, password: 'newpass123' }, `user:${victim.user.id}`],
      ['adminReportDismiss', { type: 'post', id: post.id }, `post:${post.id}`],
      ['adminContentHide', { type: 'post', id: post.id, hidden: true }, `post:${post.id}`],
      ['adminContentDelete', { type: 'post', id: post2.id }, `post:${post2.id}`],
      ['adminWordAdd', { words: ['另一个词'] }, ''],
      ['adminWordRemove', { id: words.find((w) => w.word === '审计词')!.id }, 'word:'],
      ['adminRoomClose', { room_id: room.id, reason: '违规内容' }, `room:${room.id}`],
      [
        'adminAdjust',
        { request_id: rid(), user_id: user.user.id, account: 'coin', direction: 'credit', amount: 10000, reason: '补偿' },
        `user:${user.user.id}`,
      ],
      ['adminAnchorApprove', { user_id: rejected.user.id }, `user:${rejected.user.id}`],
      ['adminGiftSave', { name: '审计礼物', icon: '/static/gifts/x.png', url: '', price: 20000, sort: 3 }, 'gift:'],
      ['adminGiftDelete', { id: spare.id }, `gift:${spare.id}`],
      ['adminPackageSave', { name: '测试套餐', price_fen: 100, amount: 10 * 10000 }, 'package:'],
      ['adminWithdrawRulesSave', { min_amount: 100 * 10000, fee_bp: 200, platforms: ['bank', 'alipay', 'wechat'] }, ''],
      ['adminBannerSave', { title: '横幅', image: '/static/forum/banner1.svg', url: '/pages/forum/activeList' }, 'banner:'],
      ['adminCategorySave', { name: '审计分类' }, 'category:'],
      ['adminTopicSave', { name: '审计话题' }, 'topic:'],
      ['adminActivitySave', { title: '审计活动', start_at: '2026-01-01T00:00:00.000Z', end_at: '2026-02-01T00:00:00.000Z' }, 'activity:'],
    ];
    for (const [name, body, target] of calls) {
      const def = (api as Record<string, RouteDef>)[name]!;
      const r = await s.api.call(def, body, t);
      expect(r.code, `${name}: ${r.msg}`).toBe(200);
      const last = (await s.api.call(api.adminAudit, { size: 1 }, t)).data.list[0]!;
      expect(last.action, name).toBe(name);
      expect(last.operator?.id, name).toBe(op.user.id);
      expect(last.target.startsWith(target), `${name} target ${last.target}`).toBe(true);
      if (name === 'adminUserResetPassword') expect(last.detail.password).toBe('***');
    }
    // Every operator write route of the table was exercised (a new one needs its line above).
    const written = operatorRoutes()
      .filter(([, d]) => d.method !== 'GET')
      .map(([n]) => n);
    const ours = written.filter((n) =>
      /^admin(Anchor|Withdraw|User|Content|Word|Report|Room|Adjust|SetFlags|SendNotice|CreateBulletin|Gift|Package|Banner|Category|Topic|Activity)/.test(n),
    );
    // (The multipart animation upload is checked for its audit entry in live.giftfx.test.ts.)
    expect(ours.filter((n) => !calls.some(([c]) => c === n) && n !== 'adminGiftAnimation')).toEqual([]);

    // The log filters by action and target.
    const bans = (await s.api.call(api.adminAudit, { action: 'adminUserBan' }, t)).data;
    expect(bans.list.every((e) => e.action === 'adminUserBan')).toBe(true);
    expect(bans.list[0]!.detail).toMatchObject({ scope: 'chat', minutes: 10, reason: '刷屏广告' });
    const onVictim = (await s.api.call(api.adminAudit, { target: `user:${victim.user.id}` }, t)).data;
    expect(onVictim.list.map((e) => e.action).sort()).toEqual(['adminUserBan', 'adminUserResetPassword', 'adminUserUnban']);
  });

  it('audits the admin command line too (no operator account: the console shows CLI)', async () => {
    const mobile = freshMobile();
    const u = await s.api.register(mobile);
    // The command line migrates before it acts: under the schema lock (testServer.ts).
    const cli = (...args: string[]) =>
      underSchemaLock('migrate', async () =>
        spawnSync(process.execPath, [...bundled('admin'), ...args], {
          env: { ...process.env, DATA_DIR: s.config.dataDir, DATABASE_URL: s.config.databaseUrl ?? '', DATABASE_SCHEMA: s.config.databaseSchema ?? '' },
          encoding: 'utf8',
          timeout: 60_000,
        }),
      );
    const run = await cli('operator', 'add', mobile, 'support');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('is now an operator: support');
    const last = (await s.api.call(api.adminAudit, { target: `user:${u.user.id}` }, { token: op.token })).data.list[0]!;
    expect(last).toMatchObject({ operator: null, action: 'cli:operator add', ip: 'cli', detail: { mobile, role: 'support' } });
    expect((await s.api.call(api.adminMe, {}, { token: u.token })).data.role).toBe('support');
    // An operator who lost their phone: the authenticator is removed from the command line, audited.
    const enrolled = await s.api.call(api.admin2faSetup, {}, { token: u.token });
    expect(enrolled.code, enrolled.msg).toBe(200);
    const reset = await cli('operator', '2fa-reset', mobile);
    expect(reset.status, reset.stderr).toBe(0);
    const again = (await s.api.call(api.adminAudit, { target: `user:${u.user.id}` }, { token: op.token })).data.list[0]!;
    expect(again).toMatchObject({ operator: null, action: 'cli:operator 2fa-reset', ip: 'cli', detail: { mobile } });
    expect((await cli('operator', 'add', mobile, 'janitor')).status).toBe(1);
  }, 90_000);

  it('cannot serve an operator write route without the audit hook', () => {
    const bare = Fastify();
    expect(() => serve(bare, api.adminUserBan, { sessions: s.services.sessions, dev: true }, async () => s.services.admin.users.one(op.user.id))).toThrow(
      /audit hook/,
    );
    // Reads need none.
    const guarded = { sessions: s.services.sessions, dev: true, operators: s.services.operators };
    expect(() => serve(bare, api.adminUsers, guarded, ({ query }) => s.services.admin.users.list(query))).not.toThrow();
    // Nor can any operator route be served without the role guard.
    expect(() => serve(bare, api.adminAudit, { sessions: s.services.sessions, dev: true }, ({ query }) => s.services.admin.audit(query))).toThrow(/role guard/);
    void bare.close();
  });

  it('does not audit a refused action', async () => {
    const t = { token: op.token };
    const before = (await s.api.call(api.adminAudit, { size: 1 }, t)).data.total;
    expect((await s.api.call(api.adminUserBan, { user_id: 999999, scope: 'chat', minutes: 5, reason: '不存在的人' }, t)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await s.api.call(api.adminUserBan, { user_id: op.user.id, scope: 'login', minutes: 5, reason: '封自己' }, t)).code).toBe(ErrorCode.FORBIDDEN);
    expect((await s.api.call(api.adminAudit, { size: 1 }, t)).data.total).toBe(before);
  });
});

describe('bad input is refused clearly', () => {
  const bad: [string, Record<string, unknown>, string][] = [
    ['adminUserBan', { user_id: 1, scope: 'forever', minutes: 5, reason: '原因原因' }, 'scope'],
    ['adminUserBan', { user_id: 1, scope: 'chat', minutes: 0, reason: '原因原因' }, 'minutes'],
    ['adminUserBan', { user_id: 1, scope: 'chat', minutes: 9_999_999, reason: '原因原因' }, 'minutes'],
    ['adminUserBan', { user_id: 1, scope: 'chat', minutes: 5 }, 'reason'],
    ['adminUserBan', { user_id: 'abc', scope: 'chat', minutes: 5, reason: '原因原因' }, 'user_id'],
    ['adminUserBan', { user_id: 1, scope: 'chat', minutes: 5, reason: '原因原因', extra: 1 }, 'extra'],
    ['adminUserResetPassword', { user_id: 1, password: '123' }, 'password'],
    ['adminContentHide', { type: 'tweet', id: 1 }, 'type'],
    ['adminContentDelete', { type: 'post', id: -3 }, 'id'],
    ['adminWordAdd', { words: [] }, 'words'],
    ['adminWordAdd', { words: ['这是一个超过二十个字的非常非常非常长的敏感词呀'] }, 'words.0'],
    ['adminAdjust', { request_id: rid(), user_id: 1, account: 'coin', direction: 'credit', amount: 1.5, reason: '补偿' }, 'amount'],
    ['adminAdjust', { request_id: rid(), user_id: 1, account: 'coin', direction: 'credit', amount: 10000 }, 'reason'],
    ['adminAdjust', { request_id: rid(), user_id: 1, account: 'frozen', direction: 'credit', amount: 10000, reason: '补偿' }, 'account'],
    ['adminAdjust', { request_id: 'x', user_id: 1, account: 'coin', direction: 'credit', amount: 10000, reason: '补偿' }, 'request_id'],
    ['adminRoomClose', { room_id: 1 }, 'reason'],
    ['adminWithdrawReject', { request_id: rid(), id: 1, reason: '' }, 'reason'],
    ['adminAnchorReject', { user_id: 1 }, 'reason'],
    ['adminSendNotice', { title: '', content: 'x' }, 'title'],
    ['adminGiftSave', { name: '玫瑰', icon: 'javascript:alert(1)', url: '', price: 10000 }, 'icon'],
    ['adminGiftSave', { name: '玫瑰', icon: '/static/gifts/x.png', url: '', price: 0 }, 'price'],
    ['adminGiftSave', { name: '', icon: '/static/gifts/x.png', url: '', price: 10000 }, 'name'],
    ['adminPackageSave', { name: '套餐', price_fen: 0, amount: 10000 }, 'price_fen'],
    ['adminPackageSave', { name: '套餐', price_fen: 600, amount: -1 }, 'amount'],
    ['adminBannerSave', { title: '横幅', image: '/a.png', url: 'javascript:alert(1)' }, 'url'],
    ['adminCategorySave', { name: '' }, 'name'],
    ['adminWithdrawRulesSave', { min_amount: 15000, fee_bp: 200, platforms: ['bank'] }, 'min_amount'],
    ['adminWithdrawRulesSave', { min_amount: 10000, fee_bp: 9000, platforms: ['bank'] }, 'fee_bp'],
    ['adminWithdrawRulesSave', { min_amount: 10000, fee_bp: 0, platforms: [] }, 'platforms'],
    ['adminTopicSave', { name: '话题', cover: 'ftp://x' }, 'cover'],
    ['adminActivitySave', { title: '活动', start_at: 'tomorrow', end_at: '2026-02-01T00:00:00.000Z' }, 'start_at'],
    ['adminActivitySave', { title: '活动', start_at: '2026-03-01T00:00:00.000Z', end_at: '2026-02-01T00:00:00.000Z' }, 'end_at'],
  ];
  it.each(bad)('%s %j → 400 naming %s', async (name, body, field) => {
    const r = await s.api.call((api as Record<string, RouteDef>)[name]!, body, { token: op.token });
    expect(r.status).toBe(400);
    expect(r.code).toBe(ErrorCode.VALIDATION);
    expect(r.msg.startsWith(`${field}:`), r.msg).toBe(true);
  });

  it('refuses bad list queries the same way', async () => {
    const r = await s.api.call(api.adminLedger, { user_id: 'me' }, { token: op.token });
    expect([r.status, r.code]).toEqual([400, ErrorCode.VALIDATION]);
    expect(r.msg).toMatch(/^user_id:/);
    const size = await s.api.call(api.adminUsers, { size: 500 }, { token: op.token });
    expect([size.status, size.code]).toEqual([400, ErrorCode.VALIDATION]);
  });
});
