import { Redis } from 'ioredis';

/** Redis connections of one instance: `cmd` for commands (rate limits, adapter publishing), `sub` for the adapter's subscriptions. */
export interface RedisClients {
  cmd: Redis;
  sub: Redis;
  close(): Promise<void>;
}

/** Connects to REDIS_URL; resolves once both connections are ready so a bad URL fails at start. */
export async function connectRedis(url: string): Promise<RedisClients> {
  const cmd = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = cmd.duplicate();
  await Promise.all([cmd.connect(), sub.connect()]);
  return {
    cmd,
    sub,
    close: async () => {
      await Promise.allSettled([cmd.quit(), sub.quit()]);
    },
  };
}
