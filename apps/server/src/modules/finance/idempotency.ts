import type { ErrorCodeValue } from '@app/contract';
import type { Conn } from '../../db/database.js';
import { nowIso } from '../../db/time.js';
import { BizError, reusedKey } from '../../http/errors.js';
import { refusalRepository } from './refusal.repository.js';

/** The stored idempotency key of a user's call: scoped by operation and user, so keys never collide across them. */
export const opKey = (op: string, userId: number, requestId: string): string => `${op}:${userId}:${requestId}`;

/*
 * A request_id names one operation forever, a refused one too: a request refused for a short
 * balance keeps that refusal under its key, so a retry after the balance grew answers the same
 * refusal instead of running as a new operation. `request` is the input the key is bound to
 * (the same fields, in the same order, on every call).
 */

/** The refusal this key got before: the same refusal for the same request, reusedKey for another one. */
export async function pastRefusal(db: Conn, key: string, request: Record<string, unknown>): Promise<BizError | undefined> {
  const r = await refusalRepository.byKey(db, key);
  if (!r) return undefined;
  if (r.request !== JSON.stringify(request)) return reusedKey();
  return new BizError(r.code as ErrorCodeValue, r.msg);
}

/** Keeps `err` as the key's answer (the first one wins when copies race) and returns it to throw. */
export async function keepRefusal(db: Conn, key: string, userId: number, request: Record<string, unknown>, err: BizError): Promise<BizError> {
  await refusalRepository.insert(db, {
    idem_key: key,
    user_id: userId,
    code: err.code,
    msg: err.message.slice(0, 200),
    request: JSON.stringify(request),
    created_at: nowIso(),
  });
  return err;
}
