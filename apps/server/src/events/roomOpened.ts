import type { GoLiveService } from '../modules/golive/golive.service.js';
import type { PreviewService } from '../modules/preview/preview.service.js';
import type { RoomService } from '../modules/room/room.service.js';

/** An anchor goes live: followers are alerted (notice and Web Push), and a live preview near this time is done. */
export function wireRoomOpened(room: RoomService, on: { goLive: GoLiveService; previews: PreviewService }): void {
  room.onOpened(async (opened) => {
    await on.goLive.alert(opened);
  });
  room.onOpened((opened) => on.previews.onLive(opened));
}
