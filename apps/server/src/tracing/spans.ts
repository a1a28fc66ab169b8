/**
 * The server's own spans, where no instrumentation sees the work: a database transaction (SQLite
 * has no instrumentation, and on PostgreSQL it groups the queries pg makes) and a room broadcast.
 * Through @opentelemetry/api, handed over by startTracing: with tracing off not even the API is
 * loaded, and each call here just runs its work.
 */
import type * as OtelApi from '@opentelemetry/api';

type Api = typeof OtelApi;
let api: Api | undefined;
let tracer: OtelApi.Tracer | undefined;

/** Turns the spans on (startTracing, once its SDK is registered). */
export function useTracingApi(given: Api): void {
  api = given;
  tracer = given.trace.getTracer('liveapp');
}

/** What a span stands for: a call to a database, or a message handed to the realtime channel. */
export type Kind = 'client' | 'producer';

/** The active span, when tracing is on and this runs inside a trace. */
const active = () => api?.trace.getActiveSpan();

/**
 * Runs `fn` in a span named `name`, child of the active one; the span ends when `fn` settles and
 * records its error. Outside a trace (a worker job, tracing off) `fn` just runs: background polling
 * makes no traces of its own.
 */
export function inSpan<T>(name: string, kind: Kind, attributes: OtelApi.Attributes, fn: () => Promise<T>): Promise<T> {
  if (!api || !tracer || !active()) return fn();
  const { SpanKind, SpanStatusCode } = api;
  return tracer.startActiveSpan(name, { kind: kind === 'client' ? SpanKind.CLIENT : SpanKind.PRODUCER, attributes }, async (span) => {
    try {
      return await fn();
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** The synchronous form of inSpan (an emit returns at once; its delivery is not waited for). */
export function inSpanSync(name: string, kind: Kind, attributes: OtelApi.Attributes, fn: () => void): void {
  if (!api || !tracer || !active()) return fn();
  const { SpanKind } = api;
  tracer.startActiveSpan(name, { kind: kind === 'client' ? SpanKind.CLIENT : SpanKind.PRODUCER, attributes }, (span) => {
    try {
      fn();
    } finally {
      span.end();
    }
  });
}

/** pino's `mixin`: the active span's ids on every log line written inside it. */
export function traceFields(): Record<string, string> {
  const ctx = active()?.spanContext();
  return ctx ? { trace_id: ctx.traceId, span_id: ctx.spanId, trace_flags: ctx.traceFlags.toString(16).padStart(2, '0') } : {};
}
