import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, API_BASE, ErrorCode, INT4_MAX, SANDBOX_CHECKOUT_PATH, type ChatAck, type ChatSendInput, type RouteDef, type Session } from '@app/contract';
import { freshMobile } from '@app/testkit';
import type { Answer, CallOptions } from './helpers/apiClient.js';
import { connectHall, connected, type HallSocket } from './helpers/hallClient.js';
import { quickSession } from './helpers/members.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { closeSockets, connectRoom, join, next, operator, ownedRoom, send, type RoomSocket } from './roomHarness.js';

/**
 * Text and id input, checked the same on SQLite and PostgreSQL: a control character (NUL above all,
 * which PostgreSQL cannot store) or an id past the int4 columns is a 400 naming the field, never a 500;
 * invisible and direction-changing characters are refused in names and stripped from text.
 */

let s: TestServer;
let a: Session;
let b: Session;
let cateId: number;
let seq = 0;
const cid = () => `in${process.pid}x${Date.now().toString(36)}x${++seq}`;
const rid = () => `r${process.pid}x${Date.now().toString(36)}x${++seq}`;

const CONTROL = '不能包含控制字符';
const INVISIBLE = '不能包含不可见或改变文字方向的字符';
const NUL = '你好\u0000世界';
const TOO_BIG = INT4_MAX + 1;

beforeAll(async () => {
  s = await startTestServer();
  [a, b] = await Promise.all([quickSession(s), quickSession(s)]);
  cateId = (await s.api.call(api.forumCate)).data.list[0]!.id;
});
afterAll(async () => {
  closeSockets();
  await s?.close();
});

/** Calls and expects a 400 / 10000 whose message names `field` (and says `message` when given). */
async function refused(def: RouteDef, input: Record<string, unknown>, field: string, message?: string, opts: CallOptions = {}): Promise<Answer<unknown>> {
  const r = await s.api.call(def, input, opts);
  expect([r.status, r.code], `${def.path} ${r.msg}`).toEqual([400, ErrorCode.VALIDATION]);
  expect(r.msg).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
  if (message) expect(r.msg).toBe(`${field}: ${message}`);
  return r;
}

const hallChat = (sock: HallSocket, payload: unknown): Promise<ChatAck> => new Promise((resolve) => sock.emit('chatSend', payload as ChatSendInput, resolve));

