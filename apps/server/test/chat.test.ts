import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { api, ErrorCode, fullPath, type ChatAck, type ChatMessage, type ChatSendInput, type Session } from '@app/contract';
import { eventually } from '@app/testkit';
import { connectHall, connected, next, type HallSocket } from './helpers/hallClient.js';
import { quickSession } from './helpers/members.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

let s: TestServer;
const sockets: HallSocket[] = [];
let seq = 0;
const cid = () => `t${process.pid}x${Date.now().toString(36)}x${++seq}`;

const open = async (who: Session) => {
  const sock = connectHall(s.url, { uuid: who.user.uuid, token: who.token });
  sockets.push(sock);
  await connected(sock);
  return sock;
};
const member = () => quickSession(s);
const send = (from: Session, to: Session, content: string, extra: Partial<ChatSendInput> = {}) =>
  s.api.call(api.chatSend, { to_user_id: to.user.id, client_id: cid(), type: 'text', content, ...extra }, { token: from.token });
const emitSend = (sock: HallSocket, payload: unknown): Promise<ChatAck> => new Promise((resolve) => sock.emit('chatSend', payload as ChatSendInput, resolve));
/** Collects every chat newMessage a socket hears. */
const collect = (sock: HallSocket) => {
  const got: ChatMessage[] = [];
  sock.on('newMessage', (m) => {
    if (m.kind === 'chat') got.push(m.message);
  });
  return got;
};

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  for (const sock of sockets) sock.close();
  await s?.close();
});

