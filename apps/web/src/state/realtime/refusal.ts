import { isSessionErrorCode } from '@app/contract';
import type { Refusal } from './hallClient';

/**
 * Reads a socket.io connect_error. One the server's middleware sent carries a `data` field (the
 * client sets it, even when empty); a transport failure or a timeout has none: the server never
 * answered. A refusal of the credentials with a session error code means the token is gone.
 */
export function readRefusal(err: unknown, authFailedMessage: string): Refusal {
  if (!(err instanceof Error) || !('data' in err)) return null;
  if (err.message !== authFailedMessage) return 'refused';
  const code = (err.data as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'number' && isSessionErrorCode(code) ? 'session' : 'refused';
}
