import type { RoomMember, RoomServerEvents, UserBrief } from '@app/contract';

/** Payload of a server → client room event (without the client's ack). */
export type RoomPayload<E extends keyof RoomServerEvents> = Parameters<RoomServerEvents[E]>[0];

/**
 * What services may do to the room channel and the media of a room, on every instance (socket.io's
 * adapter carries events; media actions go to each instance's SFU). An interface so services never
 * touch socket.io; realtime/room.ts implements it. It lives below the modules, which use it.
 */
export interface RoomEmitter {
  /** To everyone in the room: volatile for chat/enter/online, acknowledged for the rest. */
  toRoom<E extends keyof RoomServerEvents>(roomId: number, event: E, payload: RoomPayload<E>): void;
  /** To one user's sockets in that room. */
  toMember<E extends keyof RoomServerEvents>(roomId: number, userId: number, event: E, payload: RoomPayload<E>): void;
  /**
   * Schedules a volatile `online` update for the room (the count and the latest arrivals), coalesced
   * over 0.5 s in a small room up to 5 s in a room of 10,000: its cost per second stays flat.
   */
  onlineChanged(roomId: number): void;
  /** A notable member's entrance banner (`enter`), at most one a second per room (the latest wins). */
  entrance(roomId: number, member: RoomMember): void;
  /**
   * The user's sockets leave the room, their media sessions in it end, presence forgets them. With
   * `kicked`, each socket is told so as it leaves (on the socket, so nothing it sends after can race the leave).
   */
  removeMember(roomId: number, userId: number, kicked?: RoomPayload<'kicked'>): Promise<void>;
  /** Every socket leaves the room, every media session in it ends, presence is cleared (after `closed`). */
  endRoom(roomId: number): Promise<void>;
  /** Ends the publisher of one seat of the room (a co-host taken off the mic). */
  endSeat(roomId: number, seatId: string): void;
  /** Ends the user's room sockets and media sessions on every instance (a login ban, every session revoked). */
  endUser(userId: number): void;
  /** People in the room now, cluster-wide. */
  onlineCounts(roomIds: number[]): Promise<Map<number, number>>;
  isPresent(roomId: number, userId: number): Promise<boolean>;
  /** Latest arrivals still present, newest first (8 unless `n` says; presence remembers 64). */
  recent(roomId: number, n?: number): Promise<UserBrief[]>;
}

export const roomChannel = (roomId: number) => `room:${roomId}`;
export const roomMemberChannel = (roomId: number, userId: number) => `room:${roomId}:u:${userId}`;
