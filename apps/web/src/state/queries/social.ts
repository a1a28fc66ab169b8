import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { FollowResult, FollowUser, Page, UserInfo, UserProfile } from '@app/contract';
import { create } from 'zustand';
import { call } from '../../lib/api';
import { useSession } from '../session';
import { STALE } from './client';
import { userKeys } from './keys';

/** Query keys of follows, fans and profiles; invalidate by `all`. */
export const socialKeys = {
  all: ['social'] as const,
  following: () => ['social', 'following'] as const,
  fans: () => ['social', 'fans'] as const,
  profile: (userId: number) => ['social', 'profile', userId] as const,
};

const PAGE_SIZE = 20;

function useFollowPages(kind: 'following' | 'fans') {
  const token = useSession((s) => s.token);
  const isGuest = useSession((s) => s.isGuest);
  return useInfiniteQuery({
    queryKey: kind === 'following' ? socialKeys.following() : socialKeys.fans(),
    queryFn: ({ pageParam }) => call(kind === 'following' ? 'followList' : 'fansList', { page: pageParam, size: PAGE_SIZE }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: token !== '' && !isGuest,
    staleTime: STALE.SECONDS,
  });
}

/** Users I follow (user/attention/list), newest first. */
export const useFollowing = () => useFollowPages('following');
/** Users who follow me (user/fans), newest first. */
export const useFans = () => useFollowPages('fans');

/** Another user's profile with my relation to them (user/profile). */
export function useUserProfile(userId: number) {
  return useQuery({
    queryKey: socialKeys.profile(userId),
    queryFn: () => call('userProfile', { user_id: userId }, { silent: true }),
    enabled: Number.isInteger(userId) && userId > 0,
    staleTime: STALE.SECONDS,
  });
}

/**
 * Follow states changed here but not yet refetched, by user id: the overlay every list and profile
 * reads through `useIsFollowing`, so one tap updates every copy on screen at once.
 */
interface FollowOverlay {
  following: Record<number, boolean>;
  set: (userId: number, following: boolean) => void;
  clear: (userId: number) => void;
}
export const useFollowOverlay = create<FollowOverlay>((set) => ({
  following: {},
  set: (userId, following) => set((s) => ({ following: { ...s.following, [userId]: following } })),
  clear: (userId) =>
    set((s) => {
      const next = { ...s.following };
      delete next[userId];
      return { following: next };
    }),
}));

/** Whether I follow this user: the overlay when a change is in flight or fresh, else the server's answer. */
export function useIsFollowing(userId: number, server: boolean): boolean {
  const o = useFollowOverlay((s) => s.following[userId]);
  return o ?? server;
}

/** Writes a follow result into every cached list row and profile of that user. */
function applyResult(qc: ReturnType<typeof useQueryClient>, r: FollowResult): void {
  const patchRow = (u: FollowUser): FollowUser => (u.id === r.user_id ? { ...u, is_following: r.is_following, is_fan: r.is_fan, is_friend: r.is_friend } : u);
  for (const key of [socialKeys.following(), socialKeys.fans()]) {
    qc.setQueryData<InfiniteData<Page<FollowUser>>>(key, (d) => d && { ...d, pages: d.pages.map((p) => ({ ...p, list: p.list.map(patchRow) })) });
  }
  qc.setQueryData<UserProfile>(
    socialKeys.profile(r.user_id),
    (p) => p && { ...p, is_following: r.is_following, is_fan: r.is_fan, is_friend: r.is_friend, fans_count: r.fans_count },
  );
  qc.setQueryData<UserInfo>(userKeys.info(), (u) => u && { ...u, follow_count: r.follow_count });
}

/** Follow or unfollow (idempotent on the server); optimistic through the overlay, rolled back on failure. */
export function useToggleFollow() {
  const qc = useQueryClient();
  const overlay = useFollowOverlay.getState;
  return useMutation({
    mutationFn: ({ userId, follow }: { userId: number; follow: boolean }) => call(follow ? 'followAdd' : 'followDel', { user_id: userId }),
    onMutate: ({ userId, follow }) => overlay().set(userId, follow),
    onError: (_e, { userId }) => overlay().clear(userId),
    onSuccess: (r) => {
      applyResult(qc, r);
      overlay().clear(r.user_id);
      // The follows list gains or loses a row next time it is opened; an open list keeps the row
      // (with its new button) so an accidental unfollow can be undone in place.
      void qc.invalidateQueries({ queryKey: socialKeys.following(), refetchType: 'none' });
      void qc.invalidateQueries({ queryKey: userKeys.info() });
    },
  });
}