describe('chat: send, store, deliver', () => {
  it('stores before answering and delivers live to both users, on every device of each', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const a2 = (await s.api.login(a.user.account, 'abc12345')).data;
    const [sa1, sa2, sb] = await Promise.all([open(a), open(a2), open(b)]);
    const [ga1, ga2, gb] = [collect(sa1), collect(sa2), collect(sb)];
    const unread = next(sb, 'rGetUnreadCount');

    const r = await send(a, b, '  你好 👋  ');
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ sender_id: a.user.id, receiver_id: b.user.id, type: 'text', content: '你好 👋', reply: null });
    await eventually(() => ga1.length === 1 && ga2.length === 1 && gb.length === 1, { what: 'the live messages' });
    expect(gb[0]).toEqual(r.data);
    expect(await unread).toEqual({ total: 1, isNew: true });

    const history = await s.api.call(api.chatHistory, { user_id: a.user.id }, { token: b.token });
    expect(history.data.list).toEqual([r.data]);
    const list = await s.api.call(api.chatConversations, {}, { token: b.token });
    expect(list.data.unread_total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ peer: { id: a.user.id }, unread: 1, last_message: r.data, muted: false, pinned: false, blocked: false });
    const mine = await s.api.call(api.chatConversations, {}, { token: a.token });
    expect(mine.data.list[0]).toMatchObject({ peer: { id: b.user.id }, unread: 0 });
  });

  it('sends through the hall with an acknowledgement, and refuses bad emits in the ack', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const [sa, sb] = await Promise.all([open(a), open(b)]);
    const gb = collect(sb);
    const ack = await emitSend(sa, { to_user_id: b.user.id, client_id: cid(), type: 'text', content: 'via hall' });
    expect(ack.code).toBe(200);
    expect(ack.data).toMatchObject({ content: 'via hall', sender_id: a.user.id });
    await eventually(() => gb.length === 1, { what: 'the live messages' });
    expect(gb[0]!.id).toBe(ack.data!.id);

    for (const bad of [
      null,
      'text',
      42,
      [],
      {},
      { to_user_id: b.user.id },
      { to_user_id: b.user.id, client_id: 'short', type: 'text', content: 'x' },
      { to_user_id: b.user.id, client_id: cid(), type: 'video', content: 'x' },
      { to_user_id: b.user.id, client_id: cid(), type: 'text', content: 'x', admin: true },
      { to_user_id: b.user.id, client_id: cid(), type: 'text', content: 'x'.repeat(200_000) },
    ]) {
      const res = await emitSend(sa, bad);
      expect(res.code, JSON.stringify(bad)?.slice(0, 80)).toBe(ErrorCode.VALIDATION);
      expect(res.data).toBeNull();
    }
    // No ack callback, an unknown event: ignored, and the socket still works.
    sa.emit('chatSend', { to_user_id: b.user.id, client_id: cid(), type: 'text', content: 'no ack' } as ChatSendInput, undefined as never);
    (sa as unknown as { emit: (e: string, ...a: unknown[]) => void }).emit('dropTables', { all: true });
    const again = await emitSend(sa, { to_user_id: b.user.id, client_id: cid(), type: 'text', content: 'still here' });
    expect(again.code).toBe(200);
    expect(sa.connected).toBe(true);
  });

  it('is idempotent by client_id: the same id twice (or at once) is one message', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const sb = await open(b);
    const gb = collect(sb);
    const client_id = cid();
    const body = { to_user_id: b.user.id, client_id, type: 'text' as const, content: 'once' };
    const [r1, r2, r3] = await Promise.all([
      s.api.call(api.chatSend, body, { token: a.token }),
      s.api.call(api.chatSend, body, { token: a.token }),
      s.api.call(api.chatSend, body, { token: a.token }),
    ]);
    expect(new Set([r1.data.id, r2.data.id, r3.data.id]).size).toBe(1);
    const r4 = await s.api.call(api.chatSend, { ...body, content: 'changed on retry' }, { token: a.token });
    expect(r4.data).toEqual(r1.data);
    // A later message arrives after any duplicate would have: then B has heard the first one once.
    const marker = await send(a, b, 'marker');
    await eventually(() => gb.some((m) => m.id === marker.data.id), { what: 'the live messages' });
    expect(gb.map((m) => m.id)).toEqual([r1.data.id, marker.data.id]);
    expect((await s.api.call(api.chatHistory, { user_id: a.user.id }, { token: b.token })).data.list.length).toBe(2);
    expect((await s.api.call(api.chatConversation, { user_id: a.user.id }, { token: b.token })).data.unread).toBe(2);
  });

  it('keeps order and delivers what an offline user missed on reconnect, without duplicates', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const sb = await open(b);
    const live = collect(sb);
    await send(a, b, 'm0');
    await eventually(() => live.length === 1, { what: 'the live messages' });
    const cursor = live[0]!.id;
    sb.close();

    // While B is away: A sends, B's own other device sends, both interleaved.
    const sent: ChatMessage[] = [];
    for (let i = 1; i <= 6; i++) sent.push((await (i % 3 === 0 ? send(b, a, `b${i}`) : send(a, b, `a${i}`))).data);
    // A retry of an already stored message while B is offline adds nothing.
    await s.api.call(api.chatSend, { to_user_id: b.user.id, client_id: sent[0]!.client_id, type: 'text', content: 'a1' }, { token: a.token });

    const back = await open(b);
    const afterReconnect = collect(back);
    const sync = await s.api.call(api.chatSync, { after_id: cursor }, { token: b.token });
    expect(sync.data.has_more).toBe(false);
    expect(sync.data.list.map((m) => m.content)).toEqual(['a1', 'a2', 'b3', 'a4', 'a5', 'b6']);
    const ids = sync.data.list.map((m) => m.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);

    // Paged catch-up gives the same sequence.
    const paged: number[] = [];
    let after = cursor;
    for (;;) {
      const p = await s.api.call(api.chatSync, { after_id: after, size: 2 }, { token: b.token });
      paged.push(...p.data.list.map((m) => m.id));
      if (!p.data.has_more) break;
      after = p.data.list.at(-1)!.id;
    }
    expect(paged).toEqual(ids);

    // Live again after the catch-up.
    await send(a, b, 'after');
    await eventually(() => afterReconnect.length === 1, { what: 'the live messages' });
    expect(afterReconnect[0]!.content).toBe('after');
  });

  it('orders concurrent sends from both sides consistently in history', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? send(a, b, `a${i}`) : send(b, a, `b${i}`))));
    const ha = (await s.api.call(api.chatHistory, { user_id: b.user.id }, { token: a.token })).data.list;
    const hb = (await s.api.call(api.chatHistory, { user_id: a.user.id }, { token: b.token })).data.list;
    expect(ha.length).toBe(10);
    expect(ha).toEqual(hb);
    expect(ha.map((m) => m.id)).toEqual([...ha.map((m) => m.id)].sort((x, y) => x - y));
  });

  it("keeps each side's last message and unread count right under concurrent sends and reads", async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const side = async (me: Session, peer: Session) =>
      (await s.api.call(api.chatConversations, {}, { token: me.token })).data.list.find((c) => c.peer.id === peer.user.id)!;
    for (let round = 0; round < 3; round++) {
      // Both directions at once, while b reads: every message has an id in commit order, the
      // last message is the newest, and b's unread is exactly a's messages after b's read pointer.
      await Promise.all([
        ...Array.from({ length: 8 }, (_, i) => (i % 2 ? send(a, b, `a${round}.${i}`) : send(b, a, `b${round}.${i}`))),
        s.api.call(api.chatRead, { user_id: a.user.id }, { token: b.token }),
      ]);
      const history = (await s.api.call(api.chatHistory, { user_id: b.user.id, size: 100 }, { token: a.token })).data.list;
      const newest = history.at(-1)!;
      const [ofA, ofB] = await Promise.all([side(a, b), side(b, a)]);
      expect(ofA.last_message?.id).toBe(newest.id);
      expect(ofB.last_message?.id).toBe(newest.id);
      expect(ofB.unread).toBe(history.filter((m) => m.sender_id === a.user.id && m.id > ofA.peer_read_id).length);
    }
  });

  it('pages history upward from before_id', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    for (let i = 0; i < 7; i++) await send(a, b, `h${i}`);
    const p1 = await s.api.call(api.chatHistory, { user_id: b.user.id, size: 3 }, { token: a.token });
    expect(p1.data.list.map((m) => m.content)).toEqual(['h4', 'h5', 'h6']);
    expect(p1.data.has_more).toBe(true);
    const p2 = await s.api.call(api.chatHistory, { user_id: b.user.id, size: 3, before_id: p1.data.list[0]!.id }, { token: a.token });
    expect(p2.data.list.map((m) => m.content)).toEqual(['h1', 'h2', 'h3']);
    const p3 = await s.api.call(api.chatHistory, { user_id: b.user.id, size: 3, before_id: p2.data.list[0]!.id }, { token: a.token });
    expect(p3.data).toMatchObject({ has_more: false });
    expect(p3.data.list.map((m) => m.content)).toEqual(['h0']);
  });
});

