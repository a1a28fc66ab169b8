import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useSession } from '../session';
import { STALE } from './client';

/** Query keys of replays; invalidate by `all`. */
export const replayKeys = {
  all: ['replay'] as const,
  list: (anchorId: number | null) => ['replay', 'list', anchorId ?? 'all'] as const,
  info: (id: number) => ['replay', 'info', id] as const,
  danmaku: (id: number, from: number) => ['replay', 'danmaku', id, from] as const,
};

const PAGE_SIZE = 20;

/** Replays newest first: everyone's public ones, or one anchor's (their own private ones too when it is the caller). */
export function useReplayList(anchorId: number | null) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: [...replayKeys.list(anchorId), token ? 'me' : 'anon'],
    queryFn: ({ pageParam }) => call('replayList', { page: pageParam, size: PAGE_SIZE, ...(anchorId ? { anchor_id: anchorId } : {}) }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    staleTime: STALE.SECONDS,
  });
}

/** One replay for the player, with its chat and gift moments. */
export function useReplayInfo(id: number) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...replayKeys.info(id), token ? 'me' : 'anon'],
    queryFn: () => call('replayInfo', { id }, { silent: true }),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: STALE.MINUTE,
  });
}

/** The live's lines of one window of a replay (from `from` seconds), to fly as danmaku; null: none wanted. */
export function useReplayDanmaku(id: number, from: number | null) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...replayKeys.danmaku(id, from ?? -1), token ? 'me' : 'anon'],
    queryFn: () => call('replayDanmaku', { id, from: from ?? 0 }, { silent: true }),
    enabled: from !== null && Number.isInteger(id) && id > 0,
    staleTime: STALE.MINUTE,
  });
}

/** The anchor makes a replay private or public again. */
export function useReplayVisibility() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; private: boolean }) => call('replayVisibility', input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: replayKeys.all }),
  });
}

/** The anchor deletes a replay (its files go too). */
export function useDeleteReplay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('replayDelete', { id }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: replayKeys.all }),
  });
}
