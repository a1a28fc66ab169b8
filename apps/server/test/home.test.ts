import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type Session } from '@app/contract';
import { catalogs } from '@app/locale';
import { addNotice, addOperator } from '../src/cli/commands.js';
import { DEMO_USER } from '../src/demo/seed.js';
import { seedDemo } from '../src/demo/seed.js';
import { freshMobile } from '@app/testkit';
import { quickSession } from './helpers/members.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

let s: TestServer;
let operator: Session;
beforeAll(async () => {
  s = await startTestServer();
  const mobile = freshMobile();
  operator = await s.api.register(mobile);
  await addOperator(s.deps.db, mobile);
});
afterAll(async () => {
  await s?.close();
});

describe('config', () => {
  it('serves common_config with the §3 fields, demo gifts and icons that load', async () => {
    const r = await s.api.call(api.commonConfig);
    expect(r.data).toMatchObject({ video_is_open: true, game_is_open: true, app_open_key: '', default_lang: 'zh-CN', remote_gift: '/static/gifts/' });
    expect(r.data.app_version).toMatchObject({ version: '1.8.1', code: 181, force: false });
    expect(r.data.gift.length).toBeGreaterThanOrEqual(4);
    const icon = await fetch(`${s.url}${r.data.gift[0]!.icon}`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('lets an operator turn the sections off and on', async () => {
    const off = await s.api.call(api.adminSetFlags, { video_is_open: false }, { token: operator.token });
    expect(off.data).toEqual({ video_is_open: false, game_is_open: true });
    expect((await s.api.call(api.commonConfig)).data.video_is_open).toBe(false);
    await s.api.call(api.adminSetFlags, { video_is_open: true, game_is_open: false }, { token: operator.token });
    const cfg = (await s.api.call(api.commonConfig)).data;
    expect([cfg.video_is_open, cfg.game_is_open]).toEqual([true, false]);
    const bad = await s.api.call(api.adminSetFlags, { video_is_open: 'yes' }, { token: operator.token });
    expect([bad.status, bad.code]).toEqual([400, ErrorCode.VALIDATION]);
    expect(bad.msg).toMatch(/^video_is_open: /);
    await s.api.call(api.adminSetFlags, { game_is_open: true }, { token: operator.token });
  });

  it('serves the language packs from @app/locale, and refuses other languages or types', async () => {
    const zh = await s.api.call(api.languagePack, { lang: 'zh-CN', type: 1 });
    expect(zh.data.data).toEqual(catalogs['zh-CN']);
    expect(zh.data.version).toMatch(/^[0-9a-f]{12}$/);
    const en = await s.api.call(api.languagePack, { lang: 'en', type: 1 });
    expect(en.data.data).toEqual(catalogs.en);
    const fr = await s.api.call(api.languagePack, { lang: 'fr', type: 1 });
    expect([fr.status, fr.code]).toEqual([400, ErrorCode.VALIDATION]);
    expect(fr.msg).toMatch(/^lang: /);
    const t2 = await s.api.call(api.languagePack, { lang: 'en', type: 2 });
    expect(t2.msg).toMatch(/^type: /);
    const noLang = await s.api.call(api.currency, {});
    expect(noLang.msg).toMatch(/^lang: /);
  });

  it('seeds once: a second seed run changes nothing', async () => {
    const count = async () =>
      Number(
        (
          await s.deps.db.kysely
            .selectFrom('bulletins')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    expect(await seedDemo(s.deps.db)).toBe(false);
    expect(await count()).toBe(before);
  });
});

describe('guests', () => {
  it('gives the same device the same guest, and a different device another', async () => {
    const a1 = await s.api.call(api.visitor, undefined, { headers: { Device: 'device-aaaa-0001' } });
    const a2 = await s.api.call(api.visitor, undefined, { headers: { Device: 'device-aaaa-0001' } });
    const b = await s.api.call(api.visitor, undefined, { headers: { Device: 'device-bbbb-0002' } });
    expect(a1.data.user.is_guest).toBe(true);
    expect(a1.data.user.role).toBe('guest');
    expect(a1.data.user.nickname).toMatch(/^游客\d{6}$/);
    expect(a2.data.user.id).toBe(a1.data.user.id);
    expect(a2.data.token).not.toBe(a1.data.token);
    expect(b.data.user.id).not.toBe(a1.data.user.id);
    expect((await s.api.call(api.userInfo, undefined, { token: a1.data.token })).data.is_guest).toBe(true);
  });

  it('makes one guest of a device asking several times at once', async () => {
    const device = `device-race-${Date.now().toString(36)}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => s.api.call(api.visitor, undefined, { headers: { Device: device } })));
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.data.user.id)).size).toBe(1);
  });

  it('needs a Device header', async () => {
    const r = await s.api.call(api.visitor);
    expect([r.status, r.code]).toEqual([400, ErrorCode.VALIDATION]);
    expect(r.msg).toMatch(/^Device: /);
    const tooShort = await s.api.call(api.visitor, undefined, { headers: { Device: 'abc' } });
    expect(tooShort.msg).toMatch(/^Device: /);
  });

  it('verifies a guest token: valid while live, not for members or revoked tokens', async () => {
    const g = (await s.api.call(api.visitor, undefined, { headers: { Device: 'device-cccc-0003' } })).data;
    const ok = await s.api.call(api.verifyVisitor, { token: g.token });
    expect(ok.data.valid).toBe(true);
    expect(ok.data.session?.user.id).toBe(g.user.id);
    expect((await s.api.call(api.verifyVisitor, { token: 'nope' })).data).toEqual({ valid: false, session: null });
    const member = (await s.api.login(DEMO_USER.mobile, DEMO_USER.password)).data;
    expect((await s.api.call(api.verifyVisitor, { token: member.token })).data.valid).toBe(false);
    await s.api.call(api.logout, undefined, { token: g.token });
    expect((await s.api.call(api.verifyVisitor, { token: g.token })).data.valid).toBe(false);
    const bad = await s.api.call(api.verifyVisitor, { token: 5 });
    expect([bad.status, bad.msg.startsWith('token: ')]).toEqual([400, true]);
    const missing = await s.api.call(api.verifyVisitor, {});
    expect(missing.msg).toMatch(/^token: /);
  });
});

describe('bulletins', () => {
  it('lists pinned first then newest, pages, and fetches one by id', async () => {
    const created = await s.api.call(api.adminCreateBulletin, { title: '新功能上线', content: '私信功能已上线，快去试试吧。' }, { token: operator.token });
    expect(created.data).toMatchObject({ title: '新功能上线', pinned: false });
    const page = await s.api.call(api.bulletin, { page: 1, size: 2 });
    expect(page.data.list).toHaveLength(2);
    expect(page.data.list[0]!.pinned).toBe(true);
    expect(page.data.list[1]!.id).toBe(created.data.id);
    expect(page.data).toMatchObject({ total: 4, page: 1, size: 2, has_more: true });
    const last = await s.api.call(api.bulletin, { page: 2, size: 2 });
    expect(last.data.has_more).toBe(false);
    const one = await s.api.call(api.bulletin, { id: created.data.id });
    expect(one.data.list).toEqual([created.data]);
    expect((await s.api.call(api.bulletin, { id: 99999 })).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuses bad paging and bad bulletins, naming the field', async () => {
    for (const [q, field] of [
      [{ size: 51 }, 'size'],
      [{ page: 0 }, 'page'],
      [{ page: 'x' }, 'page'],
      [{ id: -1 }, 'id'],
    ] as const) {
      const r = await s.api.call(api.bulletin, q);
      expect([r.status, r.code], JSON.stringify(q)).toEqual([400, ErrorCode.VALIDATION]);
      expect(r.msg.startsWith(`${field}: `), r.msg).toBe(true);
    }
    const before = (await s.api.call(api.bulletin)).data.total;
    for (const [body, field] of [
      [{ title: '', content: 'c' }, 'title'],
      [{ content: 'c' }, 'title'],
      [{ title: 't', content: 'c', pinned: 'yes' }, 'pinned'],
      [{ title: 't', content: 'c', author: 'me' }, 'author'],
    ] as const) {
      const r = await s.api.call(api.adminCreateBulletin, body, { token: operator.token });
      expect(r.msg.startsWith(`${field}: `), r.msg).toBe(true);
    }
    expect((await s.api.call(api.bulletin)).data.total).toBe(before);
  });
});

describe('statistics', () => {
  it('counts ad clicks, with the user when known, and refuses bad input', async () => {
    const member = (await s.api.login(DEMO_USER.mobile, DEMO_USER.password)).data;
    expect((await s.api.call(api.statistics, { ad_id: 7 })).data).toEqual({ counted: true });
    expect((await s.api.call(api.statistics, { ad_id: 7, source: 'forum' }, { token: member.token })).code).toBe(200);
    const rows = await s.deps.db.kysely.selectFrom('ad_clicks').selectAll().where('ad_id', '=', 7).orderBy('id').execute();
    expect(rows.map((r) => [r.source, r.user_id])).toEqual([
      ['home', null],
      ['forum', member.user.id],
    ]);
    const bad = await s.api.call(api.statistics, { ad_id: 'abc' });
    expect(bad.msg).toMatch(/^ad_id: /);
    const badSource = await s.api.call(api.statistics, { ad_id: 1, source: 'tv' });
    expect(badSource.msg).toMatch(/^source: /);
    expect(await s.deps.db.kysely.selectFrom('ad_clicks').selectAll().execute()).toHaveLength(2);
  });
});

describe('messages', () => {
  it('lists the demo notices newest first with the unread count, and marks them read', async () => {
    const member = (await s.api.login(DEMO_USER.mobile, DEMO_USER.password)).data;
    const list = await s.api.call(api.messageFetch, { page: 1, size: 10 }, { token: member.token });
    expect(list.data.list.length).toBeGreaterThanOrEqual(3);
    expect(list.data.unread).toBe(list.data.list.filter((n) => !n.is_read).length);
    const ids = list.data.list.map((n) => n.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const one = await s.api.call(api.messageRead, { ids: [ids[0]] }, { token: member.token });
    expect(one.data.unread).toBe(list.data.unread - 1);
    // Someone else's notice ids are ignored.
    const stranger = await quickSession(s);
    await s.api.call(api.messageRead, { ids }, { token: stranger.token });
    expect((await s.api.call(api.messageFetch, {}, { token: member.token })).data.unread).toBe(list.data.unread - 1);
    expect((await s.api.call(api.messageRead, { all: true }, { token: member.token })).data.unread).toBe(0);
    expect((await s.api.call(api.userInfo, undefined, { token: member.token })).data.message_count).toBe(0);
  });

  it('shows a notice written by the admin CLI, and the CLI refuses unknown numbers', async () => {
    const mobile = freshMobile();
    const user = await s.api.register(mobile);
    await addNotice(s.deps.db, mobile, '客服回复', '您的问题已处理');
    const list = await s.api.call(api.messageFetch, {}, { token: user.token });
    expect(list.data.list[0]).toMatchObject({ title: '客服回复', content: '您的问题已处理', is_read: false });
    expect(list.data.unread).toBe(1);
    await expect(addNotice(s.deps.db, '13000000000', 't', 'c')).rejects.toThrow(/未注册/);
    await expect(addOperator(s.deps.db, '13000000000')).rejects.toThrow(/未注册/);
  });

  it('refuses bad read requests naming the field, and guests', async () => {
    const member = (await s.api.login(DEMO_USER.mobile, DEMO_USER.password)).data;
    for (const [body, field] of [
      [{}, 'ids'],
      [{ ids: [] }, 'ids'],
      [{ ids: ['a'] }, 'ids.0'],
      [{ ids: [1], extra: 1 }, 'extra'],
      [{ all: 'yes' }, 'all'],
    ] as const) {
      const r = await s.api.call(api.messageRead, body, { token: member.token });
      expect([r.status, r.code], JSON.stringify(body)).toEqual([400, ErrorCode.VALIDATION]);
      expect(r.msg.startsWith(`${field}: `), r.msg).toBe(true);
    }
    const guest = await s.api.call(api.visitor, undefined, { headers: { Device: 'device-msg-guest' } });
    const r = await s.api.call(api.messageFetch, {}, { token: guest.data.token });
    expect([r.status, r.code]).toEqual([401, ErrorCode.GUEST_NOT_ALLOWED]);
  });
});
