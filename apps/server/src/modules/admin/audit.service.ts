import type { Api, AuditEntry, Page, RouteQuery } from '@app/contract';
import type { Conn } from '../../db/database.js';
import { nowIso } from '../../db/time.js';
import { briefsOf } from '../user/userBriefs.js';
import { auditRepository as repo } from './audit.repository.js';

/** One operator action to write down. */
export interface AuditInput {
  operatorId: number | null;
  /** The contract route name, or `cli:<command>` for the admin command line. */
  action: string;
  target: string;
  detail: Record<string, unknown>;
  ip: string;
}

/** Fields kept out of the log: passwords, secrets, tokens, and authenticator or recovery codes. */
const SECRET = /password|secret|token|^code$/i;
/** Which kind of thing a bare `id` names, by route. */
const ID_KIND: Record<string, string> = {
  adminWithdrawApprove: 'withdrawal',
  adminWithdrawReject: 'withdrawal',
  adminWordRemove: 'word',
  adminGiftSave: 'gift',
  adminGiftDelete: 'gift',
  adminPackageSave: 'package',
  adminCreateBulletin: 'bulletin',
  adminBannerSave: 'banner',
  adminCategorySave: 'category',
  adminTopicSave: 'topic',
  adminActivitySave: 'activity',
};

/** The input as kept in the log: secrets replaced. */
export function auditDetail(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, SECRET.test(k) ? '***' : v]));
}

/** What an action acted on, read from its input (or its answer): `user:12`, `post:40`, `withdrawal:3`… */
export function auditTarget(action: string, body: Record<string, unknown>, data: unknown): string {
  const num = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)) ? String(v) : null);
  if (typeof body.type === 'string' && num(body.id)) return `${body.type}:${num(body.id)}`;
  if (typeof body.target_type === 'string' && num(body.target_id)) return `${body.target_type}:${num(body.target_id)}`;
  if (num(body.user_id)) return `user:${num(body.user_id)}`;
  if (num(body.room_id)) return `room:${num(body.room_id)}`;
  if (num(body.id)) return `${ID_KIND[action] ?? 'id'}:${num(body.id)}`;
  // A new item: its id is in the answer (itself, or its `gift`).
  const answer = data && typeof data === 'object' ? (data as { id?: unknown; gift?: { id?: unknown } }) : {};
  const answerId = num(answer.id) ?? num(answer.gift?.id);
  if (answerId) return `${ID_KIND[action] ?? 'id'}:${answerId}`;
  return '';
}

/** Writes one operator action to the audit log. */
export async function recordAudit(db: Conn, e: AuditInput): Promise<void> {
  await repo.insert(db, {
    operator_id: e.operatorId,
    action: e.action.slice(0, 64),
    target: e.target.slice(0, 64),
    detail: JSON.stringify(e.detail),
    ip: e.ip.slice(0, 64),
    created_at: nowIso(),
  });
}

/** The audit log as the console reads it. */
export async function auditPage(db: Conn, q: RouteQuery<Api['adminAudit']>): Promise<Page<AuditEntry>> {
  const { rows, total } = await repo.page(db, q);
  const briefs = await briefsOf(db, [...new Set(rows.flatMap((r) => (r.operator_id === null ? [] : [r.operator_id])))]);
  const list = rows.map((r) => ({
    id: r.id,
    operator: r.operator_id === null ? null : (briefs.get(r.operator_id) ?? null),
    action: r.action,
    target: r.target,
    detail: JSON.parse(r.detail) as Record<string, unknown>,
    ip: r.ip,
    created_at: r.created_at,
  }));
  return { list, total, page: q.page, size: q.size, has_more: q.page * q.size < total };
}

/** What `serve` hands over after an operator's write call succeeded. */
export interface RouteAudit {
  name: string;
  operatorId: number;
  body: unknown;
  data: unknown;
  ip: string;
}

/** The audit hook of the route layer: every successful operator write call is logged (http/serve.ts). */
export const routeAuditor =
  (db: Conn) =>
  (a: RouteAudit): Promise<void> => {
    const detail = auditDetail(a.body);
    return recordAudit(db, { operatorId: a.operatorId, action: a.name, target: auditTarget(a.name, detail, a.data), detail, ip: a.ip });
  };
