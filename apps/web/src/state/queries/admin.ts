import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Api, RouteData, RouteInput, RouteName } from '@app/contract';
import { call } from '../../lib/api';
import { STALE } from './client';

/** Query keys of the operator console: `['admin', route, input]`; every action refreshes them all. */
export const adminKeys = {
  all: ['admin'] as const,
  of: (name: RouteName, input: unknown) => ['admin', name, input ?? null] as const,
};

/** Reads one operator route (the console's lists and dashboard); the previous page stays while the next loads. */
export function useAdminQuery<N extends RouteName>(name: N, input?: RouteInput<Api[N]>, opts: { refetchMs?: number } = {}) {
  return useQuery({
    queryKey: adminKeys.of(name, input),
    queryFn: ({ signal }) => (call as (n: N, i: unknown, o: { signal: AbortSignal }) => Promise<RouteData<Api[N]>>)(name, input ?? {}, { signal }),
    staleTime: STALE.SECONDS,
    placeholderData: keepPreviousData,
    ...(opts.refetchMs ? { refetchInterval: opts.refetchMs } : {}),
  });
}

/** Runs one operator action; on success every console list refetches (what changed may show in several). */
export function useAdminAction<N extends RouteName>(name: N) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<Api[N]>) => (call as (n: N, i: unknown) => Promise<RouteData<Api[N]>>)(name, input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
