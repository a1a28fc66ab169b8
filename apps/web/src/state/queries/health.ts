import type { Api, RouteBody } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Query keys of stream health. */
export const healthKeys = {
  live: (roomId: number) => ['health', 'live', roomId] as const,
};

/** The anchor's page reports its outgoing stream (silently: a lost sample is not the anchor's concern). */
export function reportHealth(body: RouteBody<Api['liveHealthReport']>): Promise<unknown> {
  return call('liveHealthReport', body, { silent: true }).catch(() => undefined);
}

/** My room's current live as the server measured it (an OBS anchor's panel), refreshed every 10 s while shown. */
export function useLiveHealth(roomId: number, enabled: boolean) {
  return useQuery({
    queryKey: healthKeys.live(roomId),
    queryFn: () => call('liveHealth', { room_id: roomId }, { silent: true }),
    enabled: enabled && roomId > 0,
    refetchInterval: 10_000,
  });
}
