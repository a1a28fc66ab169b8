import { useSession } from '../session';
import { queryClient } from './client';

/**
 * Cached answers belong to the session that fetched them (user info, wallet, follow flags…). When
 * one session replaces another (a guest logs in, a member logs out or switches account), every
 * cached query is reset and the mounted ones refetch as the new caller. Going from no session to
 * one keeps the anonymous cache: it holds nothing about anyone.
 */
export function startIdentityReset(): () => void {
  return useSession.subscribe((s, prev) => {
    if (s.token !== prev.token && prev.token !== '') void queryClient.resetQueries();
  });
}
