import { RoomAuth, parseRoomSettings, seatId, type RoomAuthLevel, type RoomBrief, type RoomInfo, type RoomSeat } from '@app/contract';
import type { Conn } from '../../db/database.js';
import type { RoomEmitter } from '../../emitters/roomEmitter.js';
import { relations } from '../social/relations.js';
import { roomRepository } from './room.repository.js';
import type { RoomMemberRow, RoomRow, RoomSeatRow } from './room.tables.js';
import { roomMemberRepository as members } from './roomMember.repository.js';
import { briefsOf } from '../user/userBriefs.js';

/** A user's level in a room: owner 1, admin 2, co-host (on a seat) 3, viewer 4. */
/**
 * When a room whose anchor left at `leftAt` closes: the grace period after it, or later while the
 * room waits for the anchor seat's first publish (an OBS token's expiry, decision 0178).
 */
export function closeTime(room: Pick<RoomRow, 'first_publish_by'>, leftAt: string, graceMs: number): number {
  return Math.max(Date.parse(leftAt) + graceMs, room.first_publish_by ? Date.parse(room.first_publish_by) : 0);
}

export function levelOf(
  room: Pick<RoomRow, 'anchor_id'>,
  userId: number | null,
  member: RoomMemberRow | undefined,
  seat: RoomSeatRow | undefined,
): RoomAuthLevel {
  if (userId === null) return RoomAuth.VIEWER;
  if (room.anchor_id === userId) return RoomAuth.OWNER;
  if (member?.is_admin) return RoomAuth.ADMIN;
  if (seat) return RoomAuth.COHOST;
  return RoomAuth.VIEWER;
}

/** Builds the contract's room views (lists and the room page) from rows plus presence counts. */
export class RoomViews {
  constructor(
    private readonly emitter: RoomEmitter,
    private readonly graceMs: number,
  ) {}

  async briefs(db: Conn, rows: RoomRow[]): Promise<RoomBrief[]> {
    if (rows.length === 0) return [];
    const [anchors, counts, categories] = await Promise.all([
      briefsOf(
        db,
        rows.map((r) => r.anchor_id),
      ),
      this.emitter.onlineCounts(rows.map((r) => r.id)),
      roomRepository.categories(db),
    ]);
    const names = new Map(categories.map((c) => [c.id, c.name]));
    return rows.flatMap((r) => {
      const anchor = anchors.get(r.anchor_id);
      if (!anchor) return [];
      return [
        {
          id: r.id,
          number: r.number,
          title: r.title,
          cover: r.cover,
          category_id: r.category_id,
          category: names.get(r.category_id) ?? '',
          kind: r.kind,
          anchor,
          online: counts.get(r.id) ?? 0,
          need_password: r.password_hash !== null,
          live: r.anchor_live === 1,
          status: r.status,
          started_at: r.started_at,
        },
      ];
    });
  }

  async seats(db: Conn, roomId: number, rows?: RoomSeatRow[]): Promise<RoomSeat[]> {
    const seatRows = rows ?? (await members.seats(db, roomId));
    const briefs = await briefsOf(
      db,
      seatRows.flatMap((s) => (s.user_id === null ? [] : [s.user_id])),
    );
    return seatRows.map((s) => ({
      index: s.seat,
      seat_id: seatId(s.seat),
      locked: s.locked === 1,
      user: s.user_id === null ? null : (briefs.get(s.user_id) ?? null),
      live: s.live === 1,
      camera: s.camera === 1,
      mic: s.mic === 1,
    }));
  }

  /** The room as `userId` (null: anonymous) sees it. */
  async info(db: Conn, room: RoomRow, userId: number | null): Promise<RoomInfo> {
    const [[brief], seatRows, member, following] = await Promise.all([
      this.briefs(db, [room]),
      members.seats(db, room.id),
      userId === null ? Promise.resolve(undefined) : members.member(db, room.id, userId),
      userId === null || userId === room.anchor_id
        ? Promise.resolve(false)
        : relations.of(db, userId, [room.anchor_id]).then((r) => r.following.has(room.anchor_id)),
    ]);
    if (!brief) throw new Error(`room ${room.id}: anchor ${room.anchor_id} not found`);
    const mine = userId === null ? undefined : seatRows.find((s) => s.user_id === userId);
    return {
      ...brief,
      settings: parseRoomSettings(room.settings),
      mic_seats: room.mic_seats,
      seats: await this.seats(db, room.id, seatRows),
      anchor_present: room.anchor_left_at === null,
      close_at: room.anchor_left_at ? new Date(closeTime(room, room.anchor_left_at, this.graceMs)).toISOString() : null,
      my_auth: levelOf(room, userId, member, mine),
      my_muted: member?.muted === 1,
      my_seat: mine?.seat ?? null,
      my_following: following,
    };
  }
}
