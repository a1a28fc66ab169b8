/**
 * An operator's webhook endpoint, run by the test on 127.0.0.1: it checks every delivery's
 * signature with the endpoint's secret (as SECURITY.md tells receivers to), keeps what arrived,
 * and can be taken down and brought back on the same port, or made to hold a request unanswered.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '../../src/modules/webhook/signature.js';

export interface Received {
  /** The endpoint it came to (the last part of the URL's path). */
  endpoint: string;
  id: string;
  type: string;
  data: Record<string, unknown>;
  /** The `webhook-id` header (the event's id). */
  header: string;
  signed: boolean;
}

export class WebhookReceiver {
  /** Each endpoint's signing secret, by the name in its URL. */
  readonly secrets = new Map<string, string>();
  readonly received: Received[] = [];
  /** Requests that arrived (signed or not), before any answer. */
  hits = 0;
  /** While set, requests are held unanswered (a receiver that hangs mid-delivery). */
  hold = false;
  private server: http.Server | undefined;
  private port = 0;
  private waiters: { match: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  private hitWaiters: (() => void)[] = [];

  /** The URL of an endpoint of this receiver. */
  url(name: string): string {
    return `http://127.0.0.1:${this.port}/hook/${name}`;
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.hits++;
        for (const w of this.hitWaiters.splice(0)) w();
        if (this.hold) return; // never answered: the sender's process is killed meanwhile
        const body = Buffer.concat(chunks).toString('utf8');
        const endpoint = (req.url ?? '').split('/').at(-1) ?? '';
        const signed = verifySignature(this.secrets.get(endpoint) ?? '', body, String(req.headers['webhook-signature'] ?? ''), Math.floor(Date.now() / 1000));
        const event = JSON.parse(body) as { id: string; type: string; data: Record<string, unknown> };
        const got: Received = { endpoint, ...event, header: String(req.headers['webhook-id'] ?? ''), signed };
        this.received.push(got);
        res.writeHead(signed ? 200 : 400).end();
        this.waiters = this.waiters.filter((w) => (w.match(got) ? (w.resolve(got), false) : true));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Down: the port refuses connections until start() again. */
  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  /** The next (or an already received) delivery that matches. */
  next(match: (r: Received) => boolean, timeoutMs = 20_000): Promise<Received> {
    const had = this.received.find(match);
    if (had) return Promise.resolve(had);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('no matching webhook delivery arrived')), timeoutMs);
      this.waiters.push({ match, resolve: (r) => (clearTimeout(t), resolve(r)) });
    });
  }

  /** Resolves at the next request that reaches the receiver. */
  nextHit(): Promise<void> {
    return new Promise((resolve) => this.hitWaiters.push(resolve));
  }
}
