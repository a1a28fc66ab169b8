import { PATHS } from '../../app/paths';

/** Where a room opens: video chat rooms on the newroom page, live rooms on the room page. */
export const roomPath = (room: { id: number; kind: 'live' | 'chat' }): string =>
  `${room.kind === 'chat' ? PATHS.newroom : PATHS.room}?id=${room.id}`;

/**
 * Starts loading a room the moment it is tapped: its screen's code and (unless it needs a password)
 * the room channel's join, so both overlap the navigation instead of following it.
 */
export function prefetchRoom(room: { id: number; kind: 'live' | 'chat'; need_password?: boolean }): void {
  void (room.kind === 'chat' ? import('./NewRoom') : import('./Index')).catch(() => undefined);
  if (!room.need_password) void import('../../state/realtime/room').then((m) => m.joinRoomChannel(room.id)).catch(() => undefined);
}
