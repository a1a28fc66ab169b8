import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { hall } from '../realtime/hall';
import { useSession } from '../session';
import { messageKeys, userKeys } from './keys';

export { messageKeys };

const PAGE_SIZE = 20;

/** System notices (message/fetch), page by page; members only. */
export function useNotices() {
  const token = useSession((s) => s.token);
  const isGuest = useSession((s) => s.isGuest);
  return useInfiniteQuery({
    queryKey: messageKeys.notices(),
    queryFn: ({ pageParam }) => call('messageFetch', { page: pageParam, size: PAGE_SIZE }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: token !== '' && !isGuest,
  });
}

/** Marks notices read, then refreshes the badge sources (hall count, user message_count). */
export function useReadNotices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids?: number[]; all?: boolean }) => call('messageRead', body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: messageKeys.all });
      void qc.invalidateQueries({ queryKey: userKeys.info() });
      hall.requestUnread();
    },
  });
}