describe('chat: content rules', () => {
  it('refuses self, unknown users, empty and oversize text, foreign images and replies from another conversation', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    expect((await send(a, a, 'me')).code).toBe(ErrorCode.CHAT_TO_SELF);
    expect((await s.api.call(api.chatSend, { to_user_id: 99_999_999, client_id: cid(), type: 'text', content: 'x' }, { token: a.token })).code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await send(a, b, '   \n ')).code).toBe(ErrorCode.CHAT_EMPTY);
    expect((await send(a, b, '')).code).toBe(ErrorCode.CHAT_EMPTY);
    expect((await send(a, b, '字'.repeat(501))).code).toBe(ErrorCode.CHAT_TOO_LONG);
    expect((await send(a, b, '字'.repeat(500))).code).toBe(200);
    const huge = await send(a, b, 'x'.repeat(2001));
    expect([huge.status, huge.code]).toEqual([400, ErrorCode.VALIDATION]);
    expect(huge.msg).toContain('content');
    expect((await send(a, b, 'https://evil.example/x.png', { type: 'image' })).code).toBe(ErrorCode.CHAT_BAD_IMAGE);
    expect((await send(a, b, 'hello', { type: 'emoji' })).code).toBe(ErrorCode.VALIDATION);
    expect((await send(a, b, '😂', { type: 'emoji' })).data).toMatchObject({ type: 'emoji', content: '😂' });

    // An image the sender uploaded goes through; someone else's upload does not.
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#ff3366' } })
      .png()
      .toBuffer();
    const fd = new FormData();
    fd.append('file', new Blob([png], { type: 'image/png' }), 'a.png');
    const up = await s.api.raw<{ url: string }>('POST', fullPath(api.uploadFile), { body: fd, headers: { Authorization: c.token } });
    expect(up.code).toBe(200);
    expect((await send(a, b, up.data.url, { type: 'image' })).code).toBe(ErrorCode.CHAT_BAD_IMAGE);
    const img = await send(c, b, up.data.url, { type: 'image' });
    expect(img.data).toMatchObject({ type: 'image', content: up.data.url });

    // Replies quote a message of the same conversation.
    const original = (await send(b, a, '原消息'.repeat(40))).data;
    const reply = await send(a, b, '回复', { reply_to: original.id });
    expect(reply.data.reply).toEqual({ id: original.id, sender_id: b.user.id, type: 'text', content: '原消息'.repeat(40).slice(0, 80) });
    expect((await send(a, b, '偷看', { reply_to: img.data.id })).code).toBe(ErrorCode.CHAT_REPLY_NOT_FOUND);
    expect((await send(a, b, '不存在', { reply_to: 99_999_999 })).code).toBe(ErrorCode.CHAT_REPLY_NOT_FOUND);
  });

  it('refuses bad input on every call with 400 naming the field, and guests and anonymous callers', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const t = { token: a.token };
    const cases: Array<[Parameters<typeof s.api.call>[0], Record<string, unknown>]> = [
      [api.chatSend, { to_user_id: b.user.id, client_id: cid(), type: 'text' }],
      [api.chatSend, { to_user_id: 'b', client_id: cid(), type: 'text', content: 'x' }],
      [api.chatSend, { to_user_id: b.user.id, client_id: 'bad id!', type: 'text', content: 'x' }],
      [api.chatSend, { to_user_id: b.user.id, client_id: cid(), type: 'text', content: 'x', reply_to: 'x' }],
      [api.chatSend, { to_user_id: b.user.id, client_id: cid(), type: 'text', content: 'x', sender_id: 1 }],
      [api.chatHistory, { user_id: 'x' }],
      [api.chatHistory, { user_id: b.user.id, size: 1000 }],
      [api.chatHistory, { user_id: b.user.id, before_id: -4 }],
      [api.chatSync, {}],
      [api.chatSync, { after_id: -1 }],
      [api.chatConversations, { size: 0 }],
      [api.chatConversation, {}],
      [api.chatRead, { user_id: b.user.id, up_to_id: 'all' }],
      [api.chatRead, {}],
      [api.chatSetting, { user_id: b.user.id, muted: 'yes' }],
      [api.chatSetting, { user_id: b.user.id, role: 'admin' }],
      [api.chatClear, { user_id: 0 }],
      [api.chatDelete, { peer: b.user.id }],
    ];
    for (const [def, input] of cases) {
      const r = await s.api.call(def, input, t);
      expect([r.status, r.code], `${def.path} ${JSON.stringify(input)}`).toEqual([400, ErrorCode.VALIDATION]);
    }
    for (const def of [api.chatConversations, api.chatSync, api.chatSend, api.chatRead]) {
      expect((await s.api.call(def, {})).status, def.path).toBe(401);
    }
    const guest = await s.api.call(api.visitor, undefined, { headers: { Device: 'chat-test-guest-0001' } });
    const g = await s.api.call(api.chatSend, { to_user_id: b.user.id, client_id: cid(), type: 'text', content: 'x' }, { token: guest.data.token });
    expect(g.code).toBe(ErrorCode.GUEST_NOT_ALLOWED);
    // A guest's hall socket cannot send either.
    const gs = connectHall(s.url, { uuid: guest.data.user.uuid, token: guest.data.token });
    sockets.push(gs);
    await connected(gs);
    expect((await emitSend(gs, { to_user_id: b.user.id, client_id: cid(), type: 'text', content: 'x' })).code).toBe(ErrorCode.GUEST_NOT_ALLOWED);
  });

  it('only ever shows the caller their own conversations', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const secret = (await send(a, b, 'secret')).data;
    // C asks for "the conversation with A": it is C↔A, empty; nothing of A↔B leaks.
    expect((await s.api.call(api.chatHistory, { user_id: a.user.id }, { token: c.token })).data.list).toEqual([]);
    expect((await s.api.call(api.chatSync, { after_id: 0 }, { token: c.token })).data.list).toEqual([]);
    expect((await s.api.call(api.chatConversation, { user_id: a.user.id }, { token: c.token })).data).toMatchObject({ last_message: null, unread: 0 });
    // Reading "up to" A↔B's message id from C changes nothing for anyone.
    expect((await s.api.call(api.chatRead, { user_id: a.user.id, up_to_id: secret.id }, { token: c.token })).data.unread).toBe(0);
    expect((await s.api.call(api.chatConversation, { user_id: a.user.id }, { token: b.token })).data.unread).toBe(1);
  });
});

