import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Api, MoneyChangeType, PayProviderName, RouteData, RouteInput, WalletAccount } from '@app/contract';
import { call } from '../../lib/api';
import { useSession } from '../session';
import { STALE } from './client';
import { userKeys } from './keys';

/** Query keys of the wallet; `all` covers every balance and record list (invalidated after any movement). */
export const financeKeys = {
  all: ['finance'] as const,
  wallet: () => ['finance', 'wallet'] as const,
  changes: (filter: MoneyChangeFilter) => ['finance', 'changes', typesParam(filter) ?? '', filter.account ?? ''] as const,
  rechargeCategory: () => ['finance', 'recharge', 'category'] as const,
  rechargeOrders: () => ['finance', 'recharge', 'orders'] as const,
  rechargeOrder: (orderNo: string) => ['finance', 'recharge', 'order', orderNo] as const,
  giftRecords: (direction: 'received' | 'sent') => ['finance', 'gifts', direction] as const,
  giftStats: (days: 7 | 30) => ['finance', 'gifts', 'stats', days] as const,
  exchanges: () => ['finance', 'exchanges'] as const,
  withdrawPlatforms: () => ['finance', 'withdraw', 'platforms'] as const,
  withdrawals: () => ['finance', 'withdraw', 'list'] as const,
};

/** A wallet-records filter: the kinds of movement (any of them), and/or the balance that moved. */
export interface MoneyChangeFilter {
  types?: readonly MoneyChangeType[];
  account?: WalletAccount;
}

/** The call's `type` parameter: the kinds separated by commas. */
const typesParam = (f: MoneyChangeFilter) => (f.types?.length ? f.types.join(',') : undefined);

export const PAGE_SIZE = 20;

/** A fresh idempotency key for one user action (contract `request_id`); works on insecure origins too. */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** After money moved: every balance and record list, the user's coin (user/info) and the rankings refetch. */
export function invalidateMoney(qc: QueryClient): void {
  // Not the packages (they do not move) nor a single order (its own poll settles it).
  void qc.invalidateQueries({
    queryKey: financeKeys.all,
    predicate: (q) => !(q.queryKey[1] === 'recharge' && (q.queryKey[2] === 'category' || q.queryKey[2] === 'order')),
  });
  void qc.invalidateQueries({ queryKey: userKeys.info() });
  void qc.invalidateQueries({ queryKey: ['rank'] });
}

/** Writes a known coin balance into the cached wallet and user info at once (no flash of the old one). */
export function setCoin(qc: QueryClient, coin: number): void {
  qc.setQueryData<RouteData<Api['financeWallet']>>(financeKeys.wallet(), (w) => (w ? { ...w, coin } : w));
  qc.setQueryData<RouteData<Api['userInfo']>>(userKeys.info(), (u) => (u ? { ...u, coin } : u));
}

const useMember = (): boolean => {
  const token = useSession((s) => s.token);
  const isGuest = useSession((s) => s.isGuest);
  return token !== '' && !isGuest;
};

/** The caller's four balances and the platform's money rules (finance/user/wallet). */
export function useWallet(opts: { enabled?: boolean } = {}) {
  const member = useMember();
  return useQuery({
    queryKey: financeKeys.wallet(),
    queryFn: () => call('financeWallet', undefined, { silent: true }),
    enabled: member && opts.enabled !== false,
    staleTime: STALE.SECONDS,
  });
}

/** Wallet records (user_money_change), newest first, page by page. */
export function useMoneyChanges(filter: MoneyChangeFilter) {
  const member = useMember();
  return useInfiniteQuery({
    queryKey: financeKeys.changes(filter),
    queryFn: ({ pageParam }) => {
      const type = typesParam(filter);
      return call(
        'userMoneyChange',
        { ...(type ? { type } : {}), ...(filter.account ? { account: filter.account } : {}), page: pageParam, size: PAGE_SIZE },
        { silent: true },
      );
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: member,
  });
}

/** Recharge packages and the payment providers offered. */
export function useRechargeCategory() {
  return useQuery({
    queryKey: financeKeys.rechargeCategory(),
    queryFn: () => call('rechargeCategory', undefined, { silent: true }),
    staleTime: STALE.MINUTES5,
  });
}

/** Recharge records, newest first. */
export function useRechargeOrders() {
  const member = useMember();
  return useInfiniteQuery({
    queryKey: financeKeys.rechargeOrders(),
    queryFn: ({ pageParam }) => call('rechargeFetch', { page: pageParam, size: PAGE_SIZE }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: member,
  });
}

/** Poll interval while an order waits for the payment provider. */
export const ORDER_POLL_MS = 1500;

/** One recharge order, polled while it is pending; when it settles, every balance refetches once. */
export function useRechargeOrder(orderNo: string | null) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: financeKeys.rechargeOrder(orderNo ?? ''),
    queryFn: async () => (await call('rechargeFetch', { order_no: orderNo ?? '', page: 1, size: 1 }, { silent: true })).list[0] ?? null,
    enabled: !!orderNo,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'pending' ? false : ORDER_POLL_MS),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
  const settled = q.data && q.data.status !== 'pending' ? q.data.order_no : null;
  useEffect(() => {
    if (settled) invalidateMoney(qc);
  }, [settled, qc]);
  return q;
}

/** Creates a recharge order (pay at its pay_url). */
export function useCreateRechargeOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { request_id: string; package_id: number; provider?: PayProviderName }) => call('rechargeOrder', body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: financeKeys.rechargeOrders() }),
  });
}

/**
 * Sends a gift (gift/send). Silent: the panel answers failures itself (an insufficient balance offers
 * recharge). The answer's coin balance is written at once; lists and rankings are marked stale and
 * refetch when next shown, so a storm of sends does not refetch them on every tap.
 */
export function useSendGift() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteInput<Api['giftSend']>) => call('giftSend', body, { silent: true }),
    onSuccess: (res) => {
      setCoin(qc, res.coin);
      void qc.invalidateQueries({ queryKey: financeKeys.all, refetchType: 'none' });
      void qc.invalidateQueries({ queryKey: ['rank'], refetchType: 'none' });
    },
  });
}
