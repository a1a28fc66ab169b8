/**
 * OpenTelemetry traces from the bundled server (`npm start`'s dist/main.mjs), exported over
 * OTLP/HTTP (JSON) to a collector the test runs: a gift is one trace with the HTTP call, the
 * database transaction (and on PostgreSQL its queries) and the room broadcast (and on Redis the
 * adapter's publish), each parented under the request, and the request's log lines carry its
 * trace id. Without OTEL_EXPORTER_OTLP_ENDPOINT nothing is exported, even when the SDK's own
 * variables name a collector. On SQLite, or PostgreSQL and Redis with TEST_DATABASE_URL/TEST_REDIS_URL.
 */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, fullPath } from '@app/contract';
import { DEFAULT_CIPHER_IV, DEFAULT_CIPHER_KEY } from '@app/kit';
import { freshMobile } from '@app/testkit';
import { DEFAULT_SANDBOX_SECRET } from '../src/modules/finance/finance.config.js';
import { SandboxProvider } from '../src/modules/finance/recharge/sandboxProvider.js';
import { DEMO_ANCHORS } from '../src/demo/room.seed.js';
import { ApiClient } from './helpers/apiClient.js';
import { OtlpReceiver, type ReceivedSpan } from './helpers/otlpReceiver.js';
import { exited, killAll, signal, spawnServer } from './helpers/spawnServer.js';
import { dropSchema, newSchemaName, pgUrl, redisUrl } from './helpers/testServer.js';
import { rid } from './financeHelpers.js';
import { closeSockets, connectRoom, join, next } from './roomHarness.js';

const dirs: string[] = [];
const schemas: string[] = [];
const receivers: OtlpReceiver[] = [];

/** A server from the bundle on its own data, its stdout's JSON log lines kept. */
async function started(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'liveapp-traces-'));
  dirs.push(dataDir);
  const schema = pgUrl() ? newSchemaName() : undefined;
  if (schema) schemas.push(schema);
  const logs: Record<string, unknown>[] = [];
  const lineSeen = new EventEmitter();
  const redis = redisUrl();
  const server = await spawnServer({
    dataDir,
    schema,
    env: { LOG_LEVEL: 'info', ...(redis ? { REDIS_URL: redis, REDIS_PREFIX: `test:${rid()}:` } : {}), ...env },
    onLine: (line) => {
      if (!line.startsWith('{')) return;
      logs.push(JSON.parse(line) as Record<string, unknown>);
      lineSeen.emit('line');
    },
  });
  /** Resolves once a log line passing `check` has been read: stdout may trail the HTTP answer. */
  const logged = (check: (l: Record<string, unknown>) => boolean) =>
    new Promise<void>((resolve) => {
      const look = () => {
        if (!logs.some(check)) return;
        lineSeen.off('line', look);
        resolve();
      };
      lineSeen.on('line', look);
      look();
    });
  return { ...server, logs, logged, client: new ApiClient(server.url, { cipherKey: DEFAULT_CIPHER_KEY, cipherIv: DEFAULT_CIPHER_IV }) };
}

async function collector(): Promise<OtlpReceiver> {
  const r = new OtlpReceiver();
  await r.start();
  receivers.push(r);
  return r;
}

afterAll(async () => {
  closeSockets();
  killAll();
  for (const r of receivers) await r.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  for (const s of schemas) await dropSchema(s);
});

const SERVER = 2;
const PRODUCER = 4;

type Started = Awaited<ReturnType<typeof started>>;
let receiver: OtlpReceiver;
let server: Started;
let untracedReceiver: OtlpReceiver;
let untraced: Started;

