import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Limiter } from './limits/limiter.js';
import type { Metrics } from './metrics/metrics.js';
import type { HallEmitter } from './emitters/hallEmitter.js';
import type { RoomEmitter } from './emitters/roomEmitter.js';
import type { SmsSender } from './sms/smsSender.js';
import type { Storage } from './storage/storage.js';

/** What services are built from; app.ts assembles it once per instance. */
export interface Deps {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** Time for the timers tests would otherwise wait out (the room grace period); systemClock outside tests. */
  clock: Clock;
  hall: HallEmitter;
  rooms: RoomEmitter;
  storage: Storage;
  sms: SmsSender;
  /** This process's Prometheus metrics (counters moved where their event happens). */
  metrics: Metrics;
  /** Redis commands connection (REDIS_URL) for state shared across instances (rankings); undefined without it. */
  redis?: Redis | undefined;
  /** Limits per user and per IP across sockets, sessions and instances (Redis-backed with REDIS_URL). */
  limits: Limiter;
}