describe('control characters', () => {
  it('a NUL in login, register, nickname, search, a post, a comment or the payment callback is a field error', async () => {
    await refused(api.login, { account: NUL, password: 'abc12345' }, 'account', CONTROL);
    await refused(api.login, { account: '13800138000', password: 'abc\u0000123' }, 'password', CONTROL);
    const reg = { mobile: freshMobile(), code: '123456', password: 'abc12345' };
    await refused(api.register, { ...reg, nickname: NUL }, 'nickname', CONTROL);
    await refused(api.register, { ...reg, invite_code: 'AB\u0000C' }, 'invite_code', CONTROL);
    await refused(api.updateUserInfo, { nickname: NUL }, 'nickname', CONTROL, { token: a.token });
    await refused(api.updateUserInfo, { signature: NUL }, 'signature', CONTROL, { token: a.token });
    await refused(api.forumSearch, { keyword: NUL }, 'keyword', CONTROL);
    await refused(api.searchUser, { keyword: NUL, page: 1, size: 10 }, 'keyword', CONTROL);
    await refused(api.forumCreate, { content: NUL, cate_id: cateId }, 'content', CONTROL, { token: a.token });
    await refused(api.forumCreate, { content: '好', cate_id: cateId, location: { name: NUL, lat: 1, lng: 1 } }, 'location.name', CONTROL, { token: a.token });
    const post = (await s.api.call(api.forumCreate, { content: '评论区', cate_id: cateId }, { token: b.token })).data;
    await refused(api.forumCreateComment, { post_id: post.id, content: NUL }, 'content', CONTROL, { token: a.token });
    const callback = { order_no: 'R1', trade_no: 'T\u00001', amount_fen: 600, status: 'paid', timestamp: 1, nonce: 'n'.repeat(16), sign: 'a'.repeat(64) };
    await refused(api.sandboxPayCallback, callback, 'trade_no', CONTROL);
    await refused(api.sandboxPayCallback, { ...callback, trade_no: 'T1', nonce: `${'n'.repeat(15)}\u0000` }, 'nonce', CONTROL);
  });

  it('a NUL or a huge id in a path is not found, not a database error', async () => {
    for (const path of [`${SANDBOX_CHECKOUT_PATH}/R%00x`, `${API_BASE}/video/play/${TOO_BIG}/master.m3u8`, `${API_BASE}/video/play/${'9'.repeat(25)}/0.m3u8`]) {
      const r = await fetch(`${s.url}${path}`);
      expect(r.status, path).toBe(404);
    }
  });

  it('the encrypted wire format is checked the same (body and query)', async () => {
    await refused(api.forumCreate, { content: NUL, cate_id: cateId }, 'content', CONTROL, { token: a.token, encrypt: true });
    await refused(api.forumSearch, { keyword: NUL }, 'keyword', CONTROL, { encrypt: true });
  });

  it('other C0 controls, DEL and C1 are refused too; tab and newline stay in multi-line text', async () => {
    for (const c of ['\u0001', '\u0007', '\u001b', '\u007f', '\u0085']) {
      await refused(api.updateUserInfo, { nickname: `名${c}字` }, 'nickname', CONTROL, { token: a.token });
      await refused(api.forumCreate, { content: `正文${c}`, cate_id: cateId }, 'content', CONTROL, { token: a.token });
    }
    await refused(api.updateUserInfo, { nickname: '两\n行' }, 'nickname', CONTROL, { token: a.token });
    const post = await s.api.call(api.forumCreate, { content: '第一行\r\n\t第二行', cate_id: cateId }, { token: b.token });
    expect(post.data.content).toBe('第一行\n\t第二行');
  });

  it('private chat over HTTP and over the hall socket', async () => {
    await refused(api.chatSend, { to_user_id: b.user.id, client_id: cid(), type: 'text', content: NUL }, 'content', CONTROL, { token: a.token });
    const sock = connectHall(s.url, { uuid: a.user.uuid, token: a.token });
    try {
      await connected(sock);
      const ack = await hallChat(sock, { to_user_id: b.user.id, client_id: cid(), type: 'text', content: NUL });
      expect([ack.code, ack.msg]).toEqual([ErrorCode.VALIDATION, `content: ${CONTROL}`]);
      const ok = await hallChat(sock, { to_user_id: b.user.id, client_id: cid(), type: 'text', content: '晚上\u202e好\u200b' });
      expect([ok.code, ok.data?.content]).toEqual([ErrorCode.OK, '晚上好']);
    } finally {
      sock.close();
    }
  });

  it('room chat over the room socket', async () => {
    const op = await operator(s);
    const { room, ownerSock } = await ownedRoom(s, op);
    const viewer = await connectRoom(s, a);
    await join(viewer, room.id);
    const bad = await send(viewer, 'chat', { text: NUL });
    expect([bad.code, bad.msg]).toEqual([ErrorCode.VALIDATION, `text: ${CONTROL}`]);
    const seen = next(ownerSock, 'chat', (m) => m.user.id === a.user.id);
    expect((await send(viewer, 'chat', { text: '主播\u202e好\u2066棒\u2069' })).code).toBe(ErrorCode.OK);
    expect((await seen).text).toBe('主播好棒');
  });
});

