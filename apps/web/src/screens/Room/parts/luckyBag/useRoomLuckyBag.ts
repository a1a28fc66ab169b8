import type { LuckyBag } from '@app/contract';
import { useEffect, useRef, useState } from 'react';
import { luckyBagCalls } from '../../../../state/queries/luckyBag';
import { roomChannel } from '../../../../state/realtime/room';

/** How long a drawn bag's result stays on the stage. */
export const RESULT_SHOWN_MS = 20_000;

export interface RoomLuckyBag {
  /** The room's bag: the open one, or the one just drawn (for a few seconds). */
  bag: LuckyBag | null;
  /** Server time − this device's time (ms): the countdown uses the server's clock. */
  offset: number;
  /** Bumps on every event, so the caller's side refetches. */
  version: number;
}

/** The room's lucky bag: `luckyBag` events of the room channel, and luckybag/room on every (re)join. */
export function useRoomLuckyBag(roomId: number, joined: boolean): RoomLuckyBag {
  const [view, setView] = useState<RoomLuckyBag>({ bag: null, offset: 0, version: 0 });
  const events = useRef(0);

  useEffect(() => {
    const off = roomChannel.onLuckyBag((p) => {
      if (p.room_id !== roomId) return;
      events.current++;
      setView((v) => ({ bag: p.bag, offset: Date.parse(p.bag.now) - Date.now(), version: v.version + 1 }));
    });
    if (joined) {
      const seen = events.current;
      luckyBagCalls
        .room(roomId)
        .then((r) => {
          if (events.current !== seen) return;
          setView((v) => ({ bag: r.bag, offset: r.bag ? Date.parse(r.bag.now) - Date.now() : v.offset, version: v.version + 1 }));
        })
        .catch(() => undefined);
    }
    return off;
  }, [roomId, joined]);

  // A drawn bag leaves the stage after its result was shown.
  const drawnId = view.bag?.status === 'drawn' ? view.bag.id : null;
  useEffect(() => {
    if (drawnId === null) return;
    const timer = setTimeout(() => setView((v) => (v.bag?.id === drawnId ? { ...v, bag: null } : v)), RESULT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [drawnId]);

  return view;
}

/** Seconds left before the draw (0 at or past the end), by the server's clock. */
export function secondsLeft(bag: LuckyBag, serverNow: number): number {
  return Math.max(0, Math.ceil((Date.parse(bag.ends_at) - serverNow) / 1000));
}

export const mmss = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
