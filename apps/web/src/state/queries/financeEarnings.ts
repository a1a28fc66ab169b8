import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Api, RouteInput } from '@app/contract';
import { call } from '../../lib/api';
import { useSession } from '../session';
import { STALE } from './client';
import { financeKeys, invalidateMoney, PAGE_SIZE } from './finance';

const useMember = (): boolean => {
  const token = useSession((s) => s.token);
  const isGuest = useSession((s) => s.isGuest);
  return token !== '' && !isGuest;
};

/** Gifts the caller received (record_gift) or sent, newest first. */
export function useGiftRecords(direction: 'received' | 'sent' = 'received') {
  const member = useMember();
  return useInfiniteQuery({
    queryKey: financeKeys.giftRecords(direction),
    queryFn: ({ pageParam }) => call('recordGift', { direction, page: pageParam, size: PAGE_SIZE }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: member,
  });
}

/** Earnings per China-time day for the last 7 or 30 days, with totals and the wallet. */
export function useGiftStats(days: 7 | 30) {
  const member = useMember();
  return useQuery({
    queryKey: financeKeys.giftStats(days),
    queryFn: () => call('statisticsGiftMoney', { days }, { silent: true }),
    enabled: member,
    staleTime: STALE.SECONDS,
    placeholderData: (prev) => prev,
  });
}

/** Collects every pending gift earning (receive_gift_money). */
export function useCollectEarnings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (request_id: string) => call('receiveGiftMoney', { request_id }),
    onSuccess: () => invalidateMoney(qc),
  });
}

/** Exchange records, newest first. */
export function useExchanges() {
  const member = useMember();
  return useInfiniteQuery({
    queryKey: financeKeys.exchanges(),
    queryFn: ({ pageParam }) => call('exchangeFetch', { page: pageParam, size: PAGE_SIZE }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: member,
  });
}

/** Exchanges collected earnings into coins. */
export function useExchange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteInput<Api['exchangeOrder']>) => call('exchangeOrder', body),
    onSuccess: () => invalidateMoney(qc),
  });
}

/** Withdrawal platforms, limits, fee and what can be withdrawn now. */
export function useWithdrawPlatforms() {
  const member = useMember();
  return useQuery({
    queryKey: financeKeys.withdrawPlatforms(),
    queryFn: () => call('withdrawPlatform', undefined, { silent: true }),
    enabled: member,
    staleTime: STALE.SECONDS,
  });
}

/** Withdrawal records, newest first. */
export function useWithdrawals() {
  const member = useMember();
  return useInfiniteQuery({
    queryKey: financeKeys.withdrawals(),
    queryFn: ({ pageParam }) => call('withdrawFetch', { page: pageParam, size: PAGE_SIZE }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: member,
  });
}

/** Asks for a withdrawal (frozen until reviewed). */
export function useWithdraw() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteInput<Api['withdrawOrder']>) => call('withdrawOrder', body),
    onSuccess: () => invalidateMoney(qc),
  });
}
