/**
 * The worker's payment duties: closing recharge orders left unpaid past RECHARGE_ORDER_TTL_MIN (at
 * their provider too), and reconciling each provider that keeps records every PAY_RECONCILE_HOURS.
 * The last run's window is in the database, so a new leader picks the schedule up where the old one left it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Job } from '../../../worker.js';
import type { FinanceConfig } from '../finance.config.js';
import type { RechargeService } from './recharge.service.js';
import type { ReconcileService } from './reconcile.service.js';

const HOUR_MS = 3_600_000;

export function paymentsJob(opts: { recharge: RechargeService; reconcile: ReconcileService; config: FinanceConfig; log: FastifyBaseLogger }): Job {
  const { recharge, reconcile, config, log } = opts;
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  /** A tick that does nothing while the previous one of the same duty still runs. */
  const once = (what: string, fn: () => Promise<unknown>) => {
    let current: Promise<unknown> | undefined;
    return () => {
      if (current) return;
      const p = fn()
        .catch((err: unknown) => log.error({ err }, `${what} failed`))
        .finally(() => {
          current = undefined;
          running.delete(p);
        });
      current = p;
      running.add(p);
    };
  };
  const sweep = once('closing unpaid recharge orders', async () => {
    const r = await recharge.closeExpired(config.rechargeOrderTtlMs);
    if (r.closed + r.credited > 0) log.info(r, 'unpaid recharge orders closed');
  });
  const periodMs = config.payReconcileHours * HOUR_MS;
  const reconcileDue = once('payment reconciliation', async () => {
    for (const p of recharge.offered) {
      if (!p.settlements) continue;
      const now = Date.now();
      const last = await reconcile.lastReconciledTo(p.name);
      if (last !== undefined && now - last < periodMs) continue;
      await reconcile.reconcile(p, last ?? now - periodMs, now);
    }
  });
  return {
    name: 'payments (unpaid orders closed, reconciliation)',
    start: () => {
      timers.push(setInterval(sweep, Math.min(60_000, Math.max(1000, config.rechargeOrderTtlMs / 4))));
      if (periodMs > 0) {
        reconcileDue();
        timers.push(setInterval(reconcileDue, Math.min(HOUR_MS, periodMs)));
      }
      for (const t of timers) t.unref();
    },
    stop: async () => {
      for (const t of timers.splice(0)) clearInterval(t);
      await Promise.all([...running]);
    },
  };
}