describe('chat: blocks, reads, settings', () => {
  it('refuses messages to a user who blocked you, and from one you blocked, until unblocked', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    await send(a, b, 'hi');
    expect((await s.api.call(api.chatSetting, { user_id: a.user.id, blocked: true }, { token: b.token })).data).toEqual({
      muted: false,
      pinned: false,
      blocked: true,
    });
    const refused = await send(a, b, 'are you there?');
    expect(refused.code).toBe(ErrorCode.CHAT_BLOCKED);
    expect(refused.msg).toBe('对方已拒收你的消息');
    expect((await send(b, a, 'x')).code).toBe(ErrorCode.CHAT_YOU_BLOCKED);
    expect((await s.api.call(api.userProfile, { user_id: a.user.id }, { token: b.token })).data.is_blocked).toBe(true);
    // Blocking before any message works too.
    const c = await member();
    await s.api.call(api.chatSetting, { user_id: c.user.id, blocked: true }, { token: a.token });
    expect((await send(c, a, 'first')).code).toBe(ErrorCode.CHAT_BLOCKED);

    await s.api.call(api.chatSetting, { user_id: a.user.id, blocked: false }, { token: b.token });
    expect((await send(a, b, 'back')).code).toBe(200);
    expect((await s.api.call(api.chatSetting, { user_id: b.user.id, blocked: true }, { token: b.token })).code).toBe(ErrorCode.CHAT_TO_SELF);
  });

  it('read receipts clear the unread count on every device and tell the sender', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    const b2 = (await s.api.login(b.user.account, 'abc12345')).data;
    const [sa, sb1, sb2] = await Promise.all([open(a), open(b), open(b2)]);
    const m1 = (await send(a, b, 'one')).data;
    const m2 = (await send(a, b, 'two')).data;
    const m3 = (await send(a, b, 'three')).data;
    expect((await s.api.call(api.chatConversation, { user_id: a.user.id }, { token: b.token })).data.unread).toBe(3);

    const receiptA = next(sa, 'chatRead');
    const receiptB2 = next(sb2, 'chatRead');
    const countB2 = next(sb2, 'rGetUnreadCount');
    const partial = await s.api.call(api.chatRead, { user_id: a.user.id, up_to_id: m2.id }, { token: b.token });
    expect(partial.data).toEqual({ unread: 1, unread_total: 1 });
    expect(await receiptA).toEqual({ reader_id: b.user.id, peer_id: a.user.id, up_to_id: m2.id });
    expect(await receiptB2).toEqual({ reader_id: b.user.id, peer_id: a.user.id, up_to_id: m2.id });
    expect(await countB2).toEqual({ total: 1, isNew: false });
    expect((await s.api.call(api.chatConversation, { user_id: b.user.id }, { token: a.token })).data.peer_read_id).toBe(m2.id);

    const all = next(sb1, 'rGetUnreadCount');
    expect((await s.api.call(api.chatRead, { user_id: a.user.id }, { token: b2.token })).data).toEqual({ unread: 0, unread_total: 0 });
    expect(await all).toEqual({ total: 0, isNew: false });
    expect((await s.api.call(api.chatConversation, { user_id: b.user.id }, { token: a.token })).data.peer_read_id).toBe(m3.id);
    // Asking the hall agrees.
    const asked = next(sb1, 'rGetUnreadCount');
    sb1.emit('getUnreadCount');
    expect((await asked).total).toBe(0);
    // Reading past the end or again changes nothing.
    expect((await s.api.call(api.chatRead, { user_id: a.user.id, up_to_id: m1.id }, { token: b.token })).data.unread).toBe(0);
  });

  it('counts unread notices plus unmuted chats in the hall total; mutes, pins, clears and deletes for the caller only', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const sc = await open(c);
    await send(a, c, 'from a');
    await send(b, c, 'from b 1');
    await send(b, c, 'from b 2');
    const asked = next(sc, 'rGetUnreadCount');
    sc.emit('getUnreadCount');
    expect((await asked).total).toBe(3);

    const muted = next(sc, 'rGetUnreadCount');
    await s.api.call(api.chatSetting, { user_id: b.user.id, muted: true }, { token: c.token });
    expect((await muted).total).toBe(1);
    // A muted conversation's message does not raise the badge or count as new.
    const quiet = next(sc, 'rGetUnreadCount');
    await send(b, c, 'from b 3');
    expect(await quiet).toEqual({ total: 1, isNew: false });

    // Pinned first, then by last message.
    await s.api.call(api.chatSetting, { user_id: a.user.id, pinned: true }, { token: c.token });
    const list = (await s.api.call(api.chatConversations, {}, { token: c.token })).data;
    expect(list.list.map((x) => [x.peer.id, x.pinned, x.muted, x.unread])).toEqual([
      [a.user.id, true, false, 1],
      [b.user.id, false, true, 3],
    ]);
    expect(list.unread_total).toBe(1);

    // Clear: gone for C, kept for B.
    await s.api.call(api.chatClear, { user_id: b.user.id }, { token: c.token });
    expect((await s.api.call(api.chatHistory, { user_id: b.user.id }, { token: c.token })).data.list).toEqual([]);
    expect((await s.api.call(api.chatHistory, { user_id: c.user.id }, { token: b.token })).data.list.length).toBe(3);
    const cleared = (await s.api.call(api.chatConversation, { user_id: b.user.id }, { token: c.token })).data;
    expect(cleared).toMatchObject({ last_message: null, unread: 0, muted: true });

    // Delete: off the list until the next message, which is all the history shows.
    await s.api.call(api.chatDelete, { user_id: a.user.id }, { token: c.token });
    expect((await s.api.call(api.chatConversations, {}, { token: c.token })).data.list.map((x) => x.peer.id)).toEqual([b.user.id]);
    const fresh = (await send(a, c, 'again')).data;
    const back = (await s.api.call(api.chatConversations, {}, { token: c.token })).data.list;
    expect(back[0]).toMatchObject({ peer: { id: a.user.id }, unread: 1, last_message: fresh, pinned: true });
    expect((await s.api.call(api.chatHistory, { user_id: a.user.id }, { token: c.token })).data.list.map((m) => m.content)).toEqual(['again']);
  });
});

