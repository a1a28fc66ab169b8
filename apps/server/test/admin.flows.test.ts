/**
 * What the console's actions do to the rest of the platform, over real HTTP and sockets: bans bite
 * (chat, post, login, live), hidden content leaves the feeds, reports, the sensitive-word list,
 * correcting transfers through the ledger, recharge orders with callbacks, and the dashboard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type Session } from '@app/contract';
import { isSound } from '../src/modules/finance/ledger/invariants.js';
import { freshMobile } from '@app/testkit';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { rechargeHttp, rid } from './financeHelpers.js';
import { connectHall, connected, next as hallNext } from './helpers/hallClient.js';
import { postSdp, weriftOffer } from './mediaHarness.js';
import { anchor, closeSockets, connectRoom, join, member, openRoom, operator, ownedRoom, send } from './roomHarness.js';

let s: TestServer;
let op: Session;
let cateId: number;
const t = () => ({ token: op.token });

beforeAll(async () => {
  s = await startTestServer();
  op = await operator(s);
  cateId = (await s.api.call(api.forumCate)).data.list[0]!.id;
});
afterAll(async () => {
  closeSockets();
  await s?.close();
});

const ban = async (userId: number, scope: string, minutes = 30) => {
  const r = await s.api.call(api.adminUserBan, { user_id: userId, scope, minutes, reason: '违反社区规范' }, t());
  expect(r.code, r.msg).toBe(200);
  return r.data;
};
const unban = async (userId: number, scope: string) => expect((await s.api.call(api.adminUserUnban, { user_id: userId, scope }, t())).code).toBe(200);
const post = (who: Session, content = '一条普通的帖子') => s.api.call(api.forumCreate, { content, cate_id: cateId }, { token: who.token });
const dm = (from: Session, to: Session) =>
  s.api.call(api.chatSend, { to_user_id: to.user.id, client_id: `c${rid()}`, type: 'text', content: '你好' }, { token: from.token });

describe('bans bite', () => {
  it('a chat ban stops private messages and room chat until it is lifted, and the console lists it', async () => {
    const [victim, friend, host] = await Promise.all([member(s), member(s), anchor(s, op)]);
    const room = await openRoom(s, host);
    const sock = await connectRoom(s, victim);
    await join(sock, room.id);
    const banned = await ban(victim.user.id, 'chat');
    expect(banned.bans.map((b) => b.scope)).toEqual(['chat']);
    // They are told why and until when.
    const notice = (await s.api.call(api.messageFetch, { page: 1, size: 5 }, { token: victim.token })).data.list[0]!;
    expect([notice.title, notice.content.includes('违反社区规范')]).toEqual(['你已被禁言', true]);
    const refused = await dm(victim, friend);
    expect(refused.code).toBe(ErrorCode.BANNED_CHAT);
    expect(refused.msg).toContain('至');
    expect((await send(sock, 'chat', { text: '大家好', danmaku: false })).code).toBe(ErrorCode.BANNED_CHAT);
    // The console finds banned users.
    const list = (await s.api.call(api.adminUsers, { banned: '1', keyword: victim.user.nickname }, t())).data.list;
    expect(list.map((u) => u.id)).toEqual([victim.user.id]);
    // Other scopes are untouched: the banned user still posts.
    expect((await post(victim)).code).toBe(200);
    await unban(victim.user.id, 'chat');
    expect((await dm(victim, friend)).code).toBe(200);
    expect((await send(sock, 'chat', { text: '大家好', danmaku: false })).code).toBe(200);
  });

  it('a post ban stops posts and comments', async () => {
    const [victim, other] = await Promise.all([member(s), member(s)]);
    const target = (await post(other)).data;
    await ban(victim.user.id, 'post');
    expect((await post(victim)).code).toBe(ErrorCode.BANNED_POST);
    expect((await s.api.call(api.forumCreateComment, { post_id: target.id, content: '评论' }, { token: victim.token })).code).toBe(ErrorCode.BANNED_POST);
    expect((await dm(victim, other)).code).toBe(200);
    await unban(victim.user.id, 'post');
    expect((await post(victim)).code).toBe(200);
  });

  it('a login ban ends every session at once and refuses logging in until lifted', async () => {
    const mobile = freshMobile();
    const victim = await s.api.register(mobile, 'abc12345');
    expect((await s.api.call(api.userInfo, {}, { token: victim.token })).code).toBe(200);
    await ban(victim.user.id, 'login', 60);
    const after = await s.api.call(api.userInfo, {}, { token: victim.token });
    expect([after.status, after.code]).toEqual([401, ErrorCode.ACCOUNT_DISABLED]);
    const login = await s.api.login(mobile, 'abc12345');
    expect(login.code).toBe(ErrorCode.ACCOUNT_DISABLED);
    await unban(victim.user.id, 'login');
    expect((await s.api.login(mobile, 'abc12345')).code).toBe(200);
  });

  it('a login ban cuts what was issued before it: API tokens, hall and room sockets, media tokens and media sessions', async () => {
    const victim = await anchor(s, op);
    const room = await openRoom(s, victim);
    const roomSock = await connectRoom(s, victim);
    await join(roomSock, room.id);
    // They also watch someone else's room, with a play token.
    const { room: other } = await ownedRoom(s, op);
    const watchSock = await connectRoom(s, victim);
    await join(watchSock, other.id);
    const hall = connectHall(s.url, { uuid: victim.user.uuid, token: victim.token });
    await connected(hall);
    const pub = (await s.api.call(api.roomMedia, { room_id: room.id, kind: 'publish' }, { token: victim.token })).data;
    const play = (await s.api.call(api.roomMedia, { room_id: other.id, kind: 'play' }, { token: victim.token })).data;
    const whip = `${s.url}/api/media/whip/${room.id}/anchor`;
    const offer = await weriftOffer('publish');
    try {
      const published = await postSdp(whip, offer.sdp, pub.token);
      expect(published.status).toBe(201);
      const mediaSession = `${s.url}${published.headers.get('location')!}`;

      const hallEnded = hallNext(hall, 'sessionEnd');
      const roomGone = Promise.all(
        [roomSock, watchSock].map(
          (sock) =>
            new Promise((resolve, reject) => {
              const t = setTimeout(() => reject(new Error('room socket not disconnected within 5 s')), 5000);
              sock.once('disconnect', () => resolve(clearTimeout(t)));
            }),
        ),
      );
      await ban(victim.user.id, 'login', 60);
      expect((await hallEnded).code).toBe(ErrorCode.ACCOUNT_DISABLED);
      await roomGone;
      const after = await s.api.call(api.userInfo, {}, { token: victim.token });
      expect([after.status, after.code]).toEqual([401, ErrorCode.ACCOUNT_DISABLED]);
      // Media tokens issued before the ban no longer authorize; the live publish session is gone.
      expect((await postSdp(whip, offer.sdp, pub.token)).status).toBe(403);
      expect(await s.services.roomMedia.authorize('play', String(other.id), undefined, play.token)).toBe(false);
      expect((await fetch(mediaSession, { method: 'DELETE' })).status).toBe(404);
      // The room channel refuses their token at the handshake.
      await expect(connectRoom(s, victim)).rejects.toThrow();
    } finally {
      hall.close();
      await offer.close();
    }
  });

  it('a live ban ends the anchor’s live now and refuses room/open', async () => {
    const host = await anchor(s, op);
    const room = await openRoom(s, host);
    await ban(host.user.id, 'live');
    expect((await s.api.call(api.roomInfo, { room_id: room.id })).data.status).toBe('closed');
    const again = await s.api.call(api.roomOpen, { title: '再开一次', category_id: room.category_id }, { token: host.token });
    expect(again.code).toBe(ErrorCode.BANNED_LIVE);
    await unban(host.user.id, 'live');
    expect((await s.api.call(api.roomOpen, { title: '再开一次', category_id: room.category_id }, { token: host.token })).code).toBe(200);
  });

  it('ending a live from the console tells its anchor why', async () => {
    const host = await anchor(s, op);
    const room = await openRoom(s, host);
    expect((await s.api.call(api.adminRooms, {}, t())).data.list.map((r) => r.id)).toContain(room.id);
    expect((await s.api.call(api.adminRoomClose, { room_id: room.id, reason: '直播内容违规' }, t())).data.closed).toBe(true);
    expect((await s.api.call(api.roomInfo, { room_id: room.id })).data.status).toBe('closed');
    const notice = (await s.api.call(api.messageFetch, { page: 1, size: 5 }, { token: host.token })).data.list[0]!;
    expect(notice.content).toContain('直播内容违规');
    expect((await s.api.call(api.adminRoomClose, { room_id: room.id, reason: '再关一次' }, t())).data.closed).toBe(false);
    expect((await s.api.call(api.adminRoomClose, { room_id: 999999, reason: '不存在的房间' }, t())).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('a password reset ends the sessions; the new password logs in', async () => {
    const mobile = freshMobile();
    const victim = await s.api.register(mobile, 'abc12345');
    expect((await s.api.call(api.adminUserResetPassword, { user_id: victim.user.id, password: 'fresh9876' }, t())).code).toBe(200);
    expect((await s.api.call(api.userInfo, {}, { token: victim.token })).code).toBe(ErrorCode.TOKEN_REVOKED);
    expect((await s.api.login(mobile, 'abc12345')).code).toBe(ErrorCode.ACCOUNT_OR_PASSWORD_WRONG);
    expect((await s.api.login(mobile, 'fresh9876')).code).toBe(200);
  });
});

describe('content moderation', () => {
  it('a reported post is listed with its report; hiding it removes it from feeds and resolves the report; showing brings it back', async () => {
    const [author, reporter, reader] = await Promise.all([member(s), member(s), member(s)]);
    const p = (await post(author, `要被隐藏的帖子 ${rid()}`)).data;
    expect((await s.api.call(api.reportCreate, { target_type: 'post', target_id: p.id, reason: '垃圾广告' }, { token: reporter.token })).code).toBe(200);
    // Reporting twice answers the same report.
    const twice = await s.api.call(api.reportCreate, { target_type: 'post', target_id: p.id, reason: '垃圾广告' }, { token: reporter.token });
    const open = (await s.api.call(api.adminReports, {}, t())).data.list.filter((r) => r.target_id === p.id && r.target_type === 'post');
    expect(open.map((r) => r.id)).toEqual([twice.data.id]);
    expect(open[0]!.item).toMatchObject({ id: p.id, report_count: 1, hidden: false });
    expect((await s.api.call(api.adminContent, { filter: 'reported' }, t())).data.list.map((i) => i.id)).toContain(p.id);

    const feedIds = async () => (await s.api.call(api.forumFetch, { type: 'latest', size: 50 }, { token: reader.token })).data.list.map((x) => x.id);
    expect(await feedIds()).toContain(p.id);
    expect((await s.api.call(api.adminContentHide, { type: 'post', id: p.id, hidden: true }, t())).data.hidden).toBe(true);
    expect(await feedIds()).not.toContain(p.id);
    expect((await s.api.call(api.messageFetch, { page: 1, size: 5 }, { token: author.token })).data.list[0]!.title).toBe('你的帖子已被隐藏');
    expect((await s.api.call(api.forumInfo, { id: p.id }, { token: reader.token })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await s.api.call(api.forumInfo, { id: p.id }, { token: author.token })).code).toBe(200);
    expect((await s.api.call(api.adminReports, {}, t())).data.list.some((r) => r.target_id === p.id && r.target_type === 'post')).toBe(false);
    expect((await s.api.call(api.adminContent, { filter: 'hidden' }, t())).data.list.map((i) => i.id)).toContain(p.id);

    await s.api.call(api.adminContentHide, { type: 'post', id: p.id, hidden: false }, t());
    expect(await feedIds()).toContain(p.id);
  });

  it('hides and deletes comments; unknown items are not found', async () => {
    const [author, commenter] = await Promise.all([member(s), member(s)]);
    const p = (await post(author)).data;
    const c1 = (await s.api.call(api.forumCreateComment, { post_id: p.id, content: '留着的评论' }, { token: commenter.token })).data;
    const c2 = (await s.api.call(api.forumCreateComment, { post_id: p.id, content: '要隐藏的评论' }, { token: commenter.token })).data;
    const c3 = (await s.api.call(api.forumCreateComment, { post_id: p.id, content: '要删除的评论' }, { token: commenter.token })).data;
    expect((await s.api.call(api.adminContentHide, { type: 'comment', id: c2.id }, t())).code).toBe(200);
    expect((await s.api.call(api.adminContentDelete, { type: 'comment', id: c3.id }, t())).code).toBe(200);
    const shown = (await s.api.call(api.forumComments, { post_id: p.id, page: 1, size: 20 })).data.list.map((c) => c.id);
    expect(shown).toEqual([c1.id]);
    expect((await s.api.call(api.adminContentHide, { type: 'post', id: 99999999 }, t())).code).toBe(ErrorCode.NOT_FOUND);
    expect((await s.api.call(api.adminContentDelete, { type: 'comment', id: 99999999 }, t())).code).toBe(ErrorCode.NOT_FOUND);
    expect((await s.api.call(api.reportCreate, { target_type: 'post', target_id: 99999999, reason: '广告' }, { token: author.token })).code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('hides, reports and deletes videos through the video module', async () => {
    const [owner, reporter] = await Promise.all([member(s), member(s)]);
    const db = s.deps.db.kysely;
    const now = new Date().toISOString();
    const publish = async (title: string) => {
      const res = await db
        .insertInto('video_resources')
        .values({ user_id: owner.user.id, upload_id: `u${rid()}`, status: 'ready', total: 1, lease_until: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return (
        await db
          .insertInto('videos')
          .values({ user_id: owner.user.id, resource_id: res.id, cate_id: 1, title, cover: '', price: 0, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    const [v1, v2] = [await publish(`要隐藏的视频${rid().slice(0, 4)}`), await publish(`要删除的视频${rid().slice(0, 4)}`)];
    const listed = async () => (await s.api.call(api.videoList, { page: 1, size: 50, sort: 'new' })).data.list.map((v) => v.id);
    expect(await listed()).toEqual(expect.arrayContaining([v1, v2]));
    expect((await s.api.call(api.reportCreate, { target_type: 'video', target_id: v1, reason: '低俗' }, { token: reporter.token })).code).toBe(200);
    const reported = (await s.api.call(api.adminReports, {}, t())).data.list.find((r) => r.target_type === 'video' && r.target_id === v1);
    expect(reported?.item).toMatchObject({ type: 'video', id: v1, report_count: 1, hidden: false });
    expect((await s.api.call(api.adminContent, { type: 'video', filter: 'reported' }, t())).data.list.map((i) => i.id)).toEqual([v1]);

    expect((await s.api.call(api.adminContentHide, { type: 'video', id: v1 }, t())).code).toBe(200);
    expect(await listed()).not.toContain(v1);
    expect((await s.api.call(api.adminContent, { type: 'video', filter: 'hidden' }, t())).data.list.map((i) => i.id)).toContain(v1);
    expect((await s.api.call(api.adminReports, {}, t())).data.list.some((r) => r.target_type === 'video' && r.target_id === v1)).toBe(false);
    expect((await s.api.call(api.adminContentDelete, { type: 'video', id: v2 }, t())).code).toBe(200);
    expect(await listed()).not.toContain(v2);
    expect((await s.api.call(api.adminContentDelete, { type: 'video', id: v2 }, t())).code).toBe(ErrorCode.NOT_FOUND);
    expect((await s.api.call(api.adminContentHide, { type: 'video', id: 99999999 }, t())).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('the sensitive-word list masks new posts and flags them; removing a word stops it', async () => {
    const author = await member(s);
    const word = `违禁${rid().slice(0, 4)}`;
    const list = (await s.api.call(api.adminWordAdd, { words: [word, word] }, t())).data.list;
    expect(list.filter((w) => w.word === word)).toHaveLength(1);
    const masked = (await post(author, `这里有${word}哦`)).data;
    expect(masked.content).toBe(`这里有${'*'.repeat([...word].length)}哦`);
    expect((await s.api.call(api.adminContent, { filter: 'flagged' }, t())).data.list.map((i) => i.id)).toContain(masked.id);
    await s.api.call(api.adminWordRemove, { id: list.find((w) => w.word === word)!.id }, t());
    expect((await post(author, `这里有${word}哦`)).data.content).toBe(`这里有${word}哦`);
  });
});

describe('catalogue', () => {
  it('a gift added, changed and taken out bumps gift_version each time, and sending follows the catalogue', async () => {
    const [fan, host] = await Promise.all([member(s), member(s)]);
    await s.api.call(
      api.adminAdjust,
      { request_id: rid(), user_id: fan.user.id, account: 'coin', direction: 'credit', amount: 100 * 10000, reason: '测试金币' },
      t(),
    );
    const v0 = (await s.api.call(api.commonConfig)).data.app_version.gift_version;
    const added = (
      await s.api.call(api.adminGiftSave, { name: '星星', icon: '/static/gifts/star.png', url: '/static/gifts/star.svga', price: 5 * 10000, sort: 1 }, t())
    ).data;
    expect(added.gift_version).toBe(v0 + 1);
    const cfg = (await s.api.call(api.commonConfig)).data;
    expect(cfg.app_version.gift_version).toBe(v0 + 1);
    expect(cfg.gift.find((g) => g.gift_id === added.gift.id)).toMatchObject({ name: '星星', price: 5 * 10000 });
    const send = () => s.api.call(api.giftSend, { request_id: rid(), gift_id: added.gift.id, count: 1, receiver_id: host.user.id }, { token: fan.token });
    expect((await send()).data.coin).toBe(95 * 10000);
    const changed = (
      await s.api.call(api.adminGiftSave, { id: added.gift.id, name: '大星星', icon: '/static/gifts/star.png', url: '', price: 10 * 10000, sort: 1 }, t())
    ).data;
    expect([changed.gift.price, changed.gift_version]).toEqual([10 * 10000, v0 + 2]);
    expect((await send()).data.coin).toBe(85 * 10000);
    expect((await s.api.call(api.adminGiftDelete, { id: added.gift.id }, t())).data.gift_version).toBe(v0 + 3);
    expect((await send()).code).toBe(ErrorCode.GIFT_NOT_FOUND);
    expect((await s.api.call(api.adminGiftDelete, { id: added.gift.id }, t())).code).toBe(ErrorCode.GIFT_NOT_FOUND);
    // The gift records keep what was sent.
    expect((await s.api.call(api.recordGift, { direction: 'sent', page: 1, size: 5 }, { token: fan.token })).data.list.map((r) => r.gift_name)).toEqual([
      '大星星',
      '星星',
    ]);
  });

  it('recharge packages: a new one is offered, a disabled one is not, an order keeps its price', async () => {
    const u = await member(s);
    const pkg = (await s.api.call(api.adminPackageSave, { name: '体验包', price_fen: 100, amount: 10 * 10000, bonus: 1 * 10000, tag: '新人' }, t())).data;
    const offered = async () => (await s.api.call(api.rechargeCategory, {}, { token: u.token })).data.list.map((p) => p.id);
    expect(await offered()).toContain(pkg.id);
    const order = (await s.api.call(api.rechargeOrder, { request_id: rid(), package_id: pkg.id }, { token: u.token })).data;
    await s.api.call(api.adminPackageSave, { id: pkg.id, name: '体验包', price_fen: 200, amount: 10 * 10000, enabled: false }, t());
    expect(await offered()).not.toContain(pkg.id);
    expect((await s.api.call(api.adminPackages, {}, t())).data.list.find((p) => p.id === pkg.id)).toMatchObject({ price_fen: 200, enabled: false });
    const cb = s.services.finance.sandbox.signed({ order_no: order.order_no, trade_no: `T${rid()}`, amount_fen: order.price_fen, status: 'paid' });
    expect((await s.api.call(api.sandboxPayCallback, { ...cb })).code).toBe(200);
    expect((await s.api.call(api.financeWallet, undefined, { token: u.token })).data.coin).toBe(11 * 10000);
    expect((await s.api.call(api.adminPackageSave, { id: 99999, name: 'x', price_fen: 1, amount: 1 }, t())).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('community catalogue', () => {
  it('banners, categories, topics and activities saved in the console are what the forum serves', async () => {
    const banner = (
      await s.api.call(api.adminBannerSave, { title: '新横幅', image: '/static/forum/banner1.svg', url: '/pages/forum/activeList', sort: 0 }, t())
    ).data;
    expect((await s.api.call(api.forumAdLinks)).data.list.map((b) => b.id)).toContain(banner.id);
    await s.api.call(api.adminBannerSave, { ...banner, id: banner.id, enabled: false }, t());
    expect((await s.api.call(api.forumAdLinks)).data.list.map((b) => b.id)).not.toContain(banner.id);

    const cate = (await s.api.call(api.adminCategorySave, { name: '新分类', sort: 99 }, t())).data;
    expect(cate).toMatchObject({ name: '新分类', posts: 0 });
    expect((await s.api.call(api.forumCate)).data.list.map((c) => c.name)).toContain('新分类');
    const renamed = (await s.api.call(api.adminCategorySave, { id: cate.id, name: '改名分类', sort: 99 }, t())).data;
    expect(renamed.name).toBe('改名分类');

    const topic = (await s.api.call(api.adminTopicSave, { name: '新话题', description: '聊聊新话题', hot: true }, t())).data;
    const author = await member(s);
    await s.api.call(api.forumCreate, { content: '用上新话题', cate_id: cate.id, tag_ids: [topic.id] }, { token: author.token });
    expect((await s.api.call(api.adminTopics, {}, t())).data.list.find((x) => x.id === topic.id)).toMatchObject({ posts: 1, hot: true });
    expect((await s.api.call(api.adminCategories, {}, t())).data.list.find((x) => x.id === cate.id)?.posts).toBe(1);

    const start = new Date(Date.now() - 3600_000).toISOString();
    const end = new Date(Date.now() + 86_400_000).toISOString();
    const act = (await s.api.call(api.adminActivitySave, { title: '新活动', tag_id: topic.id, start_at: start, end_at: end, rules: '原创内容' }, t())).data;
    const listed = (await s.api.call(api.forumActivities, { page: 1, size: 50 })).data.list.find((a) => a.id === act.id);
    expect(listed?.status).toBe('ongoing');
    expect((await s.api.call(api.adminActivitySave, { title: '坏活动', tag_id: 999999, start_at: start, end_at: end }, t())).code).toBe(ErrorCode.VALIDATION);
    expect((await s.api.call(api.adminCategorySave, { id: 999999, name: '不存在' }, t())).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuses a topic name another topic has as a field error, when adding or renaming', async () => {
    const first = (await s.api.call(api.adminTopicSave, { name: '同名话题' }, t())).data;
    const second = (await s.api.call(api.adminTopicSave, { name: '另一个话题' }, t())).data;
    for (const body of [{ name: '同名话题' }, { id: second.id, name: '同名话题' }]) {
      const r = await s.api.call(api.adminTopicSave, body, t());
      expect([r.status, r.code, r.msg], JSON.stringify(body)).toEqual([400, ErrorCode.VALIDATION, 'name: 已有同名话题']);
    }
    const names = (await s.api.call(api.adminTopics, {}, t())).data.list.filter((x) => x.id === first.id || x.id === second.id).map((x) => x.name);
    expect(names.sort()).toEqual(['另一个话题', '同名话题'].sort());
  });
});

describe('money', () => {
  it('corrects a balance with a reasoned transfer, never below zero, once per request_id', async () => {
    const u = await member(s);
    const key = rid();
    const credit = await s.api.call(
      api.adminAdjust,
      { request_id: key, user_id: u.user.id, account: 'coin', direction: 'credit', amount: 50_0000, reason: '活动补发' },
      t(),
    );
    expect(credit.code, credit.msg).toBe(200);
    expect(credit.data.wallet.coin).toBe(50_0000);
    const replay = await s.api.call(
      api.adminAdjust,
      { request_id: key, user_id: u.user.id, account: 'coin', direction: 'credit', amount: 50_0000, reason: '活动补发' },
      t(),
    );
    expect(replay.data).toEqual(credit.data);
    expect(
      (await s.api.call(api.adminAdjust, { request_id: key, user_id: u.user.id, account: 'coin', direction: 'credit', amount: 1, reason: '活动补发' }, t()))
        .code,
    ).toBe(ErrorCode.CONFLICT);
    const over = await s.api.call(
      api.adminAdjust,
      { request_id: rid(), user_id: u.user.id, account: 'coin', direction: 'debit', amount: 60_0000, reason: '多发收回' },
      t(),
    );
    expect(over.code).toBe(ErrorCode.BALANCE_NOT_ENOUGH);
    const debit = await s.api.call(
      api.adminAdjust,
      { request_id: rid(), user_id: u.user.id, account: 'coin', direction: 'debit', amount: 20_0000, reason: '多发收回' },
      t(),
    );
    expect(debit.data.wallet.coin).toBe(30_0000);
    const ledger = (await s.api.call(api.adminLedger, { user_id: u.user.id }, t())).data;
    expect(ledger.wallet.coin).toBe(30_0000);
    expect(ledger.list.map((e) => [e.type, e.amount, e.balance])).toEqual([
      ['adjust', -20_0000, 30_0000],
      ['adjust', 50_0000, 50_0000],
    ]);
    expect(ledger.list[0]!.remark).toContain('多发收回');
    // The user sees it in their own wallet records too, and the books still balance.
    expect((await s.api.call(api.userMoneyChange, { page: 1, size: 10 }, { token: u.token })).data.total).toBe(2);
    expect(isSound(await s.services.finance.check())).toBe(true);
  });

  it('withdrawal rules set in the console apply to the next withdrawal and show in the wallet', async () => {
    const u = await member(s);
    await s.api.call(
      api.adminAdjust,
      { request_id: rid(), user_id: u.user.id, account: 'gift_earnings', direction: 'credit', amount: 100 * 10000, reason: '测试收益' },
      t(),
    );
    const before = (await s.api.call(api.adminWithdrawRules, {}, t())).data;
    const set = await s.api.call(api.adminWithdrawRulesSave, { min_amount: 20 * 10000, fee_bp: 0, platforms: ['bank'] }, t());
    expect(set.data).toEqual({ min_amount: 20 * 10000, fee_bp: 0, platforms: ['bank'] });
    try {
      const offer = (await s.api.call(api.withdrawPlatform, {}, { token: u.token })).data;
      expect([offer.min_amount, offer.fee_bp]).toEqual([20 * 10000, 0]);
      expect(offer.list.map((p) => [p.platform, p.enabled])).toEqual([
        ['bank', true],
        ['alipay', false],
        ['wechat', false],
      ]);
      expect((await s.api.call(api.financeWallet, undefined, { token: u.token })).data.rules).toMatchObject({ withdraw_min: 20 * 10000, withdraw_fee_bp: 0 });
      const alipay = await s.api.call(
        api.withdrawOrder,
        { request_id: rid(), platform: 'alipay', account: '13800138000', account_name: '张三', amount: 30 * 10000 },
        { token: u.token },
      );
      expect([alipay.status, alipay.msg]).toEqual([400, 'platform: 该提现方式暂不可用']);
      const small = await s.api.call(
        api.withdrawOrder,
        { request_id: rid(), platform: 'bank', account: '6222020200112233445', account_name: '张三', amount: 10 * 10000 },
        { token: u.token },
      );
      expect(small.code).toBe(ErrorCode.WITHDRAW_BELOW_MIN);
      const ok = await s.api.call(
        api.withdrawOrder,
        { request_id: rid(), platform: 'bank', account: '6222020200112233445', account_name: '张三', amount: 30 * 10000 },
        { token: u.token },
      );
      expect([ok.data.fee, ok.data.payout]).toEqual([0, 30 * 10000]);
    } finally {
      await s.api.call(api.adminWithdrawRulesSave, before, t());
    }
  });

  it('lists recharge orders with their payment callbacks, and the dashboard counts the day', async () => {
    const before = (await s.api.call(api.adminDashboard, {}, t())).data;
    const u = await member(s);
    const orderNo = await rechargeHttp(s, u.token, 1);
    const orders = (await s.api.call(api.adminRecharges, { user_id: u.user.id }, t())).data.list;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ order_no: orderNo, status: 'paid', user: { id: u.user.id } });
    expect(orders[0]!.callbacks.map((c) => c.verdict)).toContain('credited');
    const after = (await s.api.call(api.adminDashboard, {}, t())).data;
    expect(after.days).toHaveLength(14);
    expect(after.today.recharge_fen - before.today.recharge_fen).toBe(orders[0]!.price_fen);
    expect(after.today.recharge_orders - before.today.recharge_orders).toBe(1);
    expect(after.today.new_users - before.today.new_users).toBe(1);
    expect(after.members).toBe(before.members + 1);
  });
});
