import { useQuery } from '@tanstack/react-query';
import type { Api, RouteInput } from '@app/contract';
import { call } from '../../lib/api';
import { useSession } from '../session';
import { STALE } from './client';

type RankQuery = RouteInput<Api['rankFetch']>;
export type RankType = NonNullable<RankQuery['type']>;
export type RankPeriod = NonNullable<RankQuery['period']>;

export const rankKeys = {
  all: ['rank'] as const,
  list: (type: RankType, period: RankPeriod, token: string) => ['rank', type, period, token !== ''] as const,
};

/** How many places a ranking shows. */
export const RANK_SIZE = 50;

/** A ranking by type and period, with the caller's own place (rank/fetch; public). */
export function useRank(type: RankType, period: RankPeriod) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: rankKeys.list(type, period, token),
    queryFn: () => call('rankFetch', { type, period, size: RANK_SIZE }, { silent: true }),
    staleTime: STALE.SECONDS,
    placeholderData: (prev) => (prev && prev.type === type ? prev : undefined),
  });
}
