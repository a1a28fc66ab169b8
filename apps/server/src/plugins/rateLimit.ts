import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { ErrorCode, errorMessages } from '@app/contract';
import { BizError } from '../http/errors.js';

/**
 * @fastify/rate-limit with `global: false`: only routes that ask for a limit (auth and verification,
 * and the 404 handler) are counted, so static files never are. With Redis the counters are shared
 * by every instance; without it there is one instance and memory is enough.
 */
export async function registerRateLimit(app: FastifyInstance, opts: { redis?: Redis | undefined; prefix: string }): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(opts.redis ? { redis: opts.redis, nameSpace: `${opts.prefix}rl:` } : {}),
    keyGenerator: (req) => req.ip,
    // Redis down must not take sign-in down with it.
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) =>
      new BizError(ErrorCode.RATE_LIMITED, `${errorMessages[ErrorCode.RATE_LIMITED]}（${Math.ceil(ctx.ttl / 1000)}秒后重试）`, { status: 429 }),
  });
}
