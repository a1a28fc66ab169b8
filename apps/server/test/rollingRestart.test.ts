import { afterAll, describe, expect, it } from 'vitest';
import { api } from '@app/contract';
import { freshMobile } from '@app/testkit';
import { connectHall, connected, next, type HallSocket } from './helpers/hallClient.js';
import { scaleEnabled } from './helpers/instancePair.js';
import { dropSchema, newSchemaName, startTestServer, type TestServer } from './helpers/testServer.js';

/**
 * A rolling restart behind a load balancer (issue 19): two instances on PostgreSQL and Redis,
 * restarted one at a time. The load balancer is played by the client, which reconnects to the
 * instance that is up; the server's graceful stop hints it to come back at once.
 */
describe.skipIf(!scaleEnabled())('rolling restart of two instances (PostgreSQL + Redis)', () => {
  const schema = newSchemaName();
  const shared = { schema, redisPrefix: `rolling:${schema}:` };
  const servers: TestServer[] = [];
  const sockets: HallSocket[] = [];
  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const s of servers) await s.close().catch(() => undefined);
    await dropSchema(schema);
  });
  const start = async () => {
    const s = await startTestServer({ shared });
    servers.push(s);
    return s;
  };
  const hall = async (srv: TestServer, auth: { uuid: string; token: string }) => {
    const sock = connectHall(srv.url, auth);
    sockets.push(sock);
    await connected(sock);
    return sock;
  };
  /** Stops an instance gracefully, as a deploy does, and resolves once its socket got the hint and was closed. */
  const stop = async (srv: TestServer, sock: HallSocket) => {
    const hinted = next(sock, 'rejoin');
    const dropped = new Promise<void>((resolve) => sock.once('disconnect', () => resolve()));
    await srv.close();
    expect((await hinted).within_ms).toBeGreaterThan(0);
    await dropped;
  };

  it('keeps a hall socket user logged in and loses no chat message while A, then B, restart', async () => {
    let a = await start();
    const b = await start();
    const amy = await a.api.register(freshMobile());
    const ben = await a.api.register(freshMobile());
    await a.api.call(api.followAdd, { user_id: ben.user.id }, { token: amy.token });
    await b.api.call(api.followAdd, { user_id: amy.user.id }, { token: ben.token });
    const benAuth = { uuid: ben.user.uuid, token: ben.token };
    const send = (srv: TestServer, content: string) =>
      srv.api.call(
        api.chatSend,
        { to_user_id: ben.user.id, client_id: `c${Date.now()}${Math.random().toString(36).slice(2, 8)}`, type: 'text', content },
        { token: amy.token },
      );

    // Ben's socket is on A. A stops: the hint arrives, and he is back on B at once, same token.
    let sock = await hall(a, benAuth);
    await stop(a, sock);
    const whileAway = await send(b, '重启时发的');
    expect(whileAway.code).toBe(200);
    sock = await hall(b, benAuth);
    const live = next(sock, 'newMessage');
    await send(b, '回来之后发的');
    const m = await live;
    expect(m.kind === 'chat' && m.message.content).toBe('回来之后发的');

    // A is back on the same database; then B restarts and Ben moves to A.
    a = await start();
    await stop(b, sock);
    await send(a, 'B 重启时发的');
    expect((await hall(a, benAuth)).connected).toBe(true);

    // Still logged in everywhere, and the catch-up after each reconnect has every message in order.
    expect((await a.api.call(api.userInfo, undefined, { token: ben.token })).code).toBe(200);
    const synced = await a.api.call(api.chatSync, { after_id: 0 }, { token: ben.token });
    expect(synced.data.list.map((x) => x.content)).toEqual(['重启时发的', '回来之后发的', 'B 重启时发的']);
  });
});
