/**
 * Where /metrics is served: on a listener of its own (METRICS_PORT, on METRICS_HOST), or, with
 * METRICS_TOKEN alone, on the app's port behind that token; never on the public port without one.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { MetricsConfig } from './metrics.config.js';
import type { Metrics } from './metrics.js';

const REFUSED = { code: 401, msg: 'metrics: Authorization must be "Bearer <METRICS_TOKEN>"', data: null };
const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether an Authorization header carries the token (compared in constant time). */
function tokenAccepted(token: string | undefined, header: string | undefined): boolean {
  if (token === undefined) return true;
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
}

/** Serves /metrics on the app's port when only a token is configured (the listener of its own takes it otherwise). */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, config: MetricsConfig): void {
  if (config.port > 0 || config.token === undefined) return;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!tokenAccepted(config.token, req.headers.authorization)) return reply.status(401).send(REFUSED);
    const { text, contentType } = await metrics.exposition();
    return reply.type(contentType).send(text);
  });
}

/** A listener serving only /metrics (behind the token when there is one). Resolves once it listens. */
export async function listenMetrics(metrics: Metrics, config: Pick<MetricsConfig, 'host' | 'token'>, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const answer = (status: number, body: string, type = 'application/json') => res.writeHead(status, { 'content-type': type }).end(body);
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') return answer(404, JSON.stringify({ code: 404, msg: 'not found', data: null }));
    if (!tokenAccepted(config.token, req.headers.authorization)) return answer(401, JSON.stringify(REFUSED));
    metrics.exposition().then(
      ({ text, contentType }) => answer(200, text, contentType),
      () => answer(500, JSON.stringify({ code: 500, msg: 'metrics not read', data: null })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** Closes a metrics listener (and its keep-alive connections: Prometheus keeps one open). */
export function closeMetrics(server: http.Server | undefined): Promise<void> {
  if (!server) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
