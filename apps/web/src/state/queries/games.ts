import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GameItem } from '@app/contract';
import { call } from '../../lib/api';
import { getSession, useSession } from '../session';
import { STALE } from './client';

export const gameKeys = { all: ['game'] as const, list: () => ['game', 'list'] as const };

/** A game as remembered for an offline start (seed §3 "game list"): the item and its games host. */
export type RememberedGame = GameItem & { host: string };

const isRemembered = (v: unknown): v is RememberedGame =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as RememberedGame).code === 'string' &&
  typeof (v as RememberedGame).host === 'string' &&
  typeof (v as RememberedGame).name === 'string';

/** The remembered list (whatever was stored: anything unreadable is skipped). */
export const rememberedGames = (list: unknown[]): RememberedGame[] => list.filter(isRemembered);

/**
 * The game list (game/fetch), remembered in the session so the tab and a game still open when the
 * network is gone; the remembered list shows at once while the fresh one loads.
 */
export function useGames() {
  const remembered = useSession((s) => s.gameList);
  const q = useQuery({
    queryKey: gameKeys.list(),
    queryFn: () => call('gameFetch', undefined, { silent: true }),
    staleTime: STALE.MINUTE,
  });
  useEffect(() => {
    if (q.data) getSession().patch({ gameList: q.data.list.map((g) => ({ ...g, host: q.data.host })) });
  }, [q.data]);
  const list: RememberedGame[] = q.data ? q.data.list.map((g) => ({ ...g, host: q.data.host })) : rememberedGames(remembered);
  return {
    list,
    isPending: q.isPending && list.length === 0,
    isError: q.isError && list.length === 0,
    offline: q.isError && list.length > 0,
    refetch: q.refetch,
  };
}
