import { afterAll, beforeAll } from 'vitest';
import { connectHall, connected, type HallSocket } from './hallClient.js';
import { dropSchema, newSchemaName, pgUrl, redisUrl, startTestServer, type TestServer } from './testServer.js';

/** Whether PostgreSQL and Redis are given (`npm run test:scale`): the pair suites skip otherwise. */
export const scaleEnabled = (): boolean => Boolean(pgUrl() && redisUrl());

export interface InstancePair {
  readonly a: TestServer;
  readonly b: TestServer;
  /** A hall socket on one instance, connected; closed when the suite ends. */
  hall(srv: TestServer, auth: { uuid: string; token: string }): Promise<HallSocket>;
}

/**
 * Two instances on two ports sharing one PostgreSQL schema and one Redis prefix, as behind a load
 * balancer; started before the suite's tests and stopped (schema dropped) after them. `env` holds
 * settings both are started with.
 */
export function useInstancePair(prefix: string, env: Record<string, string> = {}): InstancePair {
  const schema = newSchemaName();
  const shared = { schema, redisPrefix: `${prefix}:${schema}:` };
  const sockets: HallSocket[] = [];
  const servers: { a?: TestServer; b?: TestServer } = {};

  beforeAll(async () => {
    servers.a = await startTestServer({ shared, env });
    servers.b = await startTestServer({ shared, env });
  });
  afterAll(async () => {
    for (const sock of sockets) sock.close();
    await servers.a?.close();
    await servers.b?.close();
    await dropSchema(schema);
  });

  const started = (s: TestServer | undefined): TestServer => {
    if (!s) throw new Error('the instance pair is not started (use it inside tests)');
    return s;
  };
  return {
    get a() {
      return started(servers.a);
    },
    get b() {
      return started(servers.b);
    },
    async hall(srv, auth) {
      const sock = connectHall(srv.url, auth);
      sockets.push(sock);
      await connected(sock);
      return sock;
    },
  };
}
