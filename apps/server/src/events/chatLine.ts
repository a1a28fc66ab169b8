import type { LuckyBagService } from '../modules/luckybag/luckybag.service.js';
import type { RoomLiveService } from '../modules/room/roomLive.service.js';

/** A chat line in a room: it does the chat task of the room's open lucky bag (before the sender's ack, so an entry right after it counts). */
export function wireChatLines(roomLive: RoomLiveService, on: { luckyBags: LuckyBagService }): void {
  roomLive.onChat((roomId, userId) => on.luckyBags.onChat(roomId, userId));
}
