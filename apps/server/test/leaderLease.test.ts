import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@app/testkit';
import { LeaderLease } from '../src/db/leaderLease.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

/** A lease on one duty that counts how often it was started and stopped. */
function contender(name: string, leaseMs: number) {
  const counts = { led: 0, lost: 0 };
  const lease = new LeaderLease(() => s.deps.db.kysely, name, randomUUID(), {
    leaseMs,
    onLead: () => void counts.led++,
    onLose: () => void counts.lost++,
    onError: (err) => {
      throw err;
    },
  });
  return { lease, counts };
}

describe('leader lease', () => {
  it('lets exactly one of several instances lead, and hands over at once when the leader stops', async () => {
    const name = `duty-${randomUUID()}`;
    const all = [contender(name, 600), contender(name, 600), contender(name, 600)];
    await Promise.all(all.map((c) => c.lease.start()));
    expect(all.filter((c) => c.lease.isLeader)).toHaveLength(1);
    const leader = all.find((c) => c.lease.isLeader)!;
    // Renewals keep the same leader: over three lease lengths nobody else starts the duty.
    const until = Date.now() + 1800;
    await eventually(() => Date.now() >= until && all.every((c) => (c === leader ? c.counts.led === 1 && c.lease.isLeader : c.counts.led === 0)), {
      timeout: 5000,
      interval: 100,
      what: 'a steady leader',
    });

    await leader.lease.stop();
    expect(leader.counts).toEqual({ led: 1, lost: 1 });
    const rest = all.filter((c) => c !== leader);
    const next = await eventually(() => rest.find((c) => c.lease.isLeader), { timeout: 2000, what: 'another leader' });
    expect(rest.filter((c) => c.lease.isLeader)).toEqual([next]);
    await Promise.all(rest.map((c) => c.lease.stop()));
  });

  it('takes over a duty whose holder died without giving it back, once its lease ran out', async () => {
    const name = `duty-${randomUUID()}`;
    const expires = Date.now() + 700;
    await s.deps.db.kysely
      .insertInto('leader_leases')
      .values({ name, holder: 'a-dead-instance', expires_at: new Date(expires).toISOString() })
      .execute();
    const c = contender(name, 300);
    await c.lease.start();
    expect(c.lease.isLeader).toBe(false);
    await eventually(() => c.lease.isLeader, { timeout: 3000, what: 'the take-over' });
    expect(Date.now()).toBeGreaterThanOrEqual(expires);
    await c.lease.stop();
  });
});

describe('worker role', () => {
  it('runs the background jobs on the instance holding the worker lease', async () => {
    expect(s.worker?.lease.isLeader).toBe(true);
    const row = await s.deps.db.kysely.selectFrom('leader_leases').selectAll().where('name', '=', 'worker').executeTakeFirstOrThrow();
    expect(row.holder).toBe(s.worker?.lease.holder);
  });
});
