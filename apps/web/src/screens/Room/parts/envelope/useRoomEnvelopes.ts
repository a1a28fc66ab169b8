import type { RedEnvelope } from '@app/contract';
import { useEffect, useRef, useState } from 'react';
import { envelopeCalls } from '../../../../state/queries/envelope';
import { roomChannel } from '../../../../state/realtime/room';

/** How long a finished or expired envelope stays on screen with its best share. */
export const ENDED_SHOWN_MS = 6000;

export interface RoomEnvelopes {
  /** The room's envelopes, oldest first (finished ones for a few seconds). */
  list: RedEnvelope[];
  /** Server time − this device's time (ms): countdowns use the server's clock. */
  offset: number;
  /** Bumps on every event, so an open detail refetches. */
  version: number;
}

/**
 * The room's red envelopes: `envelope` events of the room channel, and envelope/room on every
 * (re)join, so a viewer who comes back starts from what is in the room now.
 */
export function useRoomEnvelopes(roomId: number, joined: boolean): RoomEnvelopes {
  const [view, setView] = useState<RoomEnvelopes>({ list: [], offset: 0, version: 0 });
  const events = useRef(0);

  useEffect(() => {
    const upsert = (list: RedEnvelope[], e: RedEnvelope) => {
      const i = list.findIndex((x) => x.id === e.id);
      return i < 0 ? [...list, e] : list.map((x, j) => (j === i ? e : x));
    };
    const off = roomChannel.onEnvelope((p) => {
      if (p.room_id !== roomId) return;
      events.current++;
      setView((v) => ({ list: upsert(v.list, p.envelope), offset: Date.parse(p.envelope.now) - Date.now(), version: v.version + 1 }));
    });
    if (joined) {
      const seen = events.current;
      envelopeCalls
        .room(roomId)
        .then((r) => {
          if (events.current !== seen) return;
          const first = r.list[0];
          setView((v) => ({ list: r.list, offset: first ? Date.parse(first.now) - Date.now() : v.offset, version: v.version + 1 }));
        })
        .catch(() => undefined);
    }
    return off;
  }, [roomId, joined]);

  // Finished and expired envelopes leave after a moment (their best share shown meanwhile).
  const ended = view.list.filter((e) => e.status === 'finished' || e.status === 'expired').map((e) => e.id);
  const endedKey = ended.join(',');
  useEffect(() => {
    if (endedKey === '') return;
    const ids = new Set(endedKey.split(',').map(Number));
    const timer = setTimeout(() => setView((v) => ({ ...v, list: v.list.filter((e) => !ids.has(e.id)) })), ENDED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [endedKey]);

  return view;
}

/** Seconds left before an envelope opens (0 when open), by the server's clock. */
export function secondsToOpen(e: RedEnvelope, serverNow: number): number {
  return Math.max(0, Math.ceil((Date.parse(e.opens_at) - serverNow) / 1000));
}
