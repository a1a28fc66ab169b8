/**
 * The product's room channel alone in a child process (its process.cpuUsage is the figure): a test
 * server (SQLite in a temp dir, or PostgreSQL and the Redis adapter with TEST_DATABASE_URL and
 * TEST_REDIS_URL), an anchor's open room, and `{type: 'members', n}` sessions made in the database.
 * Tells its parent `{type: 'ready', url, roomId, anchor, shared}`; answers `{type: 'cpu'}`.
 * With BENCH_SHARED (the first instance's `shared`: its PostgreSQL schema and Redis prefix) it is a
 * second instance of the same deployment: no room of its own, members join the first one's room.
 */
import { quickSession } from '../../apps/server/test/helpers/members.js';
import { startTestServer } from '../../apps/server/test/helpers/testServer.js';
import { anchor, openRoom, operator } from '../../apps/server/test/roomHarness.js';
import { onMessage, serveCpu } from '../media/capacity/ipc.js';

// The bench's anchor chats faster than a member may; nothing else is changed.
const log = process.env.BENCH_LOG_LEVEL;
const shared = process.env.BENCH_SHARED ? (JSON.parse(process.env.BENCH_SHARED) as { schema: string; redisPrefix: string }) : undefined;
const s = await startTestServer({ env: { ROOM_CHAT_PER_10S: '100000', ...(log ? { LOG_LEVEL: log } : {}) }, ...(shared ? { shared } : {}) });
const owner = shared ? undefined : await anchor(s, await operator(s));
const room = owner ? await openRoom(s, owner) : undefined;
let made = 0;
onMessage((m) => {
  if (m.type === 'operator') {
    void operator(s).then((op) => process.send?.({ type: 'operator', token: op.token }));
    return;
  }
  if (m.type !== 'members') return;
  void (async () => {
    const list = [];
    for (let i = 0; i < (m.n as number); i++) {
      // Numbered mobiles: random ones collide in a crowd of ten thousand.
      const who = await quickSession(s, `19${String(made++).padStart(9, '0')}`);
      list.push({ uuid: who.user.uuid, token: who.token });
    }
    process.send?.({ type: 'members', list });
  })();
});
serveCpu(
  {
    type: 'ready',
    url: s.url,
    roomId: room?.id,
    anchor: owner && { uuid: owner.user.uuid, token: owner.token },
    shared: { schema: s.config.databaseSchema, redisPrefix: s.config.redisPrefix },
  },
  () => s.close(),
);
