import type { Deps } from '../../../deps.js';
import { nowIso } from '../../../db/time.js';
import { PRICE_CURRENCY, type PaymentProvider } from './paymentProvider.js';
import { reconcileRepository as repo, type MismatchRow } from './reconcile.repository.js';

/** Sessions are made a moment after their order: each side is read this much wider than the window. */
const SLACK_MS = 10 * 60_000;

type Found = Omit<MismatchRow, 'id' | 'found_at' | 'provider'>;

/**
 * Reconciliation of one provider's records against the ledger (decision 0198): every payment the
 * provider settled must be a known order of the same amount and currency whose coins the ledger
 * credited (`recharge:<order_no>`), and every order the ledger credited must be settled there.
 * What does not match is recorded once (payment_mismatches) and listed in the console.
 */
export class ReconcileService {
  constructor(private readonly deps: Deps) {}

  async reconcile(provider: PaymentProvider, fromMs: number, toMs: number): Promise<{ settlements: number; mismatches: Found[] }> {
    if (!provider.settlements) return { settlements: 0, mismatches: [] };
    const db = this.deps.db.kysely;
    const iso = (ms: number) => new Date(ms).toISOString();
    const inWindow = await repo.ordersBetween(db, provider.name, iso(fromMs - SLACK_MS), iso(toMs + SLACK_MS));
    const notified = await repo.notifiedOrderNos(db, provider.name, iso(fromMs - SLACK_MS), iso(toMs + SLACK_MS));
    const seen = [...new Set([...inWindow.map((o) => o.order_no), ...notified])];
    const settled = await provider.settlements(fromMs - SLACK_MS, toMs + SLACK_MS, seen);
    const known = new Map(inWindow.map((o) => [o.order_no, o]));
    const named = [...new Set(settled.map((s) => s.order_no).filter((n): n is string => n !== null && !known.has(n)))];
    for (const o of await repo.ordersByNo(db, named)) if (o.provider === provider.name) known.set(o.order_no, o);
    const credited = await repo.creditedOrders(db, [...known.keys()]);

    const found: Found[] = [];
    const settledOrders = new Set<string>();
    for (const s of settled) {
      const order = s.order_no ? known.get(s.order_no) : undefined;
      const base = { ref: s.trade_no, order_no: s.order_no ?? '', trade_no: s.trade_no, amount_fen: s.amount_fen };
      if (!order) {
        found.push({ ...base, kind: 'unknown_settlement', detail: '' });
        continue;
      }
      settledOrders.add(order.order_no);
      if (s.amount_fen !== order.price_fen || s.currency !== PRICE_CURRENCY)
        found.push({ ...base, kind: 'amount_mismatch', detail: `${s.currency} ${s.amount_fen} ≠ ${PRICE_CURRENCY} ${order.price_fen}` });
      else if (!credited.has(order.order_no)) found.push({ ...base, kind: 'missing_credit', detail: '' });
    }
    for (const o of inWindow) {
      if (o.created_at < iso(fromMs) || o.created_at >= iso(toMs) || !credited.has(o.order_no) || settledOrders.has(o.order_no)) continue;
      found.push({ kind: 'unsettled_credit', ref: o.order_no, order_no: o.order_no, trade_no: o.trade_no ?? '', amount_fen: o.price_fen, detail: '' });
    }
    const now = nowIso();
    for (const m of found) await repo.addMismatch(db, { ...m, provider: provider.name, found_at: now });
    await repo.addRun(db, {
      provider: provider.name,
      from_at: iso(fromMs),
      to_at: iso(toMs),
      settlements: settled.length,
      mismatches: found.length,
      ran_at: now,
    });
    if (found.length > 0) this.deps.log.warn({ provider: provider.name, mismatches: found.length }, 'payment reconciliation found mismatches');
    return { settlements: settled.length, mismatches: found };
  }

  /** What the runs found, newest first, with the last runs. */
  async page(page: number, size: number) {
    const db = this.deps.db.kysely;
    const [{ rows, total }, runs] = await Promise.all([repo.mismatches(db, page, size), repo.runs(db, 10)]);
    return { rows, total, runs: runs.map(({ id: _id, ...r }) => r) };
  }

  /** When a provider was last reconciled up to, if ever. */
  async lastReconciledTo(provider: string): Promise<number | undefined> {
    const r = await repo.lastRun(this.deps.db.kysely, provider);
    return r ? Date.parse(r.to_at) : undefined;
  }
}
