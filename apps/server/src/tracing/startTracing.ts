/**
 * Starts OpenTelemetry tracing for this process: the SDK, the OTLP/HTTP exporter and the
 * instrumentations of the libraries a request passes through (Node's http, Fastify, pg, ioredis,
 * socket.io). Imported only when OTEL_EXPORTER_OTLP_ENDPOINT is set (main.ts), and before any of
 * those libraries is loaded: the instrumentations patch a module as it is loaded (decision 0221).
 */
import { register } from 'node:module';
import { hostname } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import * as otelApi from '@opentelemetry/api';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { SocketIoInstrumentation } from '@opentelemetry/instrumentation-socket.io';
import { NodeSDK, resources, tracing } from '@opentelemetry/sdk-node';
import { useTracingApi } from './spans.js';
import type { TracingConfig } from './tracing.config.js';

/** The packages the server imports as ES modules that an instrumentation patches. */
const HOOKED = ['fastify', 'pg', 'ioredis', 'socket.io'];

/** A stop waits this long at most for the buffered spans to leave (a collector that is down must not hold it). */
const FLUSH_MS = 2000;

/** Stops tracing: the spans still buffered are exported first, within FLUSH_MS. */
export type StopTracing = () => Promise<void>;

export function startTracing(config: TracingConfig, roles: string): StopTracing {
  // The bundle imports these packages with `import`, which require hooks do not see: the ESM loader
  // hook of import-in-the-middle wraps them as they load, and only them.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: HOOKED } });
  const Exporter = config.protocol === 'http/json' ? JsonExporter : ProtobufExporter;
  const sdk = new NodeSDK({
    resource: resources.resourceFromAttributes({
      'service.name': config.serviceName,
      'service.instance.id': `${hostname()}:${process.pid}`,
      'liveapp.roles': roles,
    }),
    spanProcessors: [new tracing.BatchSpanProcessor(new Exporter({ url: `${config.endpoint}/v1/traces` }))],
    sampler: new tracing.ParentBasedSampler({ root: new tracing.TraceIdRatioBasedSampler(config.sampleRatio) }),
    // Traces only: metrics are Prometheus's (METRICS_*) and logs go to stdout, whatever OTEL_*_EXPORTER says.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      // Load balancer health checks are not traced: two a second per instance would bury the requests.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => req.url === '/healthz' }),
      // A span for the request and its handler, none per hook (a dozen per request).
      new FastifyOtelInstrumentation({ registerOnInitialization: true, instrumentHooks: false, ignorePaths: '/healthz' }),
      // Queries and commands are traced inside a request's or an event's trace; the worker's polling makes none.
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
      new SocketIoInstrumentation(),
    ],
  });
  sdk.start();
  useTracingApi(otelApi);
  return () => Promise.race([sdk.shutdown(), delay(FLUSH_MS, undefined, { ref: false })]);
}
