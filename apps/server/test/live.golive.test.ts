import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, type LiveAlert, type Session } from '@app/contract';
import { eventually } from '@app/testkit';
import { connectHall, connected, type HallSocket } from './helpers/hallClient.js';
import { fakeClock } from './helpers/fakeClock.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { anchor, member, openRoom, operator } from './roomHarness.js';

const clock = fakeClock();
let s: TestServer;
let op: Session;
const sockets: HallSocket[] = [];

beforeAll(async () => {
  s = await startTestServer({ clock });
  op = await operator(s);
});
afterAll(async () => {
  for (const sock of sockets) sock.close();
  await s?.close();
});

/** A hall socket collecting the liveAlert events it hears. */
async function online(who: Session): Promise<LiveAlert[]> {
  const sock = connectHall(s.url, { uuid: who.user.uuid, token: who.token });
  sockets.push(sock);
  const heard: LiveAlert[] = [];
  sock.on('liveAlert', (a) => heard.push(a));
  await connected(sock);
  return heard;
}

const follow = async (who: Session, target: Session) =>
  expect((await s.api.call(api.followAdd, { user_id: target.user.id }, { token: who.token })).code).toBe(200);
const notices = async (who: Session) =>
  (await s.api.call(api.messageFetch, { page: 1, size: 20 }, { token: who.token })).data.list.filter((n) => n.title === '开播提醒');
const close = async (who: Session, roomId: number) => expect((await s.api.call(api.roomClose, { room_id: roomId }, { token: who.token })).code).toBe(200);

describe('go-live alerts', () => {
  it('alert online followers and write a notice, not twice within an hour, not to a follower who turned it off', async () => {
    const star = await anchor(s, op);
    const other = await anchor(s, op);
    const fan = await member(s);
    const quiet = await member(s);
    const stranger = await member(s);
    await follow(fan, star);
    await follow(fan, other);
    await follow(quiet, star);
    const off = await s.api.call(api.liveAlertSet, { anchor_id: star.user.id, on: false }, { token: quiet.token });
    expect(off.data).toEqual({ anchor_id: star.user.id, on: false });
    expect((await s.api.call(api.liveAlertGet, { anchor_id: star.user.id }, { token: quiet.token })).data.on).toBe(false);
    const [fanHeard, quietHeard, strangerHeard] = await Promise.all([online(fan), online(quiet), online(stranger)]);

    const room = await openRoom(s, star, { title: '今晚唱歌' });
    const alert = await eventually(() => fanHeard[0]);
    expect(alert).toMatchObject({ room_id: room.id, title: '今晚唱歌', anchor: { id: star.user.id } });
    const [n] = await eventually(async () => {
      const list = await notices(fan);
      return list.length > 0 ? list : undefined;
    });
    expect(n!.content).toContain(star.user.nickname);

    // Reopened within the hour: no second alert. Another followed anchor's alert then arrives,
    // so the reopen's alert (which runs first) had its chance.
    await close(star, room.id);
    clock.advance(30 * 60 * 1000);
    await openRoom(s, star);
    const second = await openRoom(s, other);
    await eventually(() => fanHeard.find((a) => a.room_id === second.id));
    expect(fanHeard.filter((a) => a.anchor.id === star.user.id)).toHaveLength(1);
    expect((await notices(fan)).length).toBe(2);
    expect(quietHeard).toEqual([]);
    expect(await notices(quiet)).toEqual([]);
    expect(strangerHeard).toEqual([]);

    // An hour after the first alert the next go-live alerts again.
    await close(star, room.id);
    clock.advance(31 * 60 * 1000);
    await openRoom(s, star);
    await eventually(() => fanHeard.filter((a) => a.anchor.id === star.user.id).length === 2);
    expect(quietHeard).toEqual([]);
  });

  it('refuses switching alerts for a non-anchor or oneself, and bad input', async () => {
    const star = await anchor(s, op);
    const plain = await member(s);
    expect((await s.api.call(api.liveAlertSet, { anchor_id: plain.user.id, on: false }, { token: star.token })).code).toBe(ErrorCode.NOT_ANCHOR);
    // Oneself is malformed input: HTTP 400 naming the field, as the contract documents 10000.
    const self = await s.api.call(api.liveAlertSet, { anchor_id: star.user.id, on: false }, { token: star.token });
    expect([self.status, self.code]).toEqual([400, ErrorCode.VALIDATION]);
    expect(self.msg).toContain('anchor_id');
    const bad = await s.api.call(api.liveAlertSet, { anchor_id: star.user.id, on: 'no' }, { token: plain.token });
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('on');
  });
});
