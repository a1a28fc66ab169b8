import type { RoomInfo, RoomSeat, UserBrief } from '@app/contract';

/* Room fixtures shared by the room channel tests. */

export const user = (id: number): UserBrief => ({ id, uuid: `u${id}`, nickname: `user${id}`, avatar: '', vip_level: 0, level: 1, is_anchor: false });
export const seat = (index: number, occupant: number | null = null, live = false): RoomSeat => ({
  index,
  seat_id: `seat-${index}`,
  locked: false,
  user: occupant === null ? null : user(occupant),
  live,
  camera: true,
  mic: true,
});

/** A room as home/room_info answers it, for tests. */
export function roomInfo(over: Partial<RoomInfo> = {}): RoomInfo {
  return {
    id: 10,
    number: '100010',
    title: 'hello',
    cover: '',
    category_id: 1,
    category: 'Music',
    kind: 'live',
    anchor: { ...user(1), is_anchor: true },
    online: 3,
    need_password: false,
    live: true,
    status: 'open',
    started_at: '2026-01-01T00:00:00Z',
    settings: { front_camera: true, camera: true, audio: true, screen: false, allow_mic: true, vertical: true, pc: false, free_seats: true, allow_clips: true },
    mic_seats: 2,
    seats: [seat(1), seat(2)],
    anchor_present: true,
    close_at: null,
    my_auth: 4,
    my_muted: false,
    my_seat: null,
    my_following: false,
    ...over,
  };
}
