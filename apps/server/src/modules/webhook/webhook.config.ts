/** Outbound webhook settings (WEBHOOK_*); every one has a working default. */
import { int, section } from '../../config/setting.js';

export interface WebhookConfig {
  /** The first retry waits this long; each further one twice as long, up to backoffMaxMs (ms). */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** A delivery is retried for this long after its first send (or its last resend from the console). */
  retryMs: number;
  /** An endpoint that has not answered within this long has failed this attempt (ms). */
  timeoutMs: number;
  /** How often the worker looks for due deliveries (ms). */
  pollMs: number;
}

export const webhookSettings = section(
  {
    WEBHOOK_BACKOFF_BASE_MS: int(30_000, 'Wait before the first retry of a failed webhook delivery; each further retry waits twice as long', {
      min: 10,
      max: 3_600_000,
    }),
    WEBHOOK_BACKOFF_MAX_MS: int(3_600_000, 'Longest wait between two retries of a webhook delivery', { min: 10, max: 86_400_000 }),
    WEBHOOK_RETRY_HOURS: int(24, 'A webhook delivery that keeps failing is retried for this many hours, then marked failed (the console can send it again)', {
      min: 1,
      max: 720,
    }),
    WEBHOOK_TIMEOUT_MS: int(10_000, 'An endpoint that has not answered a delivery within this long has failed that attempt', { min: 100, max: 60_000 }),
    WEBHOOK_POLL_MS: int(1000, 'How often the worker role looks for webhook deliveries that are due', { min: 50, max: 60_000 }),
  },
  (v): WebhookConfig => ({
    backoffBaseMs: v.WEBHOOK_BACKOFF_BASE_MS,
    backoffMaxMs: Math.max(v.WEBHOOK_BACKOFF_BASE_MS, v.WEBHOOK_BACKOFF_MAX_MS),
    retryMs: v.WEBHOOK_RETRY_HOURS * 3_600_000,
    timeoutMs: v.WEBHOOK_TIMEOUT_MS,
    pollMs: v.WEBHOOK_POLL_MS,
  }),
);
