import { useCallback } from 'react';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Api, RoomInfo, RouteInput } from '@app/contract';
import { call } from '../../lib/api';
import { getSession, useSession } from '../session';
import { STALE } from './client';

/** Query keys of rooms, anchors and room search; invalidate by `all`. */
export const roomKeys = {
  all: ['room'] as const,
  categories: () => ['room', 'categories'] as const,
  list: (categoryId: number | null) => ['room', 'list', categoryId ?? 'all'] as const,
  search: (kind: 'room' | 'user', keyword: string) => ['room', 'search', kind, keyword] as const,
  info: (id: number) => ['room', 'info', id] as const,
  apply: () => ['room', 'anchorApply'] as const,
};

const PAGE_SIZE = 20;

/** Room categories: the live page's tabs and the create form's picker. */
export function useRoomCategories() {
  return useQuery({
    queryKey: roomKeys.categories(),
    queryFn: async () => (await call('roomCategories', undefined, { silent: true })).list,
    staleTime: STALE.MINUTES5,
  });
}

/** Open rooms (home/anchor/list), live first, page by page; null = every category. */
export function useLiveRooms(categoryId: number | null) {
  return useInfiniteQuery({
    queryKey: roomKeys.list(categoryId),
    queryFn: ({ pageParam }) => call('anchorList', { page: pageParam, size: PAGE_SIZE, ...(categoryId ? { category_id: categoryId } : {}) }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    staleTime: STALE.SECONDS,
  });
}

/** Open rooms whose title, number or anchor matches the keyword (common/search_room). */
export function useSearchRooms(keyword: string) {
  const q = keyword.trim();
  return useInfiniteQuery({
    queryKey: roomKeys.search('room', q),
    queryFn: ({ pageParam }) => call('searchRoom', { keyword: q, page: pageParam, size: PAGE_SIZE }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Members whose nickname or account matches the keyword (common/search_user). */
export function useSearchUsers(keyword: string) {
  const q = keyword.trim();
  return useInfiniteQuery({
    queryKey: roomKeys.search('user', q),
    queryFn: ({ pageParam }) => call('searchUser', { keyword: q, page: pageParam, size: PAGE_SIZE }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * One room by id (home/room_info). Cached by id for a minute so leaving and coming back paints at
 * once; the room channel's join answer refreshes it.
 */
export function useRoomInfo(id: number) {
  const token = useSession((s) => s.token);
  return useQuery({
    // The caller's auth level is in the answer: a different session is a different answer.
    queryKey: [...roomKeys.info(id), token ? 'me' : 'anon'],
    queryFn: () => call('roomInfo', { room_id: id }, { silent: true }),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: STALE.MINUTE,
  });
}

/** Looks a room up by its number (the join page). */
export const findRoomByNumber = (number: string) => call('roomInfo', { number });

/** Keeps the cached room in step with what the room channel said last. */
export function useSeedRoomInfo() {
  const qc = useQueryClient();
  return useCallback(
    (room: RoomInfo) => {
      const token = getSession().token;
      qc.setQueryData([...roomKeys.info(room.id), token ? 'me' : 'anon'], room);
    },
    [qc],
  );
}

/** My anchor application (user/anchor/apply_status). */
export function useAnchorApplication() {
  const token = useSession((s) => s.token);
  const isGuest = useSession((s) => s.isGuest);
  return useQuery({
    queryKey: roomKeys.apply(),
    queryFn: () => call('anchorApplyStatus', undefined, { silent: true }),
    enabled: token !== '' && !isGuest,
    staleTime: STALE.SECONDS,
  });
}

export function useApplyAnchor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteInput<Api['anchorApply']>) => call('anchorApply', body),
    onSuccess: (app) => qc.setQueryData(roomKeys.apply(), app),
  });
}

/** Goes live (room/open); the answer seeds the room cache so the room page paints at once. */
export function useOpenRoom() {
  const seed = useSeedRoomInfo();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteInput<Api['roomOpen']>) => call('roomOpen', body),
    onSuccess: (room) => {
      seed(room);
      void qc.invalidateQueries({ queryKey: ['room', 'list'] });
    },
  });
}

export function useCloseRoom() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (roomId: number) => call('roomClose', { room_id: roomId }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: roomKeys.all }),
  });
}

/** Fresh WHIP/WHEP credentials; asked on every (re)connect because the token is short-lived. */
export const mediaCredentials = (body: RouteInput<Api['roomMedia']>) => call('roomMedia', body, { silent: true });

/**
 * The room page is open to visitors (seed §2), but watching needs a session: a visitor without one
 * gets a guest session for this device (home/visitor), as the seed's guest flag describes.
 */
export async function ensureViewerSession(): Promise<void> {
  const s = getSession();
  if (s.token) return;
  const guest = await call('visitor', undefined, { silent: true });
  if (!getSession().token) getSession().signIn(guest);
}
