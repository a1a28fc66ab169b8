import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type ForumPost, type Session } from '@app/contract';
import { addOperator } from '../src/cli/commands.js';
import { freshMobile } from '@app/testkit';
import { connectHall, connected, next } from './helpers/hallClient.js';
import { quickSession } from './helpers/members.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

let s: TestServer;
let alice: Session;
let bob: Session;
let op: Session;
let cateId: number;
let tagId: number;

beforeAll(async () => {
  s = await startTestServer();
  [alice, bob] = await Promise.all([quickSession(s), quickSession(s)]);
  const opMobile = freshMobile();
  op = await s.api.register(opMobile);
  await addOperator(s.deps.db, opMobile);
  cateId = (await s.api.call(api.forumCate)).data.list[0]!.id;
  tagId = (await s.api.call(api.forumTags, { page: 1, size: 5 })).data.list[0]!.id;
});
afterAll(async () => {
  await s?.close();
});

const publish = async (who: Session, extra: Record<string, unknown> = {}) => {
  const r = await s.api.call(api.forumCreate, { content: '今天的晚霞真好看', cate_id: cateId, ...extra }, { token: who.token });
  expect(r.code, r.msg).toBe(200);
  return r.data;
};

describe('forum catalog (demo seed)', () => {
  it('serves categories, topics, activities, ads and hot searches', async () => {
    expect((await s.api.call(api.forumCate)).data.list.length).toBeGreaterThanOrEqual(4);
    const tags = (await s.api.call(api.forumTags, { page: 1, size: 20 })).data;
    expect(tags.total).toBeGreaterThanOrEqual(6);
    expect(tags.list[0]).toMatchObject({ hot: true });
    const acts = (await s.api.call(api.forumActivities, { page: 1, size: 10 })).data.list;
    expect(acts[0]!.status).toBe('ongoing');
    expect(acts.map((a) => a.status)).toContain('upcoming');
    const one = await s.api.call(api.forumActivityInfo, { id: acts[0]!.id });
    expect(one.data.rules).toContain('原创');
    expect((await s.api.call(api.forumAdLinks)).data.list.length).toBeGreaterThan(0);
    expect((await s.api.call(api.forumHotSearch)).data.list.length).toBeGreaterThan(3);
    expect((await s.api.call(api.forumTagInfo, { id: 99999 })).code).toBe(ErrorCode.NOT_FOUND);
    const cover = await fetch(`${s.url}${acts[0]!.cover}`);
    expect(cover.status).toBe(200);
  });

  it('seeds a feed with comment threads whose counts match the rows', async () => {
    const feed = (await s.api.call(api.forumFetch, { type: 'latest', size: 20 })).data.list;
    expect(feed.length).toBeGreaterThanOrEqual(12);
    for (const p of feed.slice(0, 5)) {
      const c = (await s.api.call(api.forumComments, { post_id: p.id, page: 1, size: 50 })).data.list;
      expect(c.reduce((n, x) => n + 1 + x.replies.length, 0)).toBe(p.comment_count);
    }
  });
});

