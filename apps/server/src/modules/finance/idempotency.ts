import { ErrorCode } from '@app/contract';
import { BizError } from '../../http/errors.js';

/** The stored idempotency key of a user's call: scoped by operation and user, so keys never collide across them. */
export const opKey = (op: string, userId: number, requestId: string): string => `${op}:${userId}:${requestId}`;

/** The same request_id sent again with different input: refused rather than answered with an unrelated result. */
export const reusedKey = (): BizError => new BizError(ErrorCode.CONFLICT, 'request_id 已用于另一笔操作');
