import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useSession } from '../session';
import { STALE } from './client';

/** Query keys of the creator dashboard. */
export const creatorKeys = {
  earnings: () => ['creator', 'earnings'] as const,
  lives: () => ['creator', 'lives'] as const,
  live: (id: number) => ['creator', 'live', id] as const,
};

const PAGE_SIZE = 20;

const useMember = (): boolean => {
  const token = useSession((s) => s.token);
  const isGuest = useSession((s) => s.isGuest);
  return token !== '' && !isGuest;
};

/** The anchor's income by day over 30 days, with the week's and the month's totals. */
export function useCreatorEarnings() {
  const member = useMember();
  return useQuery({
    queryKey: creatorKeys.earnings(),
    queryFn: () => call('creatorEarnings', undefined, { silent: true }),
    enabled: member,
    staleTime: STALE.SECONDS,
    retry: false,
  });
}

/** The anchor's lives, newest first. */
export function useCreatorLives(enabled: boolean) {
  const member = useMember();
  return useInfiniteQuery({
    queryKey: creatorKeys.lives(),
    queryFn: ({ pageParam }) => call('creatorLives', { page: pageParam, size: PAGE_SIZE }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: member && enabled,
    staleTime: STALE.SECONDS,
  });
}

/** One live's figures; refreshed every 30 s while it is on air. */
export function useCreatorLive(id: number) {
  const member = useMember();
  return useQuery({
    queryKey: creatorKeys.live(id),
    queryFn: () => call('creatorLive', { id }, { silent: true }),
    enabled: member && id > 0,
    retry: false,
    refetchInterval: (q) => (q.state.data && q.state.data.live.ended_at === null ? 30_000 : false),
  });
}
