import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.js';

/**
 * Times every HTTP answer into the duration histogram, labelled by the route's pattern (a path would
 * put ids in a label: `unmatched` stands for every path no route took). A callback-style hook: an
 * async one costs a promise per request.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  const histogram = metrics.httpDuration;
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') histogram.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}
