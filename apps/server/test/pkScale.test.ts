/**
 * PK battles on two instances sharing PostgreSQL and Redis (run by `npm run test:scale`): a deadline
 * set on an instance that lost its timers is acted on by the worker role of the other one, and both
 * anchors hear every step whichever instance their socket is on.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type PkBattle, type Session } from '@app/contract';
import { eventually } from '@app/testkit';
import { giftId, rechargeHttp, rid } from './financeHelpers.js';
import { scaleEnabled, useInstancePair } from './helpers/instancePair.js';
import type { TestServer } from './helpers/testServer.js';
import { closeSockets, liveAnchorOn as liveAnchorOnWith, member, next, operator, type RoomSocket } from './roomHarness.js';

describe.skipIf(!scaleEnabled())('PK battles on two instances (PostgreSQL + Redis)', () => {
  const pair = useInstancePair('pkscale', {
    MEDIA_TOKEN_SECRET: `secret-${randomUUID()}`,
    PK_INVITE_S: '2',
    PK_PUNISH_S: '1',
    PK_SWEEP_MS: '200',
  });
  let op: Session;

  beforeAll(async () => {
    op = await operator(pair.a);
  });
  afterAll(() => closeSockets());

  const liveAnchorOn = (s: TestServer) => liveAnchorOnWith(s, op);
  const pkOf = (sock: RoomSocket, pred: (b: PkBattle) => boolean) => next(sock, 'pk', (p) => pred(p.battle), 10_000).then((p) => p.battle);
  /** The instance running the worker's jobs, and the other one. */
  const roles = async () => {
    const { a, b } = pair;
    const leader = await eventually(() => (a.worker?.lease.isLeader ? a : b.worker?.lease.isLeader ? b : undefined));
    return { leader, follower: leader === a ? b : a };
  };

  it('an invitation made on an instance that lost its timers expires through the other instance’s worker, heard on both', async () => {
    const { leader, follower } = await roles();
    const A = await liveAnchorOn(follower);
    const B = await liveAnchorOn(leader);
    const inv = await follower.api.call(api.pkInvite, { room_id: B.room.id }, { token: A.who.token });
    expect(inv.code, inv.msg).toBe(200);
    // The follower "dies" as far as its timers go; only the row's deadline is left, for the leader's sweep.
    follower.services.pk.dispose();
    const [ea, eb] = await Promise.all([pkOf(A.sock, (b) => b.status === 'expired'), pkOf(B.sock, (b) => b.status === 'expired')]);
    expect(ea.id).toBe(inv.data.battle.id);
    expect(eb.id).toBe(inv.data.battle.id);
  });

  it('a battle across instances: gifts through either instance score, the result and the punishment reach both rooms', async () => {
    const { leader, follower } = await roles();
    const A = await liveAnchorOn(follower);
    const B = await liveAnchorOn(leader);
    const fan = await member(follower);
    await rechargeHttp(follower, fan.token, 2);
    const inv = await leader.api.call(api.pkInvite, { room_id: A.room.id, duration_s: 5 }, { token: B.who.token });
    expect((await follower.api.call(api.pkAnswer, { battle_id: inv.data.battle.id, accept: true }, { token: A.who.token })).code).toBe(200);
    const rose = await giftId(follower, '玫瑰');
    const scored = pkOf(B.sock, (b) => b.b.score > 0);
    const sent = await follower.api.call(
      api.giftSend,
      { request_id: rid(), gift_id: rose.id, count: 2, receiver_id: A.who.user.id, room_id: A.room.id },
      { token: fan.token },
    );
    expect(sent.code).toBe(200);
    expect((await scored).b.score).toBe(sent.data.record.total);
    const [ra, rb] = await Promise.all([pkOf(A.sock, (b) => b.status === 'punish'), pkOf(B.sock, (b) => b.status === 'punish')]);
    expect(ra).toMatchObject({ winner: 'b', b: { score: sent.data.record.total } });
    expect(rb.winner).toBe('b');
    await Promise.all([pkOf(A.sock, (b) => b.status === 'ended'), pkOf(B.sock, (b) => b.status === 'ended')]);
  });
});
