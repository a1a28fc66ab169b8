import type { ChatMessage, ChatReply } from '@app/contract';
import type { PendingMessage } from '../../../state/queries/chatOutbox';

/** One bubble: a stored message, or one still on its way (pending / failed). */
export interface ChatItem {
  key: string;
  id: number | null;
  client_id: string;
  mine: boolean;
  type: ChatMessage['type'];
  content: string;
  /** A local preview of an image still uploading. */
  preview?: string | undefined;
  reply: ChatReply | null;
  created_at: string;
  status: 'sent' | 'read' | 'sending' | 'failed';
  /** The server's reason for refusing a failed message. */
  error?: string | undefined;
}

/**
 * The bubbles of a conversation: stored messages by id, then pending ones in send order. A pending
 * message whose stored copy is already in the list is left out (the ack and the push can race).
 */
export function chatItems(stored: ChatMessage[], pending: PendingMessage[], me: number, peerReadId: number): ChatItem[] {
  const seen = new Set<number>();
  const byClient = new Set<string>();
  const out: ChatItem[] = [];
  for (const m of [...stored].sort((a, b) => a.id - b.id)) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    const mine = m.sender_id === me;
    if (mine) byClient.add(m.client_id);
    out.push({
      key: `m${m.id}`,
      id: m.id,
      client_id: m.client_id,
      mine,
      type: m.type,
      content: m.content,
      reply: m.reply,
      created_at: m.created_at,
      status: mine && m.id <= peerReadId ? 'read' : 'sent',
    });
  }
  for (const p of pending) {
    if (byClient.has(p.client_id)) continue;
    out.push({
      key: `p${p.client_id}`,
      id: null,
      client_id: p.client_id,
      mine: true,
      type: p.type,
      content: p.content,
      preview: p.preview,
      reply: p.reply,
      created_at: p.created_at,
      status: p.status,
      error: p.error,
    });
  }
  return out;
}
