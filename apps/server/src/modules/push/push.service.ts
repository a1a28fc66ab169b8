import { ErrorCode, type Api, type RouteBody } from '@app/contract';
import { LANGS, type Lang } from '@app/locale';
import { isProduction } from '../../config.js';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError, validationError } from '../../http/errors.js';
import { isLoopback } from '../../metrics/metrics.config.js';
import { pushRepository as repo } from './push.repository.js';
import type { PushText } from './pushTexts.js';

/** Subscriptions one member keeps (their devices); a new one beyond this replaces the oldest. */
const MAX_PER_MEMBER = 10;

/** An IP literal (v4, or v6 in brackets): push services are reached by name. */
const IP_HOST = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * Web Push subscriptions and the queue of pushes (decisions 0215–0218). Members keep one
 * subscription per device; go-live alerts and private messages queue a push for each of the
 * recipient's subscriptions, in the database, and the worker's PushSender sends them. Without
 * VAPID keys nothing is kept or queued, and the app does not offer push.
 */
export class PushService {
  constructor(private readonly deps: Deps) {}

  private get vapid() {
    return this.deps.config.push.vapid;
  }

  /** Whether this server pushes at all (it has VAPID keys). */
  get on(): boolean {
    return this.vapid !== undefined;
  }

  async subscribe(userId: number, deviceId: string | null, input: RouteBody<Api['pushSubscribe']>): Promise<{ subscribed: true }> {
    if (!this.vapid) throw new BizError(ErrorCode.PUSH_OFF);
    const url = URL.parse(input.endpoint);
    if (!url) throw validationError([{ path: 'endpoint', message: '应为推送服务的 https 网址' }]);
    // The server posts to this URL: in production only a push service's https address, never an
    // address inside the network (a member must not make the server call it).
    if (
      isProduction(this.deps.config) &&
      (url.protocol !== 'https:' || IP_HOST.test(url.hostname) || isLoopback(url.hostname) || url.hostname.endsWith('.local'))
    )
      throw validationError([{ path: 'endpoint', message: '应为推送服务的 https 网址' }]);
    await this.deps.db.tx(async (conn) => {
      await repo.save(conn, {
        user_id: userId,
        device_id: deviceId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        lang: input.lang,
        created_at: nowIso(),
      });
      await repo.keepNewest(conn, userId, MAX_PER_MEMBER);
    });
    return { subscribed: true };
  }

  async unsubscribe(userId: number, endpoint: string): Promise<{ removed: boolean }> {
    return { removed: await repo.remove(this.deps.db.kysely, userId, endpoint) };
  }

  /**
   * Queues a push to every subscription of these users, in each one's language. The caller has
   * applied the alert rules (who is told, how often); the service worker decides whether to show it
   * (not while a tab of the app is in front: the page's own alert shows there, decision 0216).
   */
  async queue(userIds: readonly number[], text: PushText): Promise<number> {
    if (!this.vapid || userIds.length === 0) return 0;
    const db = this.deps.db.kysely;
    const subs = await repo.ofUsers(db, userIds);
    if (subs.length === 0) return 0;
    // Real time, as the sender's: the queue's clock is the database rows', not the alert rules'.
    const now = new Date();
    const at = now.toISOString();
    const expiresAt = new Date(now.getTime() + this.deps.config.push.ttlS * 1000).toISOString();
    const payloads = new Map<Lang, { payload: string; topic: string }>();
    for (const lang of LANGS) {
      const p = text(lang);
      payloads.set(lang, { payload: JSON.stringify({ ...p, at }), topic: p.tag });
    }
    await repo.enqueue(
      db,
      subs.map((s) => ({
        subscription_id: s.id,
        ...payloads.get(s.lang)!,
        attempts: 0,
        next_at: at,
        lease_until: null,
        expires_at: expiresAt,
        created_at: at,
      })),
    );
    return subs.length;
  }
}