describe('invisible and direction-changing characters', () => {
  it('are refused in names: nickname (register and edit), room title', async () => {
    for (const c of ['\u202e', '\u200b', '\u200d', '\u2066', '\ufeff', '\u3164', '\u115f']) {
      await refused(api.updateUserInfo, { nickname: `ad${c}min` }, 'nickname', INVISIBLE, { token: a.token });
    }
    await refused(api.register, { mobile: freshMobile(), code: '123456', password: 'abc12345', nickname: '\u3164' }, 'nickname', INVISIBLE);
    await refused(api.roomOpen, { title: '\u202e播直', category_id: 1 }, 'title', INVISIBLE, { token: a.token });
    const ok = await s.api.call(api.updateUserInfo, { nickname: '小明 ❤️' }, { token: a.token });
    expect(ok.data.nickname).toBe('小明 ❤️');
  });

  it('are stripped from posts, comments and signatures; emoji stay whole', async () => {
    const family = '👨\u200d👩\u200d👧';
    const post = await s.api.call(api.forumCreate, { content: `gnp.exe\u202e${family}\u200b好`, cate_id: cateId }, { token: b.token });
    expect(post.data.content).toBe(`gnp.exe${family}好`);
    const info = await s.api.call(api.forumInfo, { id: post.data.id });
    expect(info.data.content).toBe(`gnp.exe${family}好`);
    const comment = await s.api.call(api.forumCreateComment, { post_id: post.data.id, content: '\u2067赞\u2069' }, { token: a.token });
    expect(comment.data.content).toBe('赞');
    await refused(api.forumCreateComment, { post_id: post.data.id, content: '\u202e\u200b' }, 'content', '内容不能为空', { token: a.token });
    const me = await s.api.call(api.updateUserInfo, { signature: '签\u202e名' }, { token: a.token });
    expect(me.data.signature).toBe('签名');
  });
});

describe('ids and other integers past the int4 columns', () => {
  it('are a field error on every call, not a database error', async () => {
    await refused(api.forumInfo, { id: TOO_BIG }, 'id');
    await refused(api.forumInfo, { id: 2 ** 53 }, 'id');
    expect((await s.api.call(api.forumInfo, { id: INT4_MAX })).code).toBe(ErrorCode.NOT_FOUND);
    await refused(api.forumComments, { post_id: TOO_BIG, page: 1, size: 10 }, 'post_id');
    await refused(api.forumComments, { post_id: 1, page: TOO_BIG, size: 10 }, 'page');
    await refused(api.forumFetch, { type: 'latest', cursor: String(TOO_BIG) }, 'cursor');
    await refused(api.forumFetch, { type: 'hot', cursor: `o:${'9'.repeat(30)}` }, 'cursor');
    await refused(api.forumLike, { post_id: TOO_BIG }, 'post_id', undefined, { token: a.token });
    await refused(api.forumCreate, { content: '好', cate_id: TOO_BIG }, 'cate_id', undefined, { token: a.token });
    const gift = { request_id: rid(), gift_id: 1, count: 1, receiver_id: b.user.id };
    await refused(api.giftSend, { ...gift, receiver_id: TOO_BIG }, 'receiver_id', undefined, { token: a.token });
    await refused(api.giftSend, { ...gift, gift_id: TOO_BIG }, 'gift_id', undefined, { token: a.token });
    await refused(api.giftSend, { ...gift, room_id: TOO_BIG }, 'room_id', undefined, { token: a.token });
    await refused(api.chatHistory, { user_id: TOO_BIG }, 'user_id', undefined, { token: a.token });
    await refused(api.chatHistory, { user_id: b.user.id, before_id: TOO_BIG }, 'before_id', undefined, { token: a.token });
    await refused(api.chatSync, { after_id: TOO_BIG }, 'after_id', undefined, { token: a.token });
    await refused(api.chatSend, { to_user_id: TOO_BIG, client_id: cid(), type: 'text', content: '嗨' }, 'to_user_id', undefined, { token: a.token });
    await refused(api.roomInfo, { room_id: TOO_BIG }, 'room_id');
    await refused(api.userProfile, { user_id: TOO_BIG }, 'user_id', undefined, { token: a.token });
    await refused(api.messageRead, { ids: [TOO_BIG] }, 'ids.0', undefined, { token: a.token });
  });

  it('over the sockets too', async () => {
    const sock: RoomSocket = await connectRoom(s, a);
    const r = await send(sock, 'join', { room_id: TOO_BIG });
    expect([r.code, r.msg.split(':')[0]]).toEqual([ErrorCode.VALIDATION, 'room_id']);
    const hall = connectHall(s.url, { uuid: a.user.uuid, token: a.token });
    try {
      await connected(hall);
      const ack = await hallChat(hall, { to_user_id: TOO_BIG, client_id: cid(), type: 'text', content: '嗨' });
      expect([ack.code, ack.msg.split(':')[0]]).toEqual([ErrorCode.VALIDATION, 'to_user_id']);
    } finally {
      hall.close();
    }
  });
});
