import { z } from 'zod';
import { chatMessage, type CallEvent, type CallSignalInput, type ChatMessage, type ChatSendInput } from './calls/chat.js';
import { notice } from './calls/message.js';
import type { LiveAlert } from './calls/live.js';
import { opaque } from './text.js';

/** Hall handshake `auth` payload (seed §7: the user's uuid; the token proves it). */
export const hallAuth = z.object({ uuid: opaque().min(1).max(64), token: opaque().min(1).max(256) });
export type HallAuth = z.infer<typeof hallAuth>;

/** Path of the socket.io endpoint on the API port. */
export const HALL_PATH = '/socket.io';
/** The hall namespace. */
export const HALL_NAMESPACE = '/hall';

export const unreadCount = z.object({
  total: z.number().int().describe('unread notices + unread private messages'),
  isNew: z.boolean().describe('something arrived since the last count the client asked for'),
});
export type UnreadCount = z.infer<typeof unreadCount>;

export const newMessage = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('notice'), notice }),
  /**
   * A notice sent to every member, pushed once to every socket: each member has their own copy
   * (listed by message/fetch) and one more unread; the client bumps its badge by one.
   */
  z.object({ kind: z.literal('announcement'), notice: notice.omit({ id: true, is_read: true }) }),
  /** A private message, pushed to both users' rooms (the sender's other devices see it too). */
  z.object({ kind: z.literal('chat'), message: chatMessage }),
]);
export type NewMessage = z.infer<typeof newMessage>;

/** Server → client hall events. */
export interface HallServerEvents {
  rGetUnreadCount: (payload: UnreadCount) => void;
  newMessage: (payload: NewMessage) => void;
  /** The session was revoked or replaced: the client clears it and goes to login. */
  sessionEnd: (payload: { code: number; msg: string }) => void;
  /** An anchor the user follows went live (at most once an hour per anchor; not when the user turned it off). */
  liveAlert: (payload: LiveAlert) => void;
  /**
   * `reader_id` read the conversation with `peer_id` up to `up_to_id`. Sent to both users: the
   * reader's other devices clear their unread count, the peer shows its messages as read.
   */
  chatRead: (payload: ChatReadReceipt) => void;
  /** One-to-one call signalling from a friend (invite, accept, decline, busy, SDP/ICE, end). */
  call: (payload: CallEvent) => void;
  /**
   * Sent just before the server closes the socket on a graceful stop (a restart, a rolling deploy):
   * reconnect at once, at a random moment within `within_ms`, without counting it as a failed attempt.
   */
  rejoin: (payload: { within_ms: number }) => void;
}

/** Client → server hall events. */
export interface HallClientEvents {
  getUnreadCount: () => void;
  /** Sends a private message; acknowledged once stored (or refused with a code). Same rules as `chat/send`. */
  chatSend: (payload: ChatSendInput, ack: (res: ChatAck) => void) => void;
  /** Call signalling to a friend; acknowledged (code 200 relayed, else refused: not friends, blocked, bad shape). */
  call: (payload: CallSignalInput, ack: (res: ChatAck) => void) => void;
}

export const chatReadReceipt = z.object({
  reader_id: z.number().int(),
  peer_id: z.number().int(),
  up_to_id: z.number().int(),
});
export type ChatReadReceipt = z.infer<typeof chatReadReceipt>;

/** Acknowledgement of a hall emit: the envelope's shape (code 200 = stored). */
export type ChatAck = { code: number; msg: string; data: ChatMessage | null };

/** Handshake error codes carried in `connect_error` data. */
export const HALL_AUTH_FAILED = 'HALL_AUTH_FAILED';
