import { useSyncExternalStore } from 'react';
import { roomChannel } from './room';
import type { RoomSnapshot } from './roomClient';

/** The one way React reads the room channel. */
export function useRoomChannel(): RoomSnapshot {
  return useSyncExternalStore(roomChannel.subscribe, roomChannel.getSnapshot);
}
