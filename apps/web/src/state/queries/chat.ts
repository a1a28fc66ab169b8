import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatSettings, Conversation } from '@app/contract';
import { call } from '../../lib/api';
import { hall } from '../realtime/hall';
import { useSession } from '../session';
import { chatCursor, chatKeys, type HistoryData, type HistoryPage } from './chatCache';
import { STALE } from './client';

export { chatKeys };

const PAGE_SIZE = 20;
const HISTORY_SIZE = 30;

const useMember = () => {
  const token = useSession((s) => s.token);
  const isGuest = useSession((s) => s.isGuest);
  return token !== '' && !isGuest;
};

/** My conversations (chat/conversations): pinned first, then by last message. */
export function useConversations() {
  const enabled = useMember();
  return useInfiniteQuery({
    queryKey: chatKeys.conversations(),
    queryFn: async ({ pageParam }) => {
      const page = await call('chatConversations', { page: pageParam, size: PAGE_SIZE }, { silent: true });
      for (const c of page.list) if (c.last_message) chatCursor.see(c.last_message.id);
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled,
    staleTime: STALE.SECONDS,
  });
}

/** One conversation (header, settings, the peer's read pointer), whether or not it has messages. */
export function useConversation(peerId: number) {
  const enabled = useMember();
  return useQuery({
    queryKey: chatKeys.conversation(peerId),
    queryFn: () => call('chatConversation', { user_id: peerId }, { silent: true }),
    enabled: enabled && Number.isInteger(peerId) && peerId > 0,
    staleTime: STALE.SECONDS,
  });
}

/** History with a user: the newest page first, older pages as the list scrolls up. */
export function useChatHistory(peerId: number) {
  const enabled = useMember();
  return useInfiniteQuery<HistoryPage, Error, HistoryData, ReturnType<typeof chatKeys.history>, number | undefined>({
    queryKey: chatKeys.history(peerId),
    queryFn: async ({ pageParam }) => {
      const page = await call('chatHistory', { user_id: peerId, size: HISTORY_SIZE, ...(pageParam ? { before_id: pageParam } : {}) }, { silent: true });
      const newest = page.list.at(-1);
      if (newest && pageParam === undefined) chatCursor.see(newest.id);
      return page;
    },
    initialPageParam: undefined,
    getNextPageParam: (last) => (last.has_more && last.list[0] ? last.list[0].id : undefined),
    enabled: enabled && Number.isInteger(peerId) && peerId > 0,
    // Live messages keep it fresh; refetching would drop the older pages already scrolled through.
    staleTime: Infinity,
  });
}

/** Marks a conversation read up to a message; the badge follows through the hall. */
export function useChatRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { user_id: number; up_to_id?: number }) => call('chatRead', body, { silent: true }),
    onSuccess: (_r, body) => {
      qc.setQueryData<Conversation>(chatKeys.conversation(body.user_id), (c) => c && { ...c, unread: 0 });
      void qc.invalidateQueries({ queryKey: chatKeys.conversations() });
      hall.requestUnread();
    },
  });
}

/** Mute, pin or block. */
export function useChatSetting(peerId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<ChatSettings>) => call('chatSetting', { user_id: peerId, ...patch }),
    onMutate: (patch) => qc.setQueryData<Conversation>(chatKeys.conversation(peerId), (c) => c && { ...c, ...patch }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: chatKeys.conversation(peerId) });
      void qc.invalidateQueries({ queryKey: chatKeys.conversations() });
    },
  });
}

/** Clears the history for me (clear) or also removes the conversation from the list (delete). */
export function useChatClear() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ peerId, remove }: { peerId: number; remove: boolean }) => call(remove ? 'chatDelete' : 'chatClear', { user_id: peerId }),
    onSuccess: (_r, { peerId }) => {
      qc.removeQueries({ queryKey: chatKeys.history(peerId) });
      void qc.invalidateQueries({ queryKey: chatKeys.conversation(peerId) });
      void qc.invalidateQueries({ queryKey: chatKeys.conversations() });
      hall.requestUnread();
    },
  });
}
