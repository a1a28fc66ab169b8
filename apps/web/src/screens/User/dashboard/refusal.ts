import { ErrorCode } from '@app/contract';
import { ApiError } from '../../../lib/apiError';

/** Why the dashboard is refused, when it is: not an anchor, an application waiting, another anchor's live, or no such live. */
export function refusalOf(err: unknown): 'notAnchor' | 'pending' | 'notOwn' | 'notFound' | null {
  if (!(err instanceof ApiError)) return null;
  if (err.code === ErrorCode.NOT_ANCHOR) return 'notAnchor';
  if (err.code === ErrorCode.ANCHOR_APPLY_PENDING) return 'pending';
  if (err.code === ErrorCode.NOT_OWN_LIVE) return 'notOwn';
  if (err.code === ErrorCode.NOT_FOUND || err.code === ErrorCode.VALIDATION) return 'notFound';
  return null;
}
