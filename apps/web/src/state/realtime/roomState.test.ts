import type { RoomChat, RoomInfo, RoomJoined } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { roomInfo, seat, user } from './roomFixtures';
import { CHAT_KEEP, canModerate, initialRoomState, playSeats, roomReducer, type RoomState } from './roomState';

const joined = (over: Partial<RoomInfo> = {}): RoomJoined => ({ room: roomInfo(over), online: 3, recent: [user(2)], queue: [] });
const chat = (id: string, from = 2, danmaku = false): RoomChat => ({
  room_id: 10,
  id,
  user: { ...user(from), auth: 4 },
  fan: null,
  text: `hi ${id}`,
  danmaku,
  at: '2026-01-01T00:00:00Z',
});
const start = (me: number | null = 5, over: Partial<RoomInfo> = {}): RoomState => roomReducer(initialRoomState(me), { type: 'joined', data: joined(over) });

describe('roomReducer', () => {
  it('takes the join answer: room, seats, my level, which seats are live', () => {
    const s = start(5, { seats: [seat(1, 7, true), seat(2)], my_auth: 2, my_muted: true });
    expect(s.room?.id).toBe(10);
    expect(s.myAuth).toBe(2);
    expect(s.myMuted).toBe(true);
    expect(s.live).toEqual({ anchor: true, 'seat-1': true, 'seat-2': false });
    expect(s.online).toBe(3);
  });

  it("my own line, shown at the ack, takes the room's copy with my fan badge when it comes back", () => {
    let s = start(2);
    s = roomReducer(s, { type: 'sent', p: chat('m1', 2) });
    expect(s.lines).toEqual([expect.objectContaining({ id: 'm1', fan: null })]);
    s = roomReducer(s, { type: 'chat', p: { ...chat('m1', 2), fan: { name: '小鹿', level: 3 } } });
    expect(s.lines).toEqual([expect.objectContaining({ id: 'm1', fan: { name: '小鹿', level: 3 } })]);
  });

  it('keeps the last 50 chat lines and queues danmaku', () => {
    let s = start();
    for (let i = 0; i < CHAT_KEEP + 7; i++) s = roomReducer(s, { type: 'chat', p: chat(`c${i}`, 2, i % 2 === 0) });
    expect(s.lines).toHaveLength(CHAT_KEEP);
    expect(s.lines[0]!.id).toBe('c7');
    expect(s.lines.at(-1)!.id).toBe(`c${CHAT_KEEP + 6}`);
    expect(s.danmaku.length).toBeGreaterThan(0);
    expect(s.danmaku.every((d) => d.danmaku)).toBe(true);
  });

  it('shows my own acknowledged line once, whichever of the ack and the broadcast comes first', () => {
    let s = start();
    s = roomReducer(s, { type: 'sent', p: chat('m1', 5) });
    s = roomReducer(s, { type: 'chat', p: chat('m1', 5) });
    s = roomReducer(s, { type: 'chat', p: chat('m2', 5) });
    s = roomReducer(s, { type: 'sent', p: chat('m2', 5) });
    expect(s.lines.map((l) => l.id)).toEqual(['m1', 'm2']);
  });

  it('a rejoin of the same room keeps the chat; another room starts empty', () => {
    let s = roomReducer(start(), { type: 'chat', p: chat('c1') });
    s = roomReducer(s, { type: 'joined', data: joined() });
    expect(s.lines).toHaveLength(1);
    s = roomReducer(s, { type: 'joined', data: joined({ id: 11 }) });
    expect(s.lines).toHaveLength(0);
  });

  it('moderation of me changes my mute flag and level; of others only adds a notice', () => {
    let s = start(5);
    const by = user(1);
    s = roomReducer(s, { type: 'moderation', p: { room_id: 10, action: 'mute', user: user(6), by, auth: 4, muted: true, until: null } });
    expect(s.myMuted).toBe(false);
    s = roomReducer(s, { type: 'moderation', p: { room_id: 10, action: 'mute', user: user(5), by, auth: 4, muted: true, until: null } });
    expect(s.myMuted).toBe(true);
    s = roomReducer(s, { type: 'moderation', p: { room_id: 10, action: 'admin', user: user(5), by, auth: 2, muted: true, until: null } });
    expect(s.myAuth).toBe(2);
    expect(s.lines.filter((l) => l.kind === 'notice')).toHaveLength(3);
  });

  it('taking a seat makes a viewer a co-host, leaving it makes them a viewer again; admins stay admins', () => {
    let s = start(5);
    s = roomReducer(s, { type: 'seats', p: { seats: [seat(1, 5), seat(2)] } });
    expect([s.mySeat, s.myAuth]).toEqual([1, 3]);
    s = roomReducer(s, { type: 'seats', p: { seats: [seat(1), seat(2)] } });
    expect([s.mySeat, s.myAuth]).toEqual([null, 4]);
    const admin = start(5, { my_auth: 2 });
    expect(roomReducer(admin, { type: 'seats', p: { seats: [seat(1, 5), seat(2)] } }).myAuth).toBe(2);
  });

  it('mic decisions about others are ignored', () => {
    let s = start(5);
    s = roomReducer(s, { type: 'micDecision', p: { room_id: 10, user_id: 6, decision: 'accepted', seat: 1 } });
    expect(s.decision).toBeNull();
    s = roomReducer(s, { type: 'micDecision', p: { room_id: 10, user_id: 5, decision: 'accepted', seat: 2 } });
    expect(s.decision?.seat).toBe(2);
  });

  it('anchor left → back: the live event of the anchor seat clears the grace countdown', () => {
    let s = start();
    s = roomReducer(s, { type: 'anchor', p: { room_id: 10, present: false, close_at: '2026-01-01T00:05:00Z' } });
    s = roomReducer(s, { type: 'live', p: { room_id: 10, seat_id: 'anchor', live: false } });
    expect([s.anchorPresent, s.live.anchor]).toEqual([false, false]);
    s = roomReducer(s, { type: 'live', p: { room_id: 10, seat_id: 'anchor', live: true } });
    expect([s.anchorPresent, s.closeAt, s.live.anchor]).toEqual([true, null, true]);
  });

  it('counts the moves to another media node (the media parts publish and play again on each)', () => {
    let s = start();
    expect(s.mediaMoves).toBe(0);
    s = roomReducer(s, { type: 'media', p: { room_id: 10, reason: 'node_lost' } });
    s = roomReducer(s, { type: 'media', p: { room_id: 10, reason: 'node_lost' } });
    expect(s.mediaMoves).toBe(2);
  });

  it('records the end of the room and a kick', () => {
    expect(roomReducer(start(), { type: 'closed', p: { room_id: 10, reason: 'owner', note: null } }).ended).toBe('owner');
    expect(roomReducer(start(), { type: 'kicked', p: { room_id: 10, until: '2026-01-01T01:00:00Z', by: user(1) } }).kickedUntil).toBe('2026-01-01T01:00:00Z');
  });

  it("keeps an operator's reason for the end, and a warning until it is seen", () => {
    expect(roomReducer(start(), { type: 'closed', p: { room_id: 10, reason: 'operator', note: '违规' } })).toMatchObject({
      ended: 'operator',
      endedNote: '违规',
    });
    const warned = roomReducer(start(), { type: 'warning', p: { room_id: 10, text: '请注意', at: '2026-01-01T00:00:00Z' } });
    expect(warned.warning?.text).toBe('请注意');
    expect(roomReducer(warned, { type: 'warningSeen' }).warning).toBeNull();
  });

  it('has the levels and seat order the page relies on', () => {
    expect([1, 2, 3, 4].map((a) => canModerate(a as 1))).toEqual([true, true, false, false]);
    expect(playSeats({ mic_seats: 3 })).toEqual(['anchor', 'seat-1', 'seat-2', 'seat-3']);
  });
});

describe('moderation bookkeeping', () => {
  it('remembers who is muted and who is admin, for the moderation sheet', () => {
    let s = start(1, { my_auth: 1 });
    const by = user(1);
    s = roomReducer(s, { type: 'moderation', p: { room_id: 10, action: 'mute', user: user(6), by, auth: 4, muted: true, until: null } });
    s = roomReducer(s, { type: 'moderation', p: { room_id: 10, action: 'admin', user: user(7), by, auth: 2, muted: false, until: null } });
    expect([s.mutedIds, s.adminIds]).toEqual([[6], [7]]);
    s = roomReducer(s, { type: 'moderation', p: { room_id: 10, action: 'unmute', user: user(6), by, auth: 4, muted: false, until: null } });
    expect(s.mutedIds).toEqual([]);
  });
});
