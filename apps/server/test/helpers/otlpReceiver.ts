/**
 * A trace collector run by the test on 127.0.0.1: it takes OTLP/HTTP exports at `/v1/traces`
 * (OpenTelemetry's protocol: a POST of an ExportTraceServiceRequest, answered 200 with an
 * ExportTraceServiceResponse), decodes the JSON encoding into spans, and counts every request
 * (of either encoding) it was sent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as the OTLP/JSON encoding carries it (ids in hex), with its resource's attributes. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
  /** The instrumentation scope that made it (`liveapp` for the server's own spans). */
  scope: string;
}

/** One export request as it arrived. */
export interface ExportRequest {
  path: string;
  contentType: string;
  bytes: number;
}

type KeyValue = { key: string; value: Record<string, unknown> };
interface OtlpJson {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: { scope?: { name?: string }; spans?: (Omit<ReceivedSpan, 'attributes' | 'resource' | 'scope'> & { attributes?: KeyValue[] })[] }[];
  }[];
}

/** An OTLP AnyValue as a plain value (the kinds spans here carry). */
const plain = (v: Record<string, unknown>): unknown => v.stringValue ?? v.boolValue ?? v.doubleValue ?? (v.intValue !== undefined ? Number(v.intValue) : v);
const attributesOf = (kvs: KeyValue[] = []) => Object.fromEntries(kvs.map((kv) => [kv.key, plain(kv.value)]));

export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  readonly requests: ExportRequest[] = [];
  private server: http.Server | undefined;
  private waiters: (() => void)[] = [];

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const contentType = String(req.headers['content-type'] ?? '');
        this.requests.push({ path: req.url ?? '', contentType, bytes: body.length });
        if (req.method !== 'POST' || req.url !== '/v1/traces') return void res.writeHead(404).end();
        if (contentType.startsWith('application/json')) this.take(JSON.parse(body.toString('utf8')) as OtlpJson);
        // An empty ExportTraceServiceResponse: everything accepted (the same bytes in either encoding).
        res.writeHead(200, { 'content-type': contentType }).end(contentType.startsWith('application/json') ? '{}' : '');
        for (const w of this.waiters.splice(0)) w();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  private take(req: OtlpJson): void {
    for (const rs of req.resourceSpans ?? []) {
      const resource = attributesOf(rs.resource?.attributes);
      for (const ss of rs.scopeSpans ?? [])
        for (const s of ss.spans ?? [])
          this.spans.push({ ...s, parentSpanId: s.parentSpanId ?? '', attributes: attributesOf(s.attributes), resource, scope: ss.scope?.name ?? '' });
    }
  }

  /** Resolves once `check` holds over what arrived, re-checked after each export (rejects after `timeout` ms). */
  async until<T>(check: () => T | undefined, what: string, timeout = 15_000): Promise<T> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const got = check();
      if (got !== undefined) return got;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
