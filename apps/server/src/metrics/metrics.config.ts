/** Prometheus exposition settings (METRICS_*): a port of its own, a token, or both; off when neither. */
import { int, optionalInt, optionalText, section, text } from '../config/setting.js';

export interface MetricsConfig {
  /** Port of the metrics listener (0: none; then /metrics is on the app's port, behind the token). */
  port: number;
  /** Interface the metrics listener binds. */
  host: string;
  /** Bearer token /metrics asks for; undefined: none (only on a listener of its own). */
  token: string | undefined;
  /** The games host's metrics listener (it is another process, so it needs another port). */
  gamesPort: number | undefined;
}

/** Whether an address is this machine's own loopback (nobody else reaches a listener there). */
export const isLoopback = (host: string): boolean => host === 'localhost' || host === '::1' || /^127\./.test(host);

export const metricsSettings = section(
  {
    METRICS_PORT: int(0, 'Port of the Prometheus metrics listener (`/metrics`), apart from the public API; 0: none (then only METRICS_TOKEN serves it)', {
      max: 65535,
      shown: '0 (off)',
    }),
    METRICS_HOST: text('127.0.0.1', '127.0.0.1', 'Interface the metrics listener binds; production refuses one other than loopback without METRICS_TOKEN'),
    METRICS_TOKEN: optionalText(
      '(unset)',
      'Bearer token `/metrics` asks for (`Authorization: Bearer …`); set without METRICS_PORT, `/metrics` is served on the app port behind it',
    ),
    METRICS_GAMES_PORT: optionalInt('(unset: the games host serves metrics only behind METRICS_TOKEN)', "Port of the games host's metrics listener", {
      min: 1,
      max: 65535,
    }),
  },
  (v, fail): MetricsConfig => {
    if (v.METRICS_TOKEN !== undefined && v.METRICS_TOKEN.length < 16) fail('METRICS_TOKEN', 'must be at least 16 characters');
    return { port: v.METRICS_PORT, host: v.METRICS_HOST, token: v.METRICS_TOKEN, gamesPort: v.METRICS_GAMES_PORT };
  },
);
