import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Api, RouteInput, VideoInfo, VideoResource } from '@app/contract';
import { call } from '../../lib/api';
import { useSession } from '../session';
import { STALE } from './client';
import { invalidateMoney, setCoin } from './finance';

/** Query keys of videos; invalidate by `all`. */
export const videoKeys = {
  all: ['video'] as const,
  cates: () => ['video', 'cates'] as const,
  list: (cateId: number | null) => ['video', 'list', cateId ?? 'all'] as const,
  info: (id: number) => ['video', 'info', id] as const,
  travel: () => ['video', 'travel'] as const,
  mine: () => ['video', 'mine'] as const,
};

const PAGE_SIZE = 20;

export function useVideoCates() {
  return useQuery({
    queryKey: videoKeys.cates(),
    queryFn: async () => (await call('videoCates', undefined, { silent: true })).list,
    staleTime: STALE.MINUTES5,
  });
}

/** Published videos, newest first, page by page; null = every category. */
export function useVideoList(cateId: number | null) {
  return useInfiniteQuery({
    queryKey: videoKeys.list(cateId),
    queryFn: ({ pageParam }) => call('videoList', { page: pageParam, size: PAGE_SIZE, ...(cateId ? { cate_id: cateId } : {}) }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    staleTime: STALE.SECONDS,
  });
}

/** What the home page recommends: rooms on air and the most viewed videos (home/travel). */
export function useHomeTravel() {
  return useQuery({
    queryKey: videoKeys.travel(),
    queryFn: () => call('homeTravel', undefined, { silent: true }),
    staleTime: STALE.SECONDS,
  });
}

/** One video for the player, for this caller (a different session is a different answer). */
export function useVideoInfo(id: number) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: [...videoKeys.info(id), token ? 'me' : 'anon'],
    queryFn: () => call('videoInfo', { id }, { silent: true }),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: STALE.MINUTE,
  });
}

/** Writes fields into every cached copy of one video's details. */
export const patchInfo = (qc: ReturnType<typeof useQueryClient>, id: number, patch: Partial<VideoInfo>) =>
  qc.setQueriesData<VideoInfo>({ queryKey: videoKeys.info(id) }, (v) => (v ? { ...v, ...patch } : v));

/** Buys a paid video with coins; the caller passes the request_id it made for this tap (reused on retry). */
export function useBuyVideo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<Api['videoBuy']>) => call('videoBuy', input, { silent: true }),
    onSuccess: (r) => {
      patchInfo(qc, r.video.id, r.video);
      setCoin(qc, r.coin);
      invalidateMoney(qc);
    },
  });
}

export function useLikeVideo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { video_id: number; like: boolean }) => call('videoLike', input),
    onMutate: ({ video_id, like }) => {
      const prev = qc.getQueriesData<VideoInfo>({ queryKey: videoKeys.info(video_id) });
      const was = prev.find(([, v]) => v)?.[1];
      if (was && was.liked !== like) patchInfo(qc, video_id, { liked: like, likes: Math.max(0, was.likes + (like ? 1 : -1)) });
      return { prev };
    },
    onError: (_e, _v, ctx) => ctx?.prev.forEach(([key, v]) => qc.setQueryData(key, v)),
    onSuccess: (r, { video_id }) => patchInfo(qc, video_id, { liked: r.liked, likes: r.likes }),
  });
}

/** My uploads with their transcode state; polls while one is still processing. */
export function useMyUploads(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: videoKeys.mine(),
    queryFn: ({ pageParam }) => call('resourceFetch', { page: pageParam, size: PAGE_SIZE }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled,
    refetchInterval: (q) => (q.state.data?.pages.some((p) => p.list.some(isWorking)) ? 2000 : false),
  });
}

export const isWorking = (r: VideoResource): boolean => r.status === 'uploaded' || r.status === 'processing';

export function useDeleteUpload() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('resourceDelete', { id }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: videoKeys.all }),
  });
}

export function usePublishVideo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<Api['videoCreate']>) => call('videoCreate', input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
