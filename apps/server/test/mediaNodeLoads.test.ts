/**
 * A media node's load when several API instances drive it (decision 0176): each instance writes the
 * viewers and rooms it placed there, and the placement reads their sum over the instances still
 * refreshing, on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaNodeRepository as repo } from '../src/media/placement/mediaNode.repository.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const node = (id: string, viewers: number, rooms: number) => ({ id, kind: 'janus' as const, url: id.slice('janus:'.length), viewers, rooms, capacity: 100 });

describe('media node loads', () => {
  it('sums the viewers and rooms every instance placed on a node, leaving out an instance that stopped refreshing', async () => {
    const db = s.deps.db.kysely;
    const id = `janus:ws://10.9.${process.pid % 250}.1:8188`;
    const other = `janus:ws://10.9.${process.pid % 250}.2:8188`;
    await repo.touch(db, node(id, 3, 1), 'instance-a', ago(0));
    await repo.touch(db, node(id, 4, 2), 'instance-b', ago(0));
    await repo.touch(db, node(other, 5, 1), 'instance-a', ago(0));
    const alive = async () => new Map((await repo.aliveSince(db, 'janus', ago(30_000))).map((n) => [n.id, n]));
    expect((await alive()).get(id)).toMatchObject({ viewers: 7, rooms: 3 });
    expect((await alive()).get(other)).toMatchObject({ viewers: 5, rooms: 1 });

    // Instance B refreshes with fewer viewers: its share is replaced, not added again.
    await repo.touch(db, node(id, 1, 1), 'instance-b', ago(0));
    expect((await alive()).get(id)).toMatchObject({ viewers: 4, rooms: 2 });

    // Instance B stops refreshing (its share is older than the lease): A's share alone counts.
    await repo.touch(db, node(id, 9, 9), 'instance-b', ago(60_000));
    await repo.touch(db, node(id, 3, 1), 'instance-a', ago(0));
    expect((await alive()).get(id)).toMatchObject({ viewers: 3, rooms: 1 });

    await repo.remove(db, id);
    await repo.remove(db, other);
    expect((await alive()).has(id)).toBe(false);
    expect(await db.selectFrom('media_node_loads').select('instance_id').where('node_id', '=', id).execute()).toEqual([]);
  });
});