describe('calls: signalling through the hall', () => {
  const emitCall = (sock: HallSocket, payload: unknown): Promise<ChatAck> => new Promise((resolve) => sock.emit('call', payload as never, resolve));

  it('relays invite, accept, SDP and ICE, and end between friends, and records the call in the conversation', async () => {
    const [a, b] = await Promise.all([member(), member()]);
    await s.api.call(api.followAdd, { user_id: b.user.id }, { token: a.token });
    await s.api.call(api.followAdd, { user_id: a.user.id }, { token: b.token });
    const [sa, sb] = await Promise.all([open(a), open(b)]);
    const call_id = cid();

    const ring = next(sb, 'call');
    expect((await emitCall(sa, { type: 'invite', call_id, to_user_id: b.user.id })).code).toBe(200);
    expect(await ring).toMatchObject({ type: 'invite', call_id, from_user_id: a.user.id, from: { id: a.user.id, nickname: a.user.nickname } });

    const accepted = next(sa, 'call');
    await emitCall(sb, { type: 'accept', call_id, to_user_id: a.user.id });
    expect(await accepted).toMatchObject({ type: 'accept', from_user_id: b.user.id });

    const offer = next(sb, 'call');
    await emitCall(sa, { type: 'signal', call_id, to_user_id: b.user.id, sdp: { type: 'offer', sdp: 'v=0' } });
    expect(await offer).toMatchObject({ type: 'signal', sdp: { type: 'offer', sdp: 'v=0' } });
    const ice = next(sa, 'call');
    await emitCall(sb, {
      type: 'signal',
      call_id,
      to_user_id: a.user.id,
      candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    });
    expect((await ice).type).toBe('signal');

    const ended = next(sb, 'call');
    const record = next(sb, 'newMessage');
    await emitCall(sa, { type: 'end', call_id, to_user_id: b.user.id, reason: 'ended', duration_s: 83 });
    expect(await ended).toMatchObject({ type: 'end', reason: 'ended' });
    const m = await record;
    expect(m.kind === 'chat' && m.message).toMatchObject({ type: 'call', content: 'ended:83', sender_id: a.user.id });
    // The same end again records nothing new.
    await emitCall(sa, { type: 'end', call_id, to_user_id: b.user.id, reason: 'ended', duration_s: 83 });
    const calls = (await s.api.call(api.chatHistory, { user_id: a.user.id }, { token: b.token })).data.list.filter((x) => x.type === 'call');
    expect(calls.map((x) => x.content)).toEqual(['ended:83']);
  });

  it('leaves a missed call, and refuses calls to non-friends, to oneself, when blocked, and bad shapes', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    await s.api.call(api.followAdd, { user_id: b.user.id }, { token: a.token });
    await s.api.call(api.followAdd, { user_id: a.user.id }, { token: b.token });
    const sa = await open(a);
    await emitCall(sa, { type: 'invite', call_id: cid(), to_user_id: b.user.id });
    await emitCall(sa, { type: 'end', call_id: cid(), to_user_id: b.user.id, reason: 'missed' });
    const conv = (await s.api.call(api.chatConversation, { user_id: a.user.id }, { token: b.token })).data;
    expect(conv).toMatchObject({ unread: 1, last_message: { type: 'call', content: 'missed' } });

    expect((await emitCall(sa, { type: 'invite', call_id: cid(), to_user_id: c.user.id })).code).toBe(ErrorCode.CALL_NOT_FRIENDS);
    expect((await emitCall(sa, { type: 'invite', call_id: cid(), to_user_id: a.user.id })).code).toBe(ErrorCode.CHAT_TO_SELF);
    await s.api.call(api.chatSetting, { user_id: a.user.id, blocked: true }, { token: b.token });
    expect((await emitCall(sa, { type: 'invite', call_id: cid(), to_user_id: b.user.id })).code).toBe(ErrorCode.CHAT_BLOCKED);
    for (const bad of [
      null,
      {},
      { type: 'invite' },
      { type: 'dial', call_id: cid(), to_user_id: b.user.id },
      { type: 'end', call_id: cid(), to_user_id: b.user.id, reason: 'ended', duration_s: -1 },
      { type: 'signal', call_id: cid(), to_user_id: b.user.id, sdp: { type: 'offer', sdp: 'x'.repeat(30_000) } },
    ]) {
      expect((await emitCall(sa, bad)).code, JSON.stringify(bad)?.slice(0, 60)).toBe(ErrorCode.VALIDATION);
    }
  });
});
