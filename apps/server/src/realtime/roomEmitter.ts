import type { RoomServerEvents, UserBrief } from '@app/contract';

/** Payload of a server → client room event (without the client's ack). */
export type RoomPayload<E extends keyof RoomServerEvents> = Parameters<RoomServerEvents[E]>[0];

/**
 * What services may do to the room channel and the media of a room, on every instance (socket.io's
 * adapter carries events; media actions go to each instance's SFU). An interface so services never
 * touch socket.io; realtime/room.ts implements it.
 */
export interface RoomEmitter {
  /** To everyone in the room: volatile for chat/enter/online, acknowledged for the rest. */
  toRoom<E extends keyof RoomServerEvents>(roomId: number, event: E, payload: RoomPayload<E>): void;
  /** To one user's sockets in that room. */
  toMember<E extends keyof RoomServerEvents>(roomId: number, userId: number, event: E, payload: RoomPayload<E>): void;
  /** Schedules a volatile `online` update for the room (coalesced to about one a second). */
  onlineChanged(roomId: number): void;
  /** The user's sockets leave the room (after `kicked`), their media sessions in it end, presence forgets them. */
  removeMember(roomId: number, userId: number): Promise<void>;
  /** Every socket leaves the room, every media session in it ends, presence is cleared (after `closed`). */
  endRoom(roomId: number): Promise<void>;
  /** Ends the publisher of one seat of the room (a co-host taken off the mic). */
  endSeat(roomId: number, seatId: string): void;
  /** Ends the user's room sockets and media sessions on every instance (a login ban, every session revoked). */
  endUser(userId: number): void;
  /** People in the room now, cluster-wide. */
  onlineCounts(roomIds: number[]): Promise<Map<number, number>>;
  isPresent(roomId: number, userId: number): Promise<boolean>;
  recent(roomId: number): Promise<UserBrief[]>;
}

export const roomChannel = (roomId: number) => `room:${roomId}`;
export const roomMemberChannel = (roomId: number, userId: number) => `room:${roomId}:u:${userId}`;
