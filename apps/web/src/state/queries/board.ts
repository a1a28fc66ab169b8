import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { BoardPeriod } from '@app/contract';
import { call } from '../../lib/api';
import { useSession } from '../session';

/** Query keys of room boards, viewer lists, followed live anchors and previews. */
export const boardKeys = {
  all: ['board'] as const,
  board: (roomId: number, period: BoardPeriod, signedIn: boolean) => ['board', 'board', roomId, period, signedIn] as const,
  viewers: (roomId: number) => ['board', 'viewers', roomId] as const,
  following: (userId: number) => ['board', 'following', userId] as const,
  preview: (roomId: number) => ['board', 'preview', roomId] as const,
};

/** Boards and viewers move with every gift and arrival: read again whenever the sheet opens. */
const FRESH_MS = 3_000;

/** A room's contribution board for this live or this week, with the caller's place (room/board). */
export function useRoomBoard(roomId: number, period: BoardPeriod, enabled = true) {
  const signedIn = useSession((s) => !!s.token && !s.isGuest);
  return useQuery({
    queryKey: boardKeys.board(roomId, period, signedIn),
    queryFn: () => call('roomBoard', { room_id: roomId, period, size: 50 }, { silent: true }),
    staleTime: FRESH_MS,
    enabled,
  });
}

/** The people in a room now: top givers present, then the latest arrivals (room/viewers). */
export function useRoomViewers(roomId: number, enabled = true) {
  return useQuery({
    queryKey: boardKeys.viewers(roomId),
    queryFn: () => call('roomViewers', { room_id: roomId }, { silent: true }),
    staleTime: FRESH_MS,
    enabled,
  });
}

/** Open rooms of the anchors the member follows (home/anchor/following); off for a guest. */
export function useFollowingLive() {
  const userId = useSession((s) => (s.token && !s.isGuest ? (s.userInfo?.id ?? 0) : 0));
  return useInfiniteQuery({
    queryKey: boardKeys.following(userId),
    queryFn: ({ pageParam }) => call('followingLive', { page: pageParam, size: 20 }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: userId > 0,
    staleTime: 15_000,
  });
}

/** A room's live HLS playlist for a muted preview (room/preview); null when it has none. */
export function useRoomPreview(roomId: number | null) {
  return useQuery({
    queryKey: boardKeys.preview(roomId ?? 0),
    queryFn: () => call('roomPreview', { room_id: roomId ?? 0 }, { silent: true }),
    enabled: roomId !== null,
    staleTime: 30_000,
  });
}
