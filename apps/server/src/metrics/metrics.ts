/**
 * One process's Prometheus metrics (prom-client): a registry of its own, with the process metrics,
 * the counters the code moves where things happen, and gauges that read their value only when
 * Prometheus scrapes (so the hot path pays nothing for them). Which gauges a process has depends on
 * its roles (roles/gauges.ts). No label ever holds a user id or a room id: labels are route patterns,
 * statuses, kinds, verdicts, namespaces and media node ids.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

type Labels<L extends string> = Partial<Record<L, string>>;
/** A gauge's samples, read at scrape time: one value, or one value per label set. */
type Samples<L extends string> = number | [Labels<L>, number][];

/** Seconds: from a fast cached read to a slow upload. */
const HTTP_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics {
  readonly registry = new Registry();
  /** HTTP answers by method, route pattern (never the path: it holds ids) and status. */
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Ledger transfers committed, by kind (recharge, gift, withdraw_payout…). */
  readonly ledgerTransfers: Counter<'kind'>;
  /** Payment provider callbacks, by verdict (credited, duplicate, bad_signature, stale…). */
  readonly paymentCallbacks: Counter<'verdict'>;
  /** HLS segments the egress wrote to storage. */
  readonly hlsSegments: Counter;
  /** Egress ffmpeg processes that exited in the middle of a live (restarted). */
  readonly egressFailures: Counter;

  constructor(
    /** The process's role set, one label on `liveapp_up` (dashboards group instances by it). */
    readonly roles: string,
    private readonly log: { warn(o: object, m: string): void },
  ) {
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    new Gauge({ name: 'liveapp_up', help: 'This process serves, with its roles', labelNames: ['roles'], registers }).set({ roles }, 1);
    this.httpDuration = new Histogram({
      name: 'liveapp_http_request_duration_seconds',
      help: 'HTTP answers by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.ledgerTransfers = new Counter({
      name: 'liveapp_ledger_transfers_total',
      help: 'Ledger transfers committed, by kind',
      labelNames: ['kind'],
      registers,
    });
    this.paymentCallbacks = new Counter({
      name: 'liveapp_payment_callbacks_total',
      help: 'Payment provider callbacks, by verdict',
      labelNames: ['verdict'],
      registers,
    });
    this.hlsSegments = new Counter({ name: 'liveapp_hls_segments_written_total', help: 'HLS segments the egress wrote to storage', registers });
    this.egressFailures = new Counter({
      name: 'liveapp_egress_failures_total',
      help: 'Egress ffmpeg processes that exited in the middle of a live',
      registers,
    });
  }

  /** A gauge whose samples are read when Prometheus scrapes; a read that fails leaves it empty (and is logged). */
  gauge<L extends string = never>(name: string, help: string, labelNames: readonly L[], read: () => Samples<L> | Promise<Samples<L>>): void {
    const log = this.log;
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          const samples = await read();
          if (typeof samples === 'number') this.set(samples);
          else for (const [labels, value] of samples) this.set(labels, value);
        } catch (err) {
          log.warn({ err, metric: name }, 'metric not read');
        }
      },
    });
  }

  /** The exposition text and its content type. */
  async exposition(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
