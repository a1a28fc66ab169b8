import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Api, RouteInput } from '@app/contract';
import { call } from '../../lib/api';
import { STALE } from './client';

export type FeedType = 'latest' | 'hot' | 'following' | 'mine';
export interface FeedFilter {
  type: FeedType;
  cate_id?: number | undefined;
  tag_id?: number | undefined;
  activity_id?: number | undefined;
}

/** Query keys of the forum; invalidate by `forumKeys.all`. */
export const forumKeys = {
  all: ['forum'] as const,
  cates: () => ['forum', 'cates'] as const,
  ads: () => ['forum', 'ads'] as const,
  tags: (keyword = '') => ['forum', 'tags', keyword] as const,
  tag: (id: number) => ['forum', 'tag', id] as const,
  activities: () => ['forum', 'activities'] as const,
  activity: (id: number) => ['forum', 'activity', id] as const,
  feeds: () => ['forum', 'feed'] as const,
  feed: (f: FeedFilter) => ['forum', 'feed', f] as const,
  post: (id: number) => ['forum', 'post', id] as const,
  comments: (postId: number) => ['forum', 'comments', postId] as const,
  hotSearch: () => ['forum', 'hotSearch'] as const,
  search: (keyword: string, type: string) => ['forum', 'search', keyword, type] as const,
  inbox: () => ['forum', 'inbox'] as const,
};

export function useForumCates() {
  return useQuery({ queryKey: forumKeys.cates(), queryFn: async () => (await call('forumCate', undefined, { silent: true })).list, staleTime: STALE.MINUTES5 });
}

export function useAdLinks() {
  return useQuery({
    queryKey: forumKeys.ads(),
    queryFn: async () => (await call('forumAdLinks', undefined, { silent: true })).list,
    staleTime: STALE.MINUTES5,
  });
}

export function useTags(keyword = '', size = 20) {
  return useInfiniteQuery({
    queryKey: forumKeys.tags(keyword),
    queryFn: ({ pageParam }) => call('forumTags', { page: pageParam, size, ...(keyword ? { keyword } : {}) }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    staleTime: STALE.MINUTE,
  });
}

export function useTag(id: number) {
  return useQuery({ queryKey: forumKeys.tag(id), queryFn: () => call('forumTagInfo', { id }, { silent: true }), enabled: id > 0, staleTime: STALE.MINUTE });
}

export function useActivities(size = 10) {
  return useInfiniteQuery({
    queryKey: forumKeys.activities(),
    queryFn: ({ pageParam }) => call('forumActivities', { page: pageParam, size }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    staleTime: STALE.MINUTE,
  });
}

export function useActivity(id: number) {
  return useQuery({
    queryKey: forumKeys.activity(id),
    queryFn: () => call('forumActivityInfo', { id }, { silent: true }),
    enabled: id > 0,
    staleTime: STALE.MINUTE,
  });
}

/** A feed by cursor: new posts never shift the pages already loaded. */
export function useFeed(f: FeedFilter, enabled = true) {
  return useInfiniteQuery({
    queryKey: forumKeys.feed(f),
    queryFn: ({ pageParam }) => call('forumFetch', { ...f, size: 10, ...(pageParam ? { cursor: pageParam } : {}) }, { silent: true }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled,
  });
}

export function usePost(id: number) {
  return useQuery({ queryKey: forumKeys.post(id), queryFn: () => call('forumInfo', { id }, { silent: true }), enabled: id > 0 });
}

export function useComments(postId: number) {
  return useInfiniteQuery({
    queryKey: forumKeys.comments(postId),
    queryFn: ({ pageParam }) => call('forumComments', { post_id: postId, page: pageParam, size: 20 }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: postId > 0,
  });
}

export function useHotSearch() {
  return useQuery({
    queryKey: forumKeys.hotSearch(),
    queryFn: async () => (await call('forumHotSearch', undefined, { silent: true })).list,
    staleTime: STALE.MINUTE,
  });
}

export function useForumSearch(keyword: string, type: 'post' | 'tag' | 'user') {
  return useInfiniteQuery({
    queryKey: forumKeys.search(keyword, type),
    queryFn: async ({ pageParam }) => ({ page: pageParam, ...(await call('forumSearch', { keyword, type, page: pageParam, size: 15 }, { silent: true })) }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: keyword.length > 0,
  });
}

/** Comments on my posts and replies to me; members only (a visitor's call would end at login), so `enabled` guards it. */
export function useCommentInbox(enabled = true) {
  return useQuery({ queryKey: forumKeys.inbox(), queryFn: () => call('forumCommentInbox', { page: 1, size: 50 }, { silent: true }), enabled });
}

export function useCreatePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<Api['forumCreate']>) => call('forumCreate', input),
    onSuccess: (post) => {
      qc.setQueryData(forumKeys.post(post.id), post);
      void qc.invalidateQueries({ queryKey: forumKeys.feeds() });
      void qc.invalidateQueries({ queryKey: ['forum', 'tags'] });
    },
  });
}

export function useCreateComment(postId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; parent_id?: number | undefined }) => call('forumCreateComment', { post_id: postId, ...input }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: forumKeys.comments(postId) });
      void qc.invalidateQueries({ queryKey: forumKeys.post(postId) });
      void qc.invalidateQueries({ queryKey: forumKeys.feeds() });
    },
  });
}

export function useDeletePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('forumDel', { id }),
    onSuccess: (_d, id) => {
      qc.removeQueries({ queryKey: forumKeys.post(id) });
      void qc.invalidateQueries({ queryKey: forumKeys.feeds() });
    },
  });
}

export function useDeleteComment(postId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('forumDelComment', { id }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: forumKeys.comments(postId) });
      void qc.invalidateQueries({ queryKey: forumKeys.post(postId) });
      void qc.invalidateQueries({ queryKey: forumKeys.feeds() });
    },
  });
}
