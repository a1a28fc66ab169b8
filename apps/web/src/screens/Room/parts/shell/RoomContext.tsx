import type { RoomClientEvents, RoomInfo } from '@app/contract';
import { createContext, useContext } from 'react';
import type { RoomSnapshot } from '../../../../state/realtime/roomClient';
import type { RoomState } from '../../../../state/realtime/roomState';
import type { RoomMedia } from '../stage/useRoomMedia';

type Action = Exclude<keyof RoomClientEvents, 'join' | 'leave' | 'chat'>;

export interface RoomContextValue {
  room: RoomInfo;
  state: RoomState;
  status: RoomSnapshot['status'];
  me: { id: number | null; guest: boolean; owner: boolean };
  media: RoomMedia;
  /** Whether received audio may play (false after the browser refused unmuted autoplay). */
  sound: boolean;
  setSound: (on: boolean) => void;
  /** Sends an acknowledged room event; failures are toasted (code[msg]); resolves true on success. */
  act: <E extends Action>(event: E, payload: Parameters<RoomClientEvents[E]>[0]) => Promise<boolean>;
  /** Sends a chat line (or danmaku). */
  say: (text: string, danmaku: boolean) => Promise<boolean>;
  /** Leaves the room page (back, or the live list for a deep link). */
  exit: () => void;
}

export const RoomCtx = createContext<RoomContextValue | null>(null);

/** The room the screen shows; only inside the room screen's provider. */
export function useRoom(): RoomContextValue {
  const v = useContext(RoomCtx);
  if (!v) throw new Error('useRoom() outside the room screen');
  return v;
}
