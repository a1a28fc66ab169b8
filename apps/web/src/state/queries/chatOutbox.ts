import type { ChatMessage, ChatReply } from '@app/contract';
import { create } from 'zustand';
import { call } from '../../lib/api';
import { ApiError } from '../../lib/apiError';
import { uploadFile } from '../../lib/upload';
import { hall } from '../realtime/hall';
import { ingestChat, onChatMessage } from './chatCache';

/** A message on its way: shown at the bottom of the chat with a spinner, or a retry mark when it failed. */
export interface PendingMessage {
  client_id: string;
  peer_id: number;
  type: 'text' | 'emoji' | 'image';
  /** Text or emoji; for an image, its uploaded URL once the upload is done. */
  content: string;
  /** An image not uploaded yet. */
  file?: Blob;
  /** Local preview of an image. */
  preview?: string;
  reply: ChatReply | null;
  status: 'sending' | 'failed';
  /** Why the server refused it (blocked, too long…); empty for network trouble. */
  error?: string;
  created_at: string;
}

interface Outbox {
  pending: PendingMessage[];
  put: (m: PendingMessage) => void;
  patch: (clientId: string, p: Partial<PendingMessage>) => void;
  drop: (clientId: string) => void;
}

export const useOutbox = create<Outbox>((set) => ({
  pending: [],
  put: (m) => set((s) => ({ pending: [...s.pending.filter((x) => x.client_id !== m.client_id), m] })),
  patch: (clientId, p) => set((s) => ({ pending: s.pending.map((x) => (x.client_id === clientId ? { ...x, ...p } : x)) })),
  drop: (clientId) =>
    set((s) => {
      const gone = s.pending.find((x) => x.client_id === clientId);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return { pending: s.pending.filter((x) => x.client_id !== clientId) };
    }),
}));

// The stored message replaces its pending copy, however it arrives (ack, hall push, sync).
onChatMessage((m) => useOutbox.getState().drop(m.client_id));

/** A fresh client id: the server stores one message per sender and client id, so retries never duplicate. */
export function newClientId(): string {
  const rnd = globalThis.crypto?.randomUUID?.().replace(/-/g, '') ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return `c${rnd}`.slice(0, 40);
}

/** Sends through the hall with an acknowledgement; when the hall is down, through HTTP. */
async function deliver(m: PendingMessage): Promise<ChatMessage> {
  const payload = { to_user_id: m.peer_id, client_id: m.client_id, type: m.type, content: m.content, ...(m.reply ? { reply_to: m.reply.id } : {}) };
  const ack = await hall.chatSend(payload);
  if (ack?.code === 200 && ack.data) return ack.data;
  if (ack) throw new ApiError(ack.code, ack.msg, 200);
  return call('chatSend', payload, { silent: true });
}

/** Runs (or re-runs) one pending message: uploads its image if needed, then sends it. */
async function attempt(clientId: string): Promise<void> {
  const box = useOutbox.getState();
  let m = box.pending.find((x) => x.client_id === clientId);
  if (!m) return;
  box.patch(clientId, { status: 'sending', error: '' });
  try {
    if (m.type === 'image' && !m.content && m.file) {
      const up = await uploadFile(m.file, { purpose: 'image', silent: true });
      useOutbox.getState().patch(clientId, { content: up.url });
      m = { ...m, content: up.url };
    }
    ingestChat(await deliver(m));
  } catch (err) {
    // Refusals (blocked, too long…) say why under the bubble; network trouble shows as the retry mark alone.
    const refused = err instanceof ApiError && err.code > 0 && err.status === 200;
    useOutbox.getState().patch(clientId, { status: 'failed', error: refused ? err.msg : '' });
  }
}

export function sendChat(peerId: number, input: { type: PendingMessage['type']; content?: string; file?: Blob; reply?: ChatReply | null }): void {
  const client_id = newClientId();
  useOutbox.getState().put({
    client_id,
    peer_id: peerId,
    type: input.type,
    content: input.content ?? '',
    ...(input.file ? { file: input.file, preview: URL.createObjectURL(input.file) } : {}),
    reply: input.reply ?? null,
    status: 'sending',
    created_at: new Date().toISOString(),
  });
  void attempt(client_id);
}

export const retryChat = (clientId: string): void => void attempt(clientId);
