/**
 * The room channel (socket.io `/room`) against a started server: joining (closed rooms, passwords,
 * kick bans), presence, chat limits, auth levels (mute, kick, admins), the mic queue and seats,
 * settings, and the anchor leaving (grace period) or ending the live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, ROOM_AUTH_FAILED, ROOM_NAMESPACE, type Session } from '@app/contract';
import { eventually } from '@app/testkit';
import { fakeClock } from './helpers/fakeClock.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { anchor, closeSockets, collect, connectRoom, join, member, memberIn, next, openRoom, operator, ownedRoom, send } from './roomHarness.js';

let s: TestServer;
let op: Session;
// The room grace period (the default minute) runs on a clock the grace test moves: no test waits it out.
const clock = fakeClock();

beforeAll(async () => {
  s = await startTestServer({ clock });
  op = await operator(s);
});
afterAll(async () => {
  closeSockets();
  await s?.close();
});

const liveRoom = (body: Record<string, unknown> = {}) => ownedRoom(s, op, body);
const viewer = (roomId: number, password?: string) => memberIn(s, roomId, password);

describe('room channel: joining', () => {
  it('refuses a bad handshake, closed and unknown rooms, bad payloads, and events before joining', async () => {
    const u = await member(s);
    await expect(connectRoom(s, { token: 'nope', user: u.user })).rejects.toThrow(ROOM_AUTH_FAILED);
    await expect(connectRoom(s, { token: u.token, user: { ...u.user, uuid: 'someone-else' } })).rejects.toThrow(ROOM_AUTH_FAILED);
    const sock = await connectRoom(s, u);
    expect((await send(sock, 'join', { room_id: 99999999 })).code).toBe(ErrorCode.NOT_FOUND);
    const bad = await send(sock, 'join', { room_id: 'x' } as never);
    expect([bad.code, bad.msg.split(':')[0]]).toEqual([ErrorCode.VALIDATION, 'room_id']);
    expect((await send(sock, 'join', { room_id: 1, extra: true } as never)).code).toBe(ErrorCode.VALIDATION);
    expect((await send(sock, 'chat', { text: 'hi' })).code).toBe(ErrorCode.ROOM_NOT_JOINED);
    expect((await send(sock, 'micRequest', {})).code).toBe(ErrorCode.ROOM_NOT_JOINED);

    const a = await anchor(s, op);
    const room = await openRoom(s, a);
    await s.api.call(api.roomClose, { room_id: room.id }, { token: a.token });
    expect((await send(sock, 'join', { room_id: room.id })).code).toBe(ErrorCode.ROOM_CLOSED);
  });

  it('asks for the password of a password room, refuses a wrong one (locked out after 5), lets the owner in without', async () => {
    const { room } = await liveRoom({ password: 'pass1234' });
    const u = await member(s);
    const sock = await connectRoom(s, u);
    expect((await send(sock, 'join', { room_id: room.id })).code).toBe(ErrorCode.ROOM_PASSWORD_REQUIRED);
    expect((await send(sock, 'join', { room_id: room.id, password: 'wrong1' })).code).toBe(ErrorCode.ROOM_PASSWORD_WRONG);
    const ok = await join(sock, room.id, 'pass1234');
    expect(ok.room).toMatchObject({ id: room.id, need_password: true, my_auth: 4 });

    const guesser = await connectRoom(s, await member(s));
    for (let i = 0; i < 4; i++) expect((await send(guesser, 'join', { room_id: room.id, password: `bad${i}x` })).code).toBe(ErrorCode.ROOM_PASSWORD_WRONG);
    expect((await send(guesser, 'join', { room_id: room.id, password: 'bad4x' })).code).toBe(ErrorCode.ROOM_PASSWORD_LOCKED);
    expect((await send(guesser, 'join', { room_id: room.id, password: 'pass1234' })).code).toBe(ErrorCode.ROOM_PASSWORD_LOCKED);
  });

  it('counts wrong room passwords per user and room, not per socket: new sockets stay locked out', async () => {
    const { room } = await liveRoom({ password: 'pass1234' });
    const guesser = await member(s);
    const answers = [];
    // Four sockets one after another (a reconnecting client), two wrong guesses each.
    for (let n = 0; n < 4; n++) {
      const sock = await connectRoom(s, guesser);
      for (let i = 0; i < 2; i++) answers.push(await send(sock, 'join', { room_id: room.id, password: `bad${n}${i}xx` }));
      sock.disconnect();
    }
    expect(answers.map((a) => a.code)).toEqual([...Array(4).fill(ErrorCode.ROOM_PASSWORD_WRONG), ...Array(4).fill(ErrorCode.ROOM_PASSWORD_LOCKED)]);
    expect(answers.slice(0, 4).map((a) => a.msg)).toEqual([4, 3, 2, 1].map((n) => `房间密码错误，还可尝试${n}次`));
    // A fifth socket with the right password: still locked out, told when to come back.
    const late = await send(await connectRoom(s, guesser), 'join', { room_id: room.id, password: 'pass1234' });
    expect(late.code).toBe(ErrorCode.ROOM_PASSWORD_LOCKED);
    expect(late.msg).toMatch(/请(\d+)分钟后再试/);
    expect(Date.parse((late.data as unknown as { until: string }).until)).toBeGreaterThan(Date.now() + 9 * 60_000);
    // The lock is this user's in this room: someone else with the password gets in.
    await viewer(room.id, 'pass1234');

    // Ten minutes later (the rows aged) the guesser gets in, and the right password clears the count.
    await s.deps.db.kysely
      .updateTable('login_failures')
      .set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('key', 'like', `%room:${room.id}:u:${guesser.user.id}`)
      .execute();
    const again = await connectRoom(s, guesser);
    await join(again, room.id, 'pass1234');
    const rows = await s.deps.db.kysely.selectFrom('login_failures').select('id').where('key', 'like', `%room:${room.id}:u:${guesser.user.id}`).execute();
    expect(rows).toHaveLength(0);
  });

  it('gives wrong room passwords sent at once over several sockets exactly 5 tries', async () => {
    const { room } = await liveRoom({ password: 'pass1234' });
    const guesser = await member(s);
    const socks = await Promise.all(Array.from({ length: 4 }, () => connectRoom(s, guesser)));
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => send(socks[i % 4]!, 'join', { room_id: room.id, password: `bad${i}xyz` })));
    expect(
      answers
        .filter((a) => a.code === ErrorCode.ROOM_PASSWORD_WRONG)
        .map((a) => a.msg)
        .sort(),
    ).toEqual([1, 2, 3, 4].map((n) => `房间密码错误，还可尝试${n}次`));
    expect(answers.filter((a) => a.code === ErrorCode.ROOM_PASSWORD_LOCKED)).toHaveLength(8);
  });

  it('counts people online, announces notable entries and recent viewers, and lets guests watch but not chat', async () => {
    const { room, ownerSock } = await liveRoom();
    const enters: number[] = [];
    ownerSock.on('enter', (p) => enters.push(p.user.id));
    const counted = next(ownerSock, 'online', (p) => p.online === 2);
    const { who, sock } = await viewer(room.id);
    const online = await counted;
    // A plain member's arrival is in the aggregated update (count + latest arrivals), not a banner to everyone.
    expect(online.recent.map((u) => u.id)).toEqual([who.user.id, room.anchor.id]);
    expect(enters).toEqual([]);
    expect((await s.api.call(api.roomInfo, { room_id: room.id })).data.online).toBe(2);
    // A follower of the anchor is notable: their entrance is announced.
    const fan = await member(s);
    expect((await s.api.call(api.followAdd, { user_id: room.anchor.id }, { token: fan.token })).code).toBe(200);
    const entered = next(ownerSock, 'enter');
    const fanSock = await connectRoom(s, fan);
    await join(fanSock, room.id);
    expect((await entered).user).toMatchObject({ id: fan.user.id, auth: 4 });
    expect(enters).toEqual([fan.user.id]);
    expect((await send(fanSock, 'leave', {})).code).toBe(200);

    const guest = (await s.api.call(api.visitor, {}, { headers: { Device: 'room-channel-guest-1' } })).data;
    const gsock = await connectRoom(s, guest);
    const joined = await join(gsock, room.id);
    expect(joined.online).toBe(3);
    expect((await send(gsock, 'chat', { text: '你好' })).code).toBe(ErrorCode.LOGIN_REQUIRED);
    expect((await send(gsock, 'micRequest', {})).code).toBe(ErrorCode.LOGIN_REQUIRED);

    // Leaving is counted at once; a second tab of the same user keeps them present.
    const tab2 = await connectRoom(s, who);
    await join(tab2, room.id);
    const sockId = sock.id!;
    sock.close();
    await eventually(() => !s.hall.io.of(ROOM_NAMESPACE).sockets.has(sockId), { what: 'the server to drop the closed tab' });
    expect((await s.api.call(api.roomInfo, { room_id: room.id })).data.online).toBe(3);
    const recounted = next(ownerSock, 'online', (p) => p.online === 2);
    expect((await send(tab2, 'leave', {})).code).toBe(200);
    await recounted;
  });
});

describe('room channel: chat and moderation', () => {
  it('carries chat both ways with the sender’s level; limits length and rate', async () => {
    const { room, owner, ownerSock } = await liveRoom();
    const { who, sock } = await viewer(room.id);
    const got = next(ownerSock, 'chat');
    const sent = await send(sock, 'chat', { text: '  主播好！ ', danmaku: true });
    expect(sent.code).toBe(200);
    expect(await got).toMatchObject({ id: sent.data!.id, text: '主播好！', danmaku: true, user: { id: who.user.id, auth: 4 } });
    // The viewer hears its own line back too (after its acknowledgement): wait for the owner's.
    const back = next(sock, 'chat', (c) => c.user.id === owner.user.id);
    await send(ownerSock, 'chat', { text: '欢迎欢迎' });
    expect(await back).toMatchObject({ text: '欢迎欢迎', danmaku: false, user: { id: owner.user.id, auth: 1 } });

    expect((await send(sock, 'chat', { text: '长'.repeat(101) })).code).toBe(ErrorCode.VALIDATION);
    expect((await send(sock, 'chat', { text: '   ' })).code).toBe(ErrorCode.VALIDATION);
    expect((await send(sock, 'chat', {} as never)).code).toBe(ErrorCode.VALIDATION);
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await send(sock, 'chat', { text: `刷屏${i}` })).code);
    expect(codes).toContain(ErrorCode.RATE_LIMITED);
  });

  it('delivers a burst of chat lines sent at once to every viewer, each line once', async () => {
    const { ownerSock, room } = await liveRoom();
    const viewers = await Promise.all([viewer(room.id), viewer(room.id)]);
    const got = viewers.map(({ sock }) => collect(sock, 'chat'));
    const texts = ['一', '二', '三', '四', '五'];
    const acks = await Promise.all(texts.map((text) => send(ownerSock, 'chat', { text })));
    expect(acks.map((a) => a.code)).toEqual(texts.map(() => 200));
    await eventually(() => expect(got.map((g) => g.length)).toEqual([5, 5]));
    // Lines sent without waiting are handled concurrently (on PostgreSQL they may finish out of order).
    for (const g of got) expect(g.map((c) => c.text).sort()).toEqual([...texts].sort());
  });

  it('mutes and unmutes (owner, admins); admins cannot touch the owner; only the owner appoints admins', async () => {
    const { room, owner, ownerSock } = await liveRoom();
    const adm = await viewer(room.id);
    const v = await viewer(room.id);

    expect((await send(v.sock, 'mute', { user_id: adm.who.user.id, muted: true })).code).toBe(ErrorCode.FORBIDDEN);
    expect((await send(adm.sock, 'setAdmin', { user_id: v.who.user.id, admin: true })).code).toBe(ErrorCode.FORBIDDEN);
    const appointed = next(v.sock, 'moderation', (p) => p.action === 'admin');
    expect((await send(ownerSock, 'setAdmin', { user_id: adm.who.user.id, admin: true })).code).toBe(200);
    expect(await appointed).toMatchObject({ user: { id: adm.who.user.id }, auth: 2, by: { id: owner.user.id } });

    const muted = next(v.sock, 'moderation', (p) => p.action === 'mute');
    expect((await send(adm.sock, 'mute', { user_id: v.who.user.id, muted: true })).code).toBe(200);
    expect(await muted).toMatchObject({ user: { id: v.who.user.id }, muted: true, auth: 4 });
    expect((await send(v.sock, 'chat', { text: '我还能说话吗' })).code).toBe(ErrorCode.ROOM_MUTED);
    expect((await s.api.call(api.roomInfo, { room_id: room.id }, { token: v.who.token })).data.my_muted).toBe(true);

    expect((await send(adm.sock, 'mute', { user_id: owner.user.id, muted: true })).code).toBe(ErrorCode.FORBIDDEN);
    expect((await send(adm.sock, 'kick', { user_id: owner.user.id })).code).toBe(ErrorCode.FORBIDDEN);
    expect((await send(adm.sock, 'mute', { user_id: adm.who.user.id, muted: true })).code).toBe(ErrorCode.FORBIDDEN);
    expect((await send(ownerSock, 'mute', { user_id: 99999999, muted: true })).code).toBe(ErrorCode.NOT_FOUND);
    expect((await send(ownerSock, 'mute', { user_id: v.who.user.id } as never)).code).toBe(ErrorCode.VALIDATION);

    expect((await send(ownerSock, 'mute', { user_id: v.who.user.id, muted: false })).code).toBe(200);
    expect((await send(v.sock, 'chat', { text: '又能说话了' })).code).toBe(200);
  });

  it('announces notable entrances at most once a second per room: within a window only the latest waits', async () => {
    const { room, ownerSock } = await liveRoom();
    const fans = await Promise.all([0, 1, 2].map(() => member(s)));
    for (const fan of fans) await s.api.call(api.followAdd, { user_id: room.anchor.id }, { token: fan.token });
    const seen: { id: number; at: number }[] = [];
    ownerSock.on('enter', (p) => seen.push({ id: p.user.id, at: performance.now() }));
    for (const fan of fans) await join(await connectRoom(s, fan), room.id);
    const [first, middle, last] = fans.map((f) => f.user.id) as [number, number, number];
    await eventually(() => seen.some((e) => e.id === last), { what: "the burst's latest entrance" });
    // The first fan shows at once unless the anchor's own banner (at its join) still holds the
    // window; the middle one was replaced while waiting; the latest shows when the window ends.
    const ids = seen.map((e) => e.id);
    expect(ids).not.toContain(middle);
    expect(ids[ids.length - 1]).toBe(last);
    if (ids.length === 2) {
      expect(ids[0]).toBe(first);
      expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(900);
    } else expect(ids).toEqual([last]);
  });

  it('kicks: the user is out, cannot rejoin during the ban, and can after it', async () => {
    const { room, ownerSock } = await liveRoom();
    const v = await viewer(room.id);
    const other = await viewer(room.id);
    const kicked = next(v.sock, 'kicked');
    const seenByOthers = next(other.sock, 'moderation', (p) => p.action === 'kick');
    // Heard before the checks below are done (the count is sent shortly after the kick).
    const counted = next(ownerSock, 'online', (p) => p.online === 2 && !p.recent.some((u) => u.id === v.who.user.id));
    expect((await send(ownerSock, 'kick', { user_id: v.who.user.id, minutes: 5 })).code).toBe(200);
    const k = await kicked;
    expect(Date.parse(k.until) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect((await seenByOthers).user.id).toBe(v.who.user.id);

    expect((await send(v.sock, 'chat', { text: '还在吗' })).code).toBe(ErrorCode.ROOM_NOT_JOINED);
    const again = await send(v.sock, 'join', { room_id: room.id });
    expect(again.code).toBe(ErrorCode.ROOM_KICKED);
    expect(again.data).toEqual({ until: k.until });
    const fresh = await connectRoom(s, v.who); // another connection does not help
    expect((await send(fresh, 'join', { room_id: room.id })).code).toBe(ErrorCode.ROOM_KICKED);
    expect((await s.api.call(api.roomMedia, { room_id: room.id, kind: 'play' }, { token: v.who.token })).code).toBe(ErrorCode.ROOM_NOT_JOINED);
    await counted;

    // The ban is in the database (every instance refuses); when it is over the user may return.
    await s.deps.db.kysely
      .updateTable('room_members')
      .set({ banned_until: new Date(Date.now() - 1000).toISOString() })
      .where('room_id', '=', room.id)
      .where('user_id', '=', v.who.user.id)
      .execute();
    expect((await send(fresh, 'join', { room_id: room.id })).code).toBe(200);
  });
});

describe('room channel: mic queue, seats, settings', () => {
  it('request → accept puts the viewer on a seat (co-host, may publish there); the seat limit holds; remove frees it', async () => {
    const { room, ownerSock } = await liveRoom({ mic_seats: 1, settings: { allow_mic: false } });
    const a = await viewer(room.id);
    const b = await viewer(room.id);
    expect((await send(a.sock, 'micRequest', {})).code).toBe(ErrorCode.MIC_NOT_ALLOWED);
    expect((await send(a.sock, 'settings', { settings: { allow_mic: true } })).code).toBe(ErrorCode.FORBIDDEN);
    const changed = next(a.sock, 'settings');
    const set = await send(ownerSock, 'settings', { settings: { allow_mic: true, camera: false } });
    expect(set.data!.settings).toMatchObject({ allow_mic: true, camera: false, audio: true });
    expect((await changed).settings.allow_mic).toBe(true);
    expect((await send(ownerSock, 'settings', { settings: { laser: true } } as never)).code).toBe(ErrorCode.VALIDATION);

    const queued = next(ownerSock, 'micQueue', (p) => p.queue.length === 1);
    expect((await send(a.sock, 'micRequest', {})).code).toBe(200);
    expect((await queued).queue[0]!.user.id).toBe(a.who.user.id);
    const emptied = next(ownerSock, 'micQueue', (p) => p.queue.length === 0);
    await send(a.sock, 'micCancel', {});
    await emptied;
    await send(a.sock, 'micRequest', {});
    await send(b.sock, 'micRequest', {});

    expect((await send(b.sock, 'micAccept', { user_id: a.who.user.id })).code).toBe(ErrorCode.FORBIDDEN);
    const decision = next(a.sock, 'micDecision');
    const seats = next(b.sock, 'seats', (p) => p.seats[0]!.user !== null);
    const accepted = await send(ownerSock, 'micAccept', { user_id: a.who.user.id });
    expect(accepted).toMatchObject({ code: 200, data: { seat: 1 } });
    expect(await decision).toMatchObject({ decision: 'accepted', seat: 1, user_id: a.who.user.id });
    expect((await seats).seats[0]).toMatchObject({ index: 1, seat_id: 'seat-1', user: { id: a.who.user.id }, live: false });
    const info = (await s.api.call(api.roomInfo, { room_id: room.id }, { token: a.who.token })).data;
    expect([info.my_auth, info.my_seat]).toEqual([3, 1]);
    const pub = await s.api.call(api.roomMedia, { room_id: room.id, kind: 'publish' }, { token: a.who.token });
    expect(pub.data).toMatchObject({ seat: 'seat-1', url: `/api/media/whip/${room.id}/seat-1` });
    expect(await s.services.roomMedia.authorize('publish', String(room.id), 'seat-1', pub.data.token)).toEqual({ userId: String(a.who.user.id) });

    // One seat: B's accept fails, and new requests are refused while it is taken.
    expect((await send(ownerSock, 'micAccept', { user_id: b.who.user.id })).code).toBe(ErrorCode.SEATS_FULL);
    const c = await viewer(room.id);
    expect((await send(c.sock, 'micRequest', {})).code).toBe(ErrorCode.SEATS_FULL);
    const rejected = next(b.sock, 'micDecision');
    expect((await send(ownerSock, 'micReject', { user_id: b.who.user.id })).code).toBe(200);
    expect((await rejected).decision).toBe('rejected');
    expect((await send(ownerSock, 'micReject', { user_id: b.who.user.id })).code).toBe(ErrorCode.NOT_FOUND);

    const removed = next(a.sock, 'micDecision');
    expect((await send(ownerSock, 'micRemove', { user_id: a.who.user.id })).code).toBe(200);
    expect(await removed).toMatchObject({ decision: 'removed', seat: 1 });
    expect(await s.services.roomMedia.authorize('publish', String(room.id), 'seat-1', pub.data.token)).toBe(false);
    expect((await send(ownerSock, 'micRemove', { user_id: a.who.user.id })).code).toBe(ErrorCode.NOT_ON_SEAT);
  });

  it('locks, unlocks and clears seats of a chat room; a co-host may leave their seat; the owner cannot queue', async () => {
    const { room, ownerSock } = await liveRoom({ kind: 'chat', mic_seats: 2 });
    const a = await viewer(room.id);
    expect((await send(ownerSock, 'micRequest', {})).code).toBe(ErrorCode.CONFLICT);
    expect((await send(a.sock, 'seatLock', { seat: 2, locked: true })).code).toBe(ErrorCode.FORBIDDEN);
    const locked = next(a.sock, 'seats', (p) => p.seats[1]!.locked);
    expect((await send(ownerSock, 'seatLock', { seat: 2, locked: true })).code).toBe(200);
    await locked;
    expect((await send(a.sock, 'micRequest', { seat: 2 })).code).toBe(ErrorCode.SEAT_LOCKED);
    expect((await send(a.sock, 'micRequest', { seat: 9 })).code).toBe(ErrorCode.VALIDATION);
    expect((await send(ownerSock, 'seatLock', { seat: 3, locked: true })).code).toBe(ErrorCode.NOT_FOUND);
    await send(ownerSock, 'seatLock', { seat: 2, locked: false });
    expect((await send(a.sock, 'micRequest', { seat: 2 })).code).toBe(200);
    // The viewer hears the acceptance on its own socket, which may come after the owner's ack.
    const accepted = next(a.sock, 'micDecision');
    expect(await send(ownerSock, 'micAccept', { user_id: a.who.user.id })).toMatchObject({ data: { seat: 2 } });
    expect(await accepted).toMatchObject({ decision: 'accepted', seat: 2 });

    const cleared = next(a.sock, 'micDecision');
    expect((await send(ownerSock, 'seatClear', { seat: 2 })).code).toBe(200);
    expect((await cleared).decision).toBe('removed');
    await send(a.sock, 'micRequest', {});
    await send(ownerSock, 'micAccept', { user_id: a.who.user.id, seat: 1 });
    expect((await send(a.sock, 'micRemove', { user_id: a.who.user.id })).code).toBe(200);
    expect((await s.api.call(api.roomInfo, { room_id: room.id })).data.seats.every((x) => x.user === null)).toBe(true);
  });
});

describe('room channel: the end of a live', () => {
  it('tells viewers when the owner ends the live; they are out of the room', async () => {
    const { room, owner } = await liveRoom();
    const v = await viewer(room.id);
    const closed = next(v.sock, 'closed');
    await s.api.call(api.roomClose, { room_id: room.id }, { token: owner.token });
    expect(await closed).toEqual({ room_id: room.id, reason: 'owner', note: null });
    expect((await send(v.sock, 'chat', { text: '还在吗' })).code).toBe(ErrorCode.ROOM_NOT_JOINED);
  });

  it('announces "the anchor has left", takes them back within the grace period, and closes the room after it', async () => {
    // Moving the clock on lets the grace period of every room of the file run out: those of the
    // tests above are done with.
    const grace = s.config.room.graceMs;
    const { owner, room, ownerSock: osock } = await liveRoom();
    const { sock: vsock } = await viewer(room.id);
    const info = async () => (await s.api.call(api.roomInfo, { room_id: room.id })).data;

    const gone = next(vsock, 'anchor', (p) => !p.present);
    osock.close();
    const left = await gone;
    expect(Date.parse(left.close_at!) - clock.now()).toBeGreaterThan(grace - 5000);
    expect(await info()).toMatchObject({ anchor_present: false, status: 'open', close_at: left.close_at });

    // Back within the grace period: the room stays, past the end of the grace period too.
    clock.advance(grace / 2);
    const returned = next(vsock, 'anchor', (p) => p.present);
    const back = await connectRoom(s, owner);
    await join(back, room.id);
    await returned;
    clock.advance(grace);
    await s.services.room.sweep();
    expect(await info()).toMatchObject({ anchor_present: true, status: 'open', close_at: null });

    // Gone for good: open until the grace period ends, closed when it does.
    const again = next(vsock, 'anchor', (p) => !p.present);
    back.close();
    await again;
    clock.advance(grace - 1000);
    await s.services.room.sweep();
    expect((await info()).status).toBe('open');
    const closed = next(vsock, 'closed');
    clock.advance(1100);
    expect(await closed).toEqual({ room_id: room.id, reason: 'anchor_left', note: null });
    expect((await info()).status).toBe('closed');

    // A room opened by an anchor who never shows up closes by itself too.
    const idle = await openRoom(s, owner);
    clock.advance(grace + 100);
    await eventually(async () => (await s.api.call(api.roomInfo, { room_id: idle.id })).data.status === 'closed', { what: 'the idle room closed' });
  });

  it('waits for OBS: a room whose anchor took a publish token stays open until the token expires, while the anchor seat has not published', async () => {
    const grace = s.config.room.graceMs;
    const owner = await anchor(s, op);
    const room = await openRoom(s, owner);
    const { sock: vsock } = await viewer(room.id);
    const info = async () => (await s.api.call(api.roomInfo, { room_id: room.id })).data;
    // The OBS panel: the anchor never joins the channel, OBS is set up after the panel appeared.
    const waits = next(vsock, 'anchor', (p) => !p.present);
    const pub = (await s.api.call(api.roomMedia, { room_id: room.id, kind: 'publish' }, { token: owner.token })).data;
    expect((await waits).close_at).toBe(pub.expires_at);
    const tokenLeft = Date.parse(pub.expires_at) - clock.now();
    expect(tokenLeft).toBeGreaterThan(grace + 1000);

    clock.advance(grace + 100);
    await s.services.room.sweep();
    expect(await info()).toMatchObject({ status: 'open', anchor_present: false, close_at: pub.expires_at });
    // OBS starts now: its token still publishes to this live.
    expect(await s.services.roomMedia.authorize('publish', String(room.id), 'anchor', pub.token)).toEqual({ userId: String(owner.user.id) });

    // Nothing came before the token expired: the room closes then.
    const closed = next(vsock, 'closed');
    clock.advance(Date.parse(pub.expires_at) - clock.now() + 100);
    expect(await closed).toEqual({ room_id: room.id, reason: 'anchor_left', note: null });
  });

  it('closes the room on the real timers too (a short grace period, end to end)', async () => {
    const g = await startTestServer({ env: { ROOM_GRACE_MS: '300' } });
    try {
      const gop = await operator(g);
      const owner = await anchor(g, gop);
      const v = await member(g);
      const vsock = await connectRoom(g, v);
      const room = await openRoom(g, owner);
      const osock = await connectRoom(g, owner);
      await join(osock, room.id);
      await join(vsock, room.id);
      const gone = next(vsock, 'anchor', (p) => !p.present);
      const closed = next(vsock, 'closed');
      osock.close();
      await gone;
      const leftAt = Date.now();
      expect(await closed).toEqual({ room_id: room.id, reason: 'anchor_left', note: null });
      expect(Date.now() - leftAt).toBeGreaterThanOrEqual(250);
      expect((await g.api.call(api.roomInfo, { room_id: room.id })).data.status).toBe('closed');
    } finally {
      await g.close();
    }
  });
});
