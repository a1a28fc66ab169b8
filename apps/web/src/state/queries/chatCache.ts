import type { InfiniteData } from '@tanstack/react-query';
import type { ChatMessage, ChatReadReceipt, Conversation } from '@app/contract';
import { call } from '../../lib/api';
import { queryClient } from './client';
import { getSession } from '../session';

/** One page of a conversation's history: oldest first; pages run newest page first. */
export interface HistoryPage {
  list: ChatMessage[];
  has_more: boolean;
}
export type HistoryData = InfiniteData<HistoryPage, number | undefined>;

/** Query keys of private chats; invalidate by `all`. */
export const chatKeys = {
  all: ['chat'] as const,
  conversations: () => ['chat', 'conversations'] as const,
  conversation: (peerId: number) => ['chat', 'conversation', peerId] as const,
  history: (peerId: number) => ['chat', 'history', peerId] as const,
};

/** Highest message id this client has taken in (live or by sync): where catch-up starts after a reconnect. */
let lastSeenId = 0;
export const chatCursor = {
  get: () => lastSeenId,
  see: (id: number) => {
    if (id > lastSeenId) lastSeenId = id;
  },
  reset: () => {
    lastSeenId = 0;
  },
};

type Listener = (m: ChatMessage) => void;
const listeners = new Set<Listener>();
/** Hears every message taken in (the outbox drops its pending copy; an open chat marks it read). */
export function onChatMessage(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

const myId = (): number => getSession().userInfo?.id ?? 0;
export const peerOf = (m: ChatMessage, me = myId()): number => (m.sender_id === me ? m.receiver_id : m.sender_id);

/** Inserts by id into the newest page unless some page already has it: order kept, no duplicates. */
export function withMessage(data: HistoryData, m: ChatMessage): HistoryData {
  if (data.pages.some((p) => p.list.some((x) => x.id === m.id))) return data;
  const [first, ...rest] = data.pages;
  if (!first) return { ...data, pages: [{ list: [m], has_more: false }] };
  const list = [...first.list];
  let i = list.length;
  while (i > 0 && list[i - 1]!.id > m.id) i--;
  list.splice(i, 0, m);
  return { ...data, pages: [{ ...first, list }, ...rest] };
}

/** Takes in one message from any source (hall push, send ack, sync): history, lists, listeners. */
export function ingestChat(m: ChatMessage): void {
  const peer = peerOf(m);
  chatCursor.see(m.id);
  queryClient.setQueryData<HistoryData>(chatKeys.history(peer), (d) => (d ? withMessage(d, m) : d));
  void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
  void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(peer) });
  listeners.forEach((l) => l(m));
}

/** A read receipt: my other device read (unread clears), or the peer read mine (ticks turn "read"). */
export function applyReceipt(r: ChatReadReceipt): void {
  const me = myId();
  const peer = r.reader_id === me ? r.peer_id : r.reader_id;
  queryClient.setQueryData<Conversation>(chatKeys.conversation(peer), (c) => {
    if (!c) return c;
    return r.reader_id === me ? { ...c, unread: 0 } : { ...c, peer_read_id: Math.max(c.peer_read_id, r.up_to_id) };
  });
  void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
}

/** Catch-up after a reconnect: everything after the last message taken in, in order (duplicates are dropped by id). */
export async function syncChats(): Promise<void> {
  let after = chatCursor.get();
  if (after <= 0) return;
  for (let round = 0; round < 20; round++) {
    const page = await call('chatSync', { after_id: after, size: 100 }, { silent: true });
    page.list.forEach(ingestChat);
    const last = page.list.at(-1);
    if (!page.has_more || !last) return;
    after = last.id;
  }
}
