import { useSession } from '../session';
import { queryClient } from './client';

/**
 * Cached answers belong to the session that fetched them (user info, wallet, follow flags…). When
 * one session replaces another (a guest logs in, a member logs out or switches account), every
 * cached query is reset and the mounted ones refetch as the new caller. Going from no session to
 * one keeps the anonymous cache: it holds nothing about anyone. Going to none (a logout) drops the
 * cache and fetches nothing.
 */
export function startIdentityReset(): () => void {
  return useSession.subscribe((s, prev) => {
    if (s.token === prev.token || prev.token === '') return;
    // Logged out: the cache goes without refetching (a refetch now would go without a token: a 401).
    if (s.token === '') queryClient.removeQueries();
    else void queryClient.resetQueries();
  });
}
