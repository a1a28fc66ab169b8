/** OpenTelemetry trace settings (OTEL_*): off unless an OTLP endpoint is given. */
import { num, oneOf, optionalText, section, text } from '../config/setting.js';

/** How spans go to the collector: OTLP over HTTP, as protobuf (the OTLP default) or as JSON. */
export const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;

export interface TracingConfig {
  /** The collector's OTLP/HTTP base URL; spans are posted to `<endpoint>/v1/traces`. */
  endpoint: string;
  protocol: (typeof OTLP_PROTOCOLS)[number];
  /** `service.name` of every span this process exports. */
  serviceName: string;
  /** Share of new traces kept (0–1); a request that arrives inside a sampled trace follows its parent. */
  sampleRatio: number;
}

export const tracingSettings = section(
  {
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalText(
      '(unset: tracing off, the SDK not loaded)',
      'OTLP/HTTP base URL of the trace collector (spans go to `<url>/v1/traces`); set, the server traces HTTP calls, database transactions and queries, Redis and room broadcasts, and its log lines carry `trace_id`',
    ),
    OTEL_EXPORTER_OTLP_PROTOCOL: oneOf(OTLP_PROTOCOLS, 'http/protobuf', 'OTLP encoding of the exported spans: `http/protobuf` or `http/json`'),
    OTEL_SERVICE_NAME: text('liveapp', 'liveapp', '`service.name` of the spans this process exports (the roles are a resource attribute of their own)'),
    OTEL_TRACES_SAMPLER_ARG: num(1, 'Share of new traces kept, 0–1 (parent-based: a request inside a sampled trace is always kept)', { min: 0, max: 1 }),
  },
  (v, fail): TracingConfig | undefined => {
    const endpoint = v.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
    if (endpoint === undefined) return undefined;
    if (!/^https?:\/\/[^/]/.test(endpoint)) fail('OTEL_EXPORTER_OTLP_ENDPOINT', `must be an http(s) URL, got "${endpoint}"`);
    return { endpoint, protocol: v.OTEL_EXPORTER_OTLP_PROTOCOL, serviceName: v.OTEL_SERVICE_NAME, sampleRatio: v.OTEL_TRACES_SAMPLER_ARG };
  },
);
