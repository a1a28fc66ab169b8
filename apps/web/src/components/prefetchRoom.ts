import { preload } from '../lib/nav';
import { roomPath } from '../lib/paths';

/**
 * Starts loading a room the moment it is tapped: its screen's code and (unless it needs a password)
 * the room channel's join, so both overlap the navigation instead of following it.
 */
export function prefetchRoom(room: { id: number; kind: 'live' | 'chat'; need_password?: boolean }): void {
  preload(roomPath(room));
  if (!room.need_password) void import('../state/realtime/room').then((m) => m.joinRoomChannel(room.id)).catch(() => undefined);
}
