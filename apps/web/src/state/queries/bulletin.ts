import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { STALE } from './client';
import { bulletinKeys } from './keys';

const PAGE_SIZE = 15;

/** Announcements, pinned first then newest (home/bulletin). */
export function useBulletins() {
  return useInfiniteQuery({
    queryKey: bulletinKeys.list(),
    // Silent: a failed first page shows the error block, a failed next page the list's own retry.
    queryFn: ({ pageParam }) => call('bulletin', { page: pageParam, size: PAGE_SIZE }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    staleTime: STALE.MINUTE,
  });
}

/** One announcement by id (home/bulletin?id=). */
export function useBulletin(id: number) {
  return useQuery({
    queryKey: bulletinKeys.detail(id),
    queryFn: async () => (await call('bulletin', { id, page: 1, size: 1 }, { silent: true })).list[0] ?? null,
    enabled: Number.isInteger(id) && id > 0,
    staleTime: STALE.MINUTES5,
  });
}
