import { runs } from '../config.js';
import type { Deps } from '../deps.js';
import type { Hall } from '../realtime/hall.js';
import type { RoomHub } from '../realtime/room.js';
import type { Services } from '../services.js';

/**
 * The realtime role: the hall's sockets (notices, messages, presence) and the room channel's
 * (chat, seats, gifts) on this instance's HTTP server. Every instance can emit to them through
 * the Redis adapter; only this role accepts sockets.
 */
export function realtimeRole(deps: Deps, services: Services, sockets: { hall: Hall; rooms: RoomHub }): void {
  if (!runs(deps.config, 'realtime')) return;
  sockets.hall.listen(services.sessions, services.message, services.chat, services.social, deps.db);
  sockets.rooms.listen(services.sessions, services.room, services.roomLive);
}
