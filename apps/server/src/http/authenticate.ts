import type { FastifyRequest } from 'fastify';
import { ErrorCode, Header, type RouteAuth } from '@app/contract';
import { BizError, sessionError } from './errors.js';
import type { Auth, SessionReader } from './caller.js';
import { tokenFromHeader } from '../lib/token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller of this request (null: anonymous), set before validation. */
    caller: Auth | null;
  }
}

const NO_TOKEN = Header.noToken.toLowerCase();

/**
 * Resolves the caller for a route's auth level (docs/conventions.md): `public` routes treat a bad
 * token as anonymous (a stale token must not block login or registration); other levels refuse it
 * with the 401 session code that makes the client clear its session.
 */
export async function authenticate(sessions: SessionReader, req: FastifyRequest, level: RouteAuth): Promise<Auth | null> {
  const token = req.headers[NO_TOKEN] ? undefined : tokenFromHeader(req.headers.authorization);
  if (!token) {
    if (level === 'public') return null;
    throw sessionError(ErrorCode.TOKEN_MISSING);
  }
  const checked = await sessions.check(token);
  if (!checked.ok) {
    if (level === 'public') return null;
    throw sessionError(checked.code);
  }
  const { user } = checked.auth;
  if ((level === 'member' || level === 'operator') && user.is_guest) throw sessionError(ErrorCode.GUEST_NOT_ALLOWED);
  if (level === 'operator' && user.role !== 'operator') throw new BizError(ErrorCode.FORBIDDEN, '需要运营权限', { status: 403 });
  return checked.auth;
}
