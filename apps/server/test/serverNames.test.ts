/**
 * Server-owned names per language and records/notices as kind + parameters, over HTTP: categories,
 * gifts, recharge packages and badges carry English; operators change it in the console (a gift's
 * bumps gift_version); wallet records and notices carry what a client renders them from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Session } from '@app/contract';
import { freshMobile } from '@app/testkit';
import { DEMO_USER } from '../src/demo/seed.js';
import { paramsFromRemark } from '../src/db/migrations/0015_server_owned_names.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { anchor, operator } from './roomHarness.js';
import { rid } from './financeHelpers.js';

let s: TestServer;
let op: Session;
const t = () => ({ token: op.token });

beforeAll(async () => {
  s = await startTestServer();
  op = await operator(s);
});
afterAll(async () => s?.close());

describe('names per language', () => {
  it('every shipped category, gift, package and badge has its English', async () => {
    const [live, video, forum, config, packages] = await Promise.all([
      s.api.call(api.roomCategories),
      s.api.call(api.videoCates),
      s.api.call(api.forumCate),
      s.api.call(api.commonConfig),
      s.api.call(api.rechargeCategory, {}, t()),
    ]);
    for (const r of [live, video, forum, config, packages]) expect([r.code, r.msg]).toEqual([200, r.msg]);
    expect(live.data.list.map((c) => [c.name, c.names.en])).toContainEqual(['唱歌', 'Singing']);
    expect(video.data.list.every((c) => c.names.en)).toBe(true);
    expect(forum.data.list.every((c) => c.names.en)).toBe(true);
    expect(config.data.gift.map((g) => g.names.en)).toEqual(['Lollipop', 'Rose', 'Heart', 'Sports car', 'Rocket', 'Crown', 'Golden dragon']);
    expect(packages.data.list.map((p) => p.names.en)).toContain('1280 coins');
    expect(packages.data.list.filter((p) => p.tag).map((p) => p.tag_names.en)).toEqual(['Popular', 'Best value']);
  });

  it('an operator changes a gift English in the console; clients are told to reload the gifts', async () => {
    const before = (await s.api.call(api.commonConfig)).data;
    const names = (await s.api.call(api.adminNames, {}, t())).data.list;
    expect(names.some((n) => n.kind === 'live_category' && n.en === 'Singing')).toBe(true);
    const rose = names.find((n) => n.kind === 'gift' && n.name === '玫瑰')!;
    const saved = await s.api.call(api.adminNameSave, { kind: 'gift', id: rose.id, en: 'Red rose' }, t());
    expect(saved.data).toEqual({ ...rose, en: 'Red rose' });
    const after = (await s.api.call(api.commonConfig)).data;
    expect(after.gift.find((g) => g.gift_id === rose.id)!.names).toEqual({ en: 'Red rose' });
    expect(after.app_version.gift_version).toBe(before.app_version.gift_version + 1);
    // "" removes a translation; an unknown row and a non-operator are refused.
    await s.api.call(api.adminNameSave, { kind: 'package_tag', id: names.find((n) => n.kind === 'package_tag')!.id, en: '' }, t());
    expect((await s.api.call(api.rechargeCategory, {}, t())).data.list.filter((p) => p.tag).map((p) => p.tag_names)).toContainEqual({});
    expect((await s.api.call(api.adminNameSave, { kind: 'gift', id: 99999, en: 'x' }, t())).msg).toContain('id');
    const member = await s.api.register(freshMobile());
    expect((await s.api.call(api.adminNameSave, { kind: 'gift', id: rose.id, en: 'x' }, { token: member.token })).code).not.toBe(200);
  });
});

describe('records and notices carry a kind and parameters', () => {
  it('a check-in record says which day; the demo account notices name their templates', async () => {
    const demo = (await s.api.login(DEMO_USER.mobile, DEMO_USER.password)).data;
    expect((await s.api.call(api.checkIn, { request_id: rid() }, { token: demo.token })).code).toBe(200);
    const rec = (await s.api.call(api.userMoneyChange, { type: 'check_in' }, { token: demo.token })).data.list[0]!;
    expect([rec.remark, rec.params]).toEqual(['签到第1天', { day: 1 }]);
    const notices = (await s.api.call(api.messageFetch, { page: 1, size: 10 }, { token: demo.token })).data.list;
    expect(notices.map((n) => n.kind).sort()).toEqual(['newcomer_gift', 'security_tip', 'welcome']);
  });

  it('an approved anchor application is a notice of kind anchor_approved', async () => {
    const who = await anchor(s, op);
    const n = (await s.api.call(api.messageFetch, { page: 1, size: 5 }, { token: who.token })).data.list[0]!;
    expect([n.kind, n.title]).toEqual(['anchor_approved', '主播申请已通过']);
  });

  it('rows written before parameters get theirs from the zh-CN remark', () => {
    expect(paramsFromRemark('check_in', '签到第3天')).toEqual({ day: 3 });
    expect(paramsFromRemark('recharge_bonus', '680金币 赠送')).toEqual({ coins: 680 });
    expect(paramsFromRemark('gift', '玫瑰×10')).toEqual({ gift: '玫瑰', count: 10 });
    expect(paramsFromRemark('withdraw_freeze', '提现至支付宝 138****0000')).toEqual({ platform: 'alipay', account: '138****0000' });
    expect(paramsFromRemark('collect', '领取礼物收益')).toEqual({});
  });
});

describe('notice templates', () => {
  it('an operator rewords a template per language; clients get it in the language pack, whose version changes', async () => {
    const before = (await s.api.call(api.languagePack, { lang: 'en', type: 1 })).data;
    const list = (await s.api.call(api.adminNoticeTemplates, {}, t())).data.list;
    expect(list.find((x) => x.kind === 'anchor_approved' && x.lang === 'en')).toMatchObject({ title: 'Host application approved', edited: false });
    const saved = await s.api.call(api.adminNoticeTemplateSave, { kind: 'anchor_approved', lang: 'en', title: 'You are a host now', content: '' }, t());
    expect(saved.data).toMatchObject({ title: 'You are a host now', content: 'Congratulations, you are now a host: go live whenever you like!', edited: true });
    const after = (await s.api.call(api.languagePack, { lang: 'en', type: 1 })).data;
    expect((after.data as { notices: { anchor_approved: { title: string } } }).notices.anchor_approved.title).toBe('You are a host now');
    expect(after.version).not.toBe(before.version);
    // The other language is untouched; both texts "" go back to the shipped one.
    const zh = (await s.api.call(api.languagePack, { lang: 'zh-CN', type: 1 })).data;
    expect((zh.data as { notices: { anchor_approved: { title: string } } }).notices.anchor_approved.title).toBe('主播申请已通过');
    await s.api.call(api.adminNoticeTemplateSave, { kind: 'anchor_approved', lang: 'en', title: '', content: '' }, t());
    expect((await s.api.call(api.languagePack, { lang: 'en', type: 1 })).data.version).toBe(before.version);
  });

  it('lists the lucky bag and live preview notices too; rewording one keeps the prize texts its content is built with', async () => {
    const list = (await s.api.call(api.adminNoticeTemplates, {}, t())).data.list;
    for (const kind of ['lucky_bag_won', 'live_preview'] as const)
      for (const lang of ['zh-CN', 'en'] as const)
        expect(
          list.some((x) => x.kind === kind && x.lang === lang),
          `${kind} ${lang}`,
        ).toBe(true);
    const saved = await s.api.call(
      api.adminNoticeTemplateSave,
      { kind: 'lucky_bag_won', lang: 'zh-CN', title: '福袋开奖：你中了', content: '「{{name}}」的福袋：{{prize}}' },
      t(),
    );
    expect(saved.data).toMatchObject({ title: '福袋开奖：你中了', edited: true });
    const pack = (await s.api.call(api.languagePack, { lang: 'zh-CN', type: 1 })).data.data as { notices: { lucky_bag_won: Record<string, string> } };
    expect(pack.notices.lucky_bag_won).toMatchObject({
      title: '福袋开奖：你中了',
      content: '「{{name}}」的福袋：{{prize}}',
      coins: '{{coins}}金币',
      gift: '礼物「{{gift}}」',
    });
    await s.api.call(api.adminNoticeTemplateSave, { kind: 'lucky_bag_won', lang: 'zh-CN', title: '', content: '' }, t());
  });
});
