import { z } from 'zod';
import { notice } from './calls/message.js';

/** Hall handshake `auth` payload (seed §7: the user's uuid; the token proves it). */
export const hallAuth = z.object({ uuid: z.string().min(1), token: z.string().min(1) });
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
]);
export type NewMessage = z.infer<typeof newMessage>;

/** Server → client hall events. */
export interface HallServerEvents {
  rGetUnreadCount: (payload: UnreadCount) => void;
  newMessage: (payload: NewMessage) => void;
  /** The session was revoked or replaced: the client clears it and goes to login. */
  sessionEnd: (payload: { code: number; msg: string }) => void;
}

/** Client → server hall events. */
export interface HallClientEvents {
  getUnreadCount: () => void;
}

/** Handshake error codes carried in `connect_error` data. */
export const HALL_AUTH_FAILED = 'HALL_AUTH_FAILED';
