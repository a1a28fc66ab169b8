import type { Conn } from '../../db/database.js';
import type { RoomMemberRow, RoomSeatRow } from './room.tables.js';

type MemberFlags = Partial<Pick<RoomMemberRow, 'is_admin' | 'muted' | 'banned_until'>>;

/** SQL for per-room member flags (admin, mute, kick ban), mic seats and the mic queue. */
export const roomMemberRepository = {
  member: (db: Conn, roomId: number, userId: number): Promise<RoomMemberRow | undefined> =>
    db.selectFrom('room_members').selectAll().where('room_id', '=', roomId).where('user_id', '=', userId).executeTakeFirst(),

  /** Sets some flags of a member, creating the row when needed. */
  setFlags: (db: Conn, roomId: number, userId: number, flags: MemberFlags, at: string) =>
    db
      .insertInto('room_members')
      .values({ room_id: roomId, user_id: userId, is_admin: 0, muted: 0, banned_until: null, ...flags, updated_at: at })
      .onConflict((oc) => oc.columns(['room_id', 'user_id']).doUpdateSet({ ...flags, updated_at: at }))
      .execute(),

  // ---- seats ------------------------------------------------------------------------------------

  seats: (db: Conn, roomId: number): Promise<RoomSeatRow[]> => db.selectFrom('room_seats').selectAll().where('room_id', '=', roomId).orderBy('seat').execute(),

  /** Recreates the room's seats 1…n, empty and unlocked (a room opening). */
  resetSeats: async (db: Conn, roomId: number, n: number): Promise<void> => {
    await db.deleteFrom('room_seats').where('room_id', '=', roomId).execute();
    if (n > 0) {
      await db
        .insertInto('room_seats')
        .values(Array.from({ length: n }, (_, i) => ({ room_id: roomId, seat: i + 1, user_id: null, locked: 0, live: 0 })))
        .execute();
    }
  },

  seatOf: (db: Conn, roomId: number, userId: number): Promise<RoomSeatRow | undefined> =>
    db.selectFrom('room_seats').selectAll().where('room_id', '=', roomId).where('user_id', '=', userId).executeTakeFirst(),

  /** Puts the user on the seat if it is empty and unlocked; false when it was not (or they sit elsewhere). */
  takeSeat: async (db: Conn, roomId: number, seat: number, userId: number): Promise<boolean> => {
    try {
      const r = await db
        .updateTable('room_seats')
        .set({ user_id: userId, live: 0, camera: 1, mic: 1 })
        .where('room_id', '=', roomId)
        .where('seat', '=', seat)
        .where('user_id', 'is', null)
        .where('locked', '=', 0)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    } catch {
      // The unique (room_id, user_id) index: this user already holds another seat.
      return false;
    }
  },

  /** Empties the seat the user holds (only if it is `seat`, when given); the seat number, or null when they held none. */
  leaveSeat: async (db: Conn, roomId: number, userId: number, seat?: number): Promise<number | null> => {
    let q = db.updateTable('room_seats').set({ user_id: null, live: 0, camera: 1, mic: 1 }).where('room_id', '=', roomId).where('user_id', '=', userId);
    if (seat !== undefined) q = q.where('seat', '=', seat);
    const r = await q.returning('seat').executeTakeFirst();
    return r?.seat ?? null;
  },

  setSeat: (db: Conn, roomId: number, seat: number, patch: Partial<Pick<RoomSeatRow, 'locked' | 'live' | 'user_id'>>) =>
    db.updateTable('room_seats').set(patch).where('room_id', '=', roomId).where('seat', '=', seat).execute(),

  /** Occupied seats of open rooms (the sweep checks their occupants are still in the room). */
  occupiedOpen: (db: Conn) =>
    db
      .selectFrom('room_seats')
      .innerJoin('rooms', 'rooms.id', 'room_seats.room_id')
      .select(['room_seats.room_id', 'room_seats.seat', 'room_seats.user_id'])
      .where('rooms.status', '=', 'open')
      .where('room_seats.user_id', 'is not', null)
      .execute(),

  /** The occupant's camera / mic flags on the seat they hold; the seat number, or null when they hold none. */
  setSeatMedia: async (db: Conn, roomId: number, userId: number, patch: Partial<Pick<RoomSeatRow, 'camera' | 'mic'>>): Promise<number | null> => {
    const r = await db.updateTable('room_seats').set(patch).where('room_id', '=', roomId).where('user_id', '=', userId).returning('seat').executeTakeFirst();
    return r?.seat ?? null;
  },

  // ---- mic queue --------------------------------------------------------------------------------

  queue: (db: Conn, roomId: number) =>
    db.selectFrom('room_mic_queue').selectAll().where('room_id', '=', roomId).orderBy('created_at').orderBy('user_id').execute(),

  queued: (db: Conn, roomId: number, userId: number) =>
    db.selectFrom('room_mic_queue').selectAll().where('room_id', '=', roomId).where('user_id', '=', userId).executeTakeFirst(),

  /** Adds the request (or updates its wished seat); false when it was queued already. */
  enqueue: async (db: Conn, roomId: number, userId: number, seat: number | null, at: string): Promise<void> => {
    await db
      .insertInto('room_mic_queue')
      .values({ room_id: roomId, user_id: userId, seat, created_at: at })
      .onConflict((oc) => oc.columns(['room_id', 'user_id']).doUpdateSet({ seat }))
      .execute();
  },

  /** Removes a request; true when there was one. */
  dequeue: async (db: Conn, roomId: number, userId: number): Promise<boolean> => {
    const r = await db.deleteFrom('room_mic_queue').where('room_id', '=', roomId).where('user_id', '=', userId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  /** Forgets the live state of a room that closed: queue emptied, seats emptied and unlocked. */
  clearLive: async (db: Conn, roomId: number): Promise<void> => {
    await db.deleteFrom('room_mic_queue').where('room_id', '=', roomId).execute();
    await db.updateTable('room_seats').set({ user_id: null, live: 0, locked: 0, camera: 1, mic: 1 }).where('room_id', '=', roomId).execute();
  },
};