// The two servers start side by side (each start is mostly waiting on its database).
beforeAll(async () => {
  [receiver, untracedReceiver] = await Promise.all([collector(), collector()]);
  [server, untraced] = await Promise.all([
    // Spans leave every 100 ms (the SDK's OTEL_BSP_SCHEDULE_DELAY), not every 5 s.
    started({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'liveapp-traced',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    }),
    // No endpoint of ours; the SDK's own variables name a collector, which a loaded SDK would use.
    started({
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${untracedReceiver.url}/v1/traces`,
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    }),
  ]);
});

describe('traces over OTLP/HTTP', () => {
  it('follows a gift from the HTTP call through the ledger transaction to the room broadcast, and its log lines carry the trace id', async () => {
    const { client } = server;
    // A demo anchor goes live; a fan in the room recharges and sends a gift the room sees.
    const anchor = (await client.login(DEMO_ANCHORS[0]!.mobile, 'demo1234')).data;
    const category = (await client.call(api.roomCategories)).data.list[0]!;
    const opened = await client.call(api.roomOpen, { title: '追踪直播间', category_id: category.id }, { token: anchor.token });
    expect(opened.code, opened.msg).toBe(200);
    const roomId = opened.data.id;
    const fan = await client.register(freshMobile());
    const room = await connectRoom(server, fan);
    await join(room, roomId);
    const order = await client.call(api.rechargeOrder, { request_id: rid(), package_id: 1 }, { token: fan.token });
    const sandbox = new SandboxProvider(DEFAULT_SANDBOX_SECRET, 600, '');
    const paid = await client.call(api.sandboxPayCallback, {
      ...sandbox.signed({ order_no: order.data.order_no, trade_no: `T-${rid()}`, amount_fen: order.data.price_fen, status: 'paid' }),
    });
    expect(paid.code, paid.msg).toBe(200);
    const rose = (await client.call(api.commonConfig)).data.gift[0]!;
    const giftEvent = next(room, 'gift');
    const gift = await client.call(
      api.giftSend,
      { request_id: rid(), room_id: roomId, gift_id: rose.gift_id, count: 1, receiver_id: anchor.user.id },
      { token: fan.token },
    );
    expect(gift.code, gift.msg).toBe(200);
    expect((await giftEvent).record.gift_id).toBe(rose.gift_id);

    const giftPath = fullPath(api.giftSend);
    const http = await receiver.until(
      () => receiver.spans.find((s) => s.scope === '@opentelemetry/instrumentation-http' && s.kind === SERVER && s.name.includes(giftPath)),
      'the gift call’s HTTP span',
    );
    expect(http.resource['service.name']).toBe('liveapp-traced');
    const inTrace = () => receiver.spans.filter((s) => s.traceId === http.traceId);
    const byId = (id: string) => inTrace().find((s) => s.spanId === id);
    /** Whether `span` sits under `ancestor`, following each span's parent. */
    const under = (span: ReceivedSpan, ancestor: ReceivedSpan): boolean => {
      for (let p = byId(span.parentSpanId); p; p = byId(p.parentSpanId)) if (p.spanId === ancestor.spanId) return true;
      return false;
    };
    const dialect = pgUrl() ? 'postgresql' : 'sqlite';
    const emit = await receiver.until(
      () => inTrace().find((s) => s.scope === 'liveapp' && s.name === 'emit gift' && under(s, http)),
      'the broadcast’s span under the HTTP span',
    );
    expect(emit.kind).toBe(PRODUCER);
    expect(emit.attributes['messaging.destination.name']).toBe(`room:${roomId}`);
    const tx = await receiver.until(
      () => inTrace().find((s) => s.scope === 'liveapp' && s.name === 'db.transaction' && under(s, http)),
      'the ledger transaction’s span under the HTTP span',
    );
    expect(tx.attributes['db.system.name']).toBe(dialect);
    // Fastify's request span sits between the HTTP span and the handler's work.
    expect(inTrace().some((s) => s.scope === '@fastify/otel' && under(tx, s) && under(s, http))).toBe(true);
    if (pgUrl()) {
      await receiver.until(
        () => inTrace().find((s) => s.scope === '@opentelemetry/instrumentation-pg' && s.parentSpanId === tx.spanId),
        'a PostgreSQL query inside the transaction',
      );
    }
    if (redisUrl()) {
      await receiver.until(
        () => inTrace().find((s) => s.scope === '@opentelemetry/instrumentation-ioredis' && s.name === 'publish' && under(s, emit)),
        'the Redis adapter’s publish under the broadcast',
      );
    }

    // The request's log lines (pino's, by its request id) carry the trace's id.
    const reqId = gift.headers.get('x-request-id');
    await server.logged((l) => l.reqId === reqId && l.msg === 'request completed');
    const lines = server.logs.filter((l) => l.reqId === reqId);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.trace_id).toBe(http.traceId);
  });
});

describe('tracing off', () => {
  it('without OTEL_EXPORTER_OTLP_ENDPOINT exports nothing, even with the SDK’s own variables naming a collector', async () => {
    expect((await untraced.client.call(api.commonConfig)).code).toBe(200);
    // A stop flushes what a running SDK holds: once the process has exited, anything it had would have arrived.
    signal(untraced.child, 'SIGTERM');
    await exited(untraced.child);
    expect(untraced.child.exitCode).toBe(0);
    expect(untracedReceiver.requests).toEqual([]);
    const requestLines = untraced.logs.filter((l) => typeof l.reqId === 'string');
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect(line).not.toHaveProperty('trace_id');
  });
});