describe('posts', () => {
  it('publishes with images, a topic and a place; it tops latest and reads back', async () => {
    const images = [await s.api.uploadImage(alice.token), await s.api.uploadImage(alice.token)];
    const post = await publish(alice, { images, tag_ids: [tagId], location: { name: '杭州西湖', lat: 30.25, lng: 120.15 } });
    expect(post).toMatchObject({ is_mine: true, like_count: 0, comment_count: 0, tags: [{ id: tagId }], location: { name: '杭州西湖' } });
    const latest = (await s.api.call(api.forumFetch, { type: 'latest', size: 5 })).data;
    expect(latest.list[0]!.id).toBe(post.id);
    expect(latest.list[0]!.is_mine).toBe(false);
    const byTag = (await s.api.call(api.forumFetch, { tag_id: tagId, size: 50 })).data.list;
    expect(byTag.map((p) => p.id)).toContain(post.id);
    const info = await s.api.call(api.forumInfo, { id: post.id }, { token: alice.token });
    expect(info.data.images).toEqual(images);
  });

  it("takes only the author's own uploads as images or video", async () => {
    const carol = await quickSession(s);
    const mine = await s.api.uploadImage(carol.token);
    const bobs = await s.api.uploadImage(bob.token);
    const refused = async (body: Record<string, unknown>, field: string) => {
      const r = await s.api.call(api.forumCreate, { content: '看图', cate_id: cateId, ...body }, { token: carol.token });
      expect([r.status, r.code, r.msg], JSON.stringify(body)).toEqual([400, ErrorCode.VALIDATION, expect.stringMatching(new RegExp(`^${field}: `))]);
    };
    for (const url of [
      'https://tracker.example/pixel.gif',
      '//tracker.example/pixel.gif',
      bobs,
      '/api/client_live/user/logout',
      '/static/forum/post-sea-1.svg',
      '/uploads/image/2026/01/nobody.webp',
    ]) {
      await refused({ images: [mine, url] }, 'images.1');
      await refused({ video: url }, 'video');
    }
    expect((await publish(carol, { images: [mine] })).images).toEqual([mine]);
  });

  it('keeps text as given (no HTML interpretation) and masks sensitive words', async () => {
    const post = await publish(alice, { content: '<img src=x onerror=alert(1)> 这里有人赌博吗' });
    expect(post.content).toBe('<img src=x onerror=alert(1)> 这里有人**吗');
  });

  it('refuses bad input on create', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const r = await s.api.call(api.forumCreate, { content: '好', cate_id: cateId, ...body }, { token: alice.token });
      expect([r.status, r.code], JSON.stringify(body).slice(0, 60)).toEqual([400, ErrorCode.VALIDATION]);
      expect(r.msg.startsWith(`${field}:`), r.msg).toBe(true);
    };
    await bad({ content: '   ' }, 'content');
    await bad({ content: '长'.repeat(2001) }, 'content');
    await bad({ images: Array.from({ length: 10 }, (_, i) => `/uploads/${i}.png`) }, 'images');
    await bad({ images: ['javascript:alert(1)'] }, 'images.0');
    await bad({ tag_ids: [987654] }, 'tag_ids');
    await bad({ cate_id: 987654 }, 'cate_id');
    await bad({ images: ['/uploads/a.png'], video: '/uploads/v.mp4' }, 'video');
    await bad({ location: { name: '火星', lat: 200, lng: 0 } }, 'location.lat');
    await bad({ extra: 1 }, 'extra');
    const guest = await s.api.call(api.forumCreate, { content: '游客', cate_id: cateId });
    expect(guest.status).toBe(401);
  });

  it('pages latest by cursor, stable while new posts arrive', async () => {
    const first = (await s.api.call(api.forumFetch, { type: 'latest', size: 3 })).data;
    await publish(bob, { content: '插队的新帖' });
    const second = (await s.api.call(api.forumFetch, { type: 'latest', size: 3, cursor: first.next_cursor! })).data;
    const ids = [...first.list, ...second.list].map((p) => p.id);
    expect(new Set(ids).size).toBe(6);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const hot = (await s.api.call(api.forumFetch, { type: 'hot', size: 4 })).data;
    expect(hot.next_cursor).toBe('o:4');
    expect((await s.api.call(api.forumFetch, { type: 'following' }, { token: bob.token })).data.list).toEqual([]);
    expect((await s.api.call(api.followAdd, { user_id: alice.user.id }, { token: bob.token })).code).toBe(200);
    const following = (await s.api.call(api.forumFetch, { type: 'following', size: 50 }, { token: bob.token })).data.list;
    expect(following.length).toBeGreaterThan(0);
    expect(following.every((p) => p.user.id === alice.user.id)).toBe(true);
    const mine = (await s.api.call(api.forumFetch, { type: 'mine', size: 50 }, { token: bob.token })).data.list;
    expect(mine.every((p) => p.user.id === bob.user.id)).toBe(true);
    expect((await s.api.call(api.forumFetch, { type: 'mine' })).code).toBe(ErrorCode.LOGIN_REQUIRED);
    expect((await s.api.call(api.forumFetch, { cursor: 'abc' })).code).toBe(ErrorCode.VALIDATION);
  });

  it('toggles likes: twice is back to zero; `like` is idempotent; concurrent toggles keep the count right', async () => {
    const post = await publish(alice);
    const like = (body: Record<string, unknown>, who = bob) => s.api.call(api.forumLike, { post_id: post.id, ...body }, { token: who.token });
    expect((await like({})).data).toEqual({ liked: true, like_count: 1 });
    expect((await like({})).data).toEqual({ liked: false, like_count: 0 });
    expect((await like({ like: true })).data).toEqual({ liked: true, like_count: 1 });
    expect((await like({ like: true })).data).toEqual({ liked: true, like_count: 1 });
    expect((await like({ like: false })).data).toEqual({ liked: false, like_count: 0 });
    expect((await like({ like: false })).data).toEqual({ liked: false, like_count: 0 });
    // Four members like at once while bob toggles seven times, then they all unlike at once: each
    // round the counter equals the like rows (on PostgreSQL a recount that waited must see the rows).
    const many = await Promise.all(Array.from({ length: 4 }, () => quickSession(s)));
    for (let round = 0; round < 3; round++) {
      await Promise.all([...many.map((m) => like({ like: true }, m)), ...Array.from({ length: 7 }, () => like({}))]);
      const info = (await s.api.call(api.forumInfo, { id: post.id }, { token: bob.token })).data;
      expect(info.like_count).toBe(4 + (info.is_liked ? 1 : 0));
      await Promise.all([...many.map((m) => like({ like: false }, m)), like({ like: false })]);
      expect((await s.api.call(api.forumInfo, { id: post.id })).data.like_count).toBe(0);
    }
    expect((await like({ post_id: 999999 })).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('only the author or an operator deletes a post', async () => {
    const post = await publish(alice);
    const byBob = await s.api.call(api.forumDel, { id: post.id }, { token: bob.token });
    expect(byBob.code).toBe(ErrorCode.FORBIDDEN);
    expect((await s.api.call(api.forumDel, { id: post.id }, { token: alice.token })).data).toEqual({ deleted: true });
    expect((await s.api.call(api.forumInfo, { id: post.id })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await s.api.call(api.forumDel, { id: post.id }, { token: alice.token })).code).toBe(ErrorCode.NOT_FOUND);
    const other = await publish(bob);
    expect((await s.api.call(api.forumDel, { id: other.id }, { token: op.token })).code).toBe(200);
    expect((await s.api.call(api.forumDel, { id: 'x' }, { token: op.token })).code).toBe(ErrorCode.VALIDATION);
  });

  it("deleting a post while others comment on it leaves nothing behind in the author's inbox", async () => {
    const author = await quickSession(s);
    const others = await Promise.all(Array.from({ length: 4 }, () => quickSession(s)));
    const inbox = async () => (await s.api.call(api.forumCommentInbox, { page: 1, size: 50 }, { token: author.token })).data;
    for (let round = 0; round < 3; round++) {
      const post = await publish(author);
      await Promise.all([
        ...others.map((m) => s.api.call(api.forumCreateComment, { post_id: post.id, content: `第${round}轮` }, { token: m.token })),
        s.api.call(api.forumDel, { id: post.id }, { token: author.token }),
      ]);
      // Each comment either landed before the delete (and went with the post) or found no post.
      const box = await inbox();
      expect(box).toMatchObject({ total: 0, unread: 0 });
    }
  });
});

describe('comments', () => {
  let post: ForumPost;
  beforeAll(async () => {
    post = await publish(alice, { content: '评论测试帖' });
  });

  it('threads replies one level, counts every comment, and fills the inbox', async () => {
    const c1 = (await s.api.call(api.forumCreateComment, { post_id: post.id, content: '沙发！' }, { token: bob.token })).data;
    expect(c1).toMatchObject({ parent_id: null, reply_to: null, is_mine: true });
    const r1 = (await s.api.call(api.forumCreateComment, { post_id: post.id, content: '谢谢', parent_id: c1.id }, { token: alice.token })).data;
    expect(r1).toMatchObject({ parent_id: c1.id, reply_to: { id: bob.user.id } });
    // A reply to a reply stays in the same thread, answering the reply's author.
    const r2 = (await s.api.call(api.forumCreateComment, { post_id: post.id, content: '不客气', parent_id: r1.id }, { token: bob.token })).data;
    expect(r2).toMatchObject({ parent_id: c1.id, reply_to: { id: alice.user.id } });
    const list = (await s.api.call(api.forumComments, { post_id: post.id, page: 1, size: 20 }, { token: alice.token })).data;
    expect(list.total).toBe(1);
    expect(list.list[0]!.replies.map((r) => r.id)).toEqual([r1.id, r2.id]);
    expect((await s.api.call(api.forumInfo, { id: post.id })).data.comment_count).toBe(3);

    const inbox = (await s.api.call(api.forumCommentInbox, { page: 1, size: 10 }, { token: alice.token })).data;
    expect(inbox.unread).toBe(2);
    expect(inbox.list.map((n) => n.kind)).toEqual(['reply', 'comment']);
    expect(inbox.list[1]).toMatchObject({ from: { id: bob.user.id }, content: '沙发！', post_id: post.id });
    const bobInbox = (await s.api.call(api.forumCommentInbox, { page: 1, size: 10 }, { token: bob.token })).data;
    expect(bobInbox.list).toHaveLength(1);
    expect((await s.api.call(api.forumCommentInboxRead, { ids: [inbox.list[0]!.id] }, { token: alice.token })).data.unread).toBe(1);
    expect((await s.api.call(api.forumCommentInboxRead, { ids: [inbox.list[1]!.id] }, { token: bob.token })).data.unread).toBe(1);
    expect((await s.api.call(api.forumCommentInboxRead, { all: true }, { token: alice.token })).data.unread).toBe(0);
    expect((await s.api.call(api.forumCommentInboxDel, { ids: [inbox.list[0]!.id] }, { token: alice.token })).code).toBe(200);
    expect((await s.api.call(api.forumCommentInbox, { page: 1, size: 10 }, { token: alice.token })).data.total).toBe(1);
    expect((await s.api.call(api.forumCommentInboxRead, {}, { token: alice.token })).code).toBe(ErrorCode.VALIDATION);
  });

  it('likes comments by toggle and deletes threads (own, post author, operator only)', async () => {
    const c = (await s.api.call(api.forumCreateComment, { post_id: post.id, content: '第二条' }, { token: bob.token })).data;
    await s.api.call(api.forumCreateComment, { post_id: post.id, content: '回复', parent_id: c.id }, { token: op.token });
    const like = () => s.api.call(api.forumCommentLike, { comment_id: c.id }, { token: alice.token });
    expect((await like()).data).toEqual({ liked: true, like_count: 1 });
    expect((await like()).data).toEqual({ liked: false, like_count: 0 });
    const stranger = await quickSession(s);
    expect((await s.api.call(api.forumDelComment, { id: c.id }, { token: stranger.token })).code).toBe(ErrorCode.FORBIDDEN);
    const before = (await s.api.call(api.forumInfo, { id: post.id })).data.comment_count;
    const del = await s.api.call(api.forumDelComment, { id: c.id }, { token: bob.token });
    expect(del.data).toEqual({ deleted: true, comment_count: before - 2 });
    // Comments and a delete at once: the counter still equals the comments there are.
    const others = await Promise.all(Array.from({ length: 4 }, () => quickSession(s)));
    const doomed = (await s.api.call(api.forumCreateComment, { post_id: post.id, content: '马上删' }, { token: bob.token })).data;
    await Promise.all([
      ...others.map((m) => s.api.call(api.forumCreateComment, { post_id: post.id, content: '一起评论' }, { token: m.token })),
      s.api.call(api.forumDelComment, { id: doomed.id }, { token: bob.token }),
    ]);
    expect((await s.api.call(api.forumInfo, { id: post.id })).data.comment_count).toBe(before - 2 + 4);
    expect((await s.api.call(api.forumDelComment, { id: c.id }, { token: bob.token })).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuses bad comments', async () => {
    const call = (body: Record<string, unknown>) => s.api.call(api.forumCreateComment, body, { token: bob.token });
    expect((await call({ post_id: post.id, content: '' })).code).toBe(ErrorCode.VALIDATION);
    expect((await call({ post_id: post.id, content: '字'.repeat(501) })).code).toBe(ErrorCode.VALIDATION);
    expect((await call({ post_id: 999999, content: '好' })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await call({ post_id: post.id, content: '好', parent_id: 999999 })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await s.api.call(api.forumComments, { post_id: 999999 })).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('comment notifications', () => {
  it('count into the hall badge as they happen and clear when read', async () => {
    const author = await quickSession(s);
    const post = await publish(author, { content: '徽章测试' });
    const sock = connectHall(s.url, { uuid: author.user.uuid, token: author.token });
    try {
      await connected(sock);
      const pushed = next(sock, 'rGetUnreadCount');
      await s.api.call(api.forumCreateComment, { post_id: post.id, content: '来了' }, { token: bob.token });
      expect(await pushed).toEqual({ total: 1, isNew: true });
      const cleared = next(sock, 'rGetUnreadCount');
      await s.api.call(api.forumCommentInboxRead, { all: true }, { token: author.token });
      expect(await cleared).toEqual({ total: 0, isNew: false });
    } finally {
      sock.close();
    }
  });
});

describe('search', () => {
  it('finds posts, topics and users, and counts keywords toward hot searches', async () => {
    await publish(alice, { content: '独一无二的关键词蓝莓冰沙' });
    const posts = (await s.api.call(api.forumSearch, { keyword: '蓝莓冰沙', type: 'post' })).data;
    expect(posts.posts).toHaveLength(1);
    const tags = (await s.api.call(api.forumSearch, { keyword: '唱歌', type: 'tag' })).data;
    expect(tags.tags[0]!.name).toContain('唱歌');
    const users = (await s.api.call(api.forumSearch, { keyword: '桃子', type: 'user' })).data;
    expect(users.users[0]!.nickname).toBe('桃子汽水');
    expect((await s.api.call(api.forumSearch, { keyword: '%' })).data.posts.every((p) => p.content.includes('%'))).toBe(true);
    expect((await s.api.call(api.forumSearch, { keyword: '' })).code).toBe(ErrorCode.VALIDATION);
    for (let i = 0; i < 100; i++) await s.api.call(api.forumSearch, { keyword: '蓝莓冰沙' });
    expect((await s.api.call(api.forumHotSearch)).data.list[0]).toBe('蓝莓冰沙');
  });

  it('limits how fast one member posts', async () => {
    const m = await quickSession(s);
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await s.api.call(api.forumCreate, { content: `第${i}帖`, cate_id: cateId }, { token: m.token })).code);
    expect(codes.slice(0, 5).every((c) => c === 200)).toBe(true);
    expect(codes[5]).toBe(ErrorCode.RATE_LIMITED);
  });
});
