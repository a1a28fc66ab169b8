import type { HallServerEvents } from '@app/contract';

/**
 * What services may push through the hall. An interface so services never touch socket.io;
 * the socket.io implementation (realtime/hall.ts) reaches sockets on every instance through the
 * adapter. It lives below the modules, which use it.
 */
export interface HallEmitter {
  toUser<E extends keyof HallServerEvents>(userId: number, event: E, ...args: Parameters<HallServerEvents[E]>): void;
  /** To every hall socket on every instance: one broadcast, whatever the number of members. */
  toAll<E extends keyof HallServerEvents>(event: E, ...args: Parameters<HallServerEvents[E]>): void;
  /** Sends `sessionEnd` to the sockets of these sessions (or of every session of the user) and disconnects them. */
  endSessions(target: { sessionIds?: number[]; userId?: number }, payload: { code: number; msg: string }): void;
  /** Distinct users with a hall socket on any instance (the operator console's "online"). */
  onlineUsers?(): Promise<number>;
}

/** Room names: one per user, one per session (so a revoked token's sockets can be found). */
export const userRoom = (userId: number) => `user:${userId}`;
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;
