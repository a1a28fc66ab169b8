import type { ChatMessage, ChatReply } from '@app/contract';
import type { ChatMessageRow } from '../social/social.tables.js';

/** Longest quoted preview a reply carries. */
export const REPLY_PREVIEW_MAX = 80;

export const toChatMessage = (m: ChatMessageRow): ChatMessage => ({
  id: m.id,
  client_id: m.client_id,
  sender_id: m.sender_id,
  receiver_id: m.receiver_id,
  type: m.type,
  content: m.content,
  reply:
    m.reply_to_id !== null && m.reply_sender_id !== null && m.reply_type !== null
      ? ({ id: m.reply_to_id, sender_id: m.reply_sender_id, type: m.reply_type, content: m.reply_preview ?? '' } satisfies ChatReply)
      : null,
  created_at: m.created_at,
});

/** The text a quote shows of a message: text cut to the preview length; other kinds keep their content (an image URL, an emoji). */
export const previewOf = (m: Pick<ChatMessageRow, 'type' | 'content'>): string =>
  m.type === 'text' ? [...m.content].slice(0, REPLY_PREVIEW_MAX).join('') : m.content.slice(0, 255);
