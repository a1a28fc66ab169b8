import type { PkBattle } from '@app/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../lib/toast';
import { pkCalls } from '../../../../state/queries/pk';
import { roomChannel } from '../../../../state/realtime/room';

/** How long the result stays on screen after a battle ended without a punishment period (or a link ended). */
export const ENDED_SHOWN_MS = 5000;

export interface PkView {
  battle: PkBattle | null;
  /** Server time − this device's time (ms), from the last view: countdowns use the server's clock. */
  offset: number;
}

/**
 * The room's PK battle: `pk` events of the room channel, and pk/room on every (re)join, so a viewer
 * who reconnects starts from the battle as it is. An invitation's end (declined, expired, withdrawn)
 * is a toast; an ended battle stays on screen a few seconds with its result.
 */
export function usePkBattle(roomId: number, joined: boolean, meId: number | null): PkView {
  const { t } = useTranslation();
  const [view, setView] = useState<PkView>({ battle: null, offset: 0 });
  const events = useRef(0);

  useEffect(() => {
    const apply = (b: PkBattle | null) => {
      const offset = b ? Date.parse(b.now) - Date.now() : 0;
      if (b && (b.status === 'declined' || b.status === 'expired' || b.status === 'cancelled')) {
        if (b.a.anchor.id === meId) showToast(t(`pk.${b.status}`));
        setView({ battle: null, offset });
        return;
      }
      setView({ battle: b, offset });
    };
    const off = roomChannel.onPk((p) => {
      if (p.room_id !== roomId) return;
      events.current++;
      apply(p.battle);
    });
    if (joined) {
      // An event that arrives while this is in flight is newer than its answer.
      const seen = events.current;
      pkCalls
        .room(roomId)
        .then((r) => {
          if (events.current === seen) apply(r.battle);
        })
        .catch(() => undefined);
    }
    return () => {
      off();
    };
  }, [roomId, joined, meId, t]);

  // An ended battle leaves the stage after a moment.
  const ended = view.battle?.status === 'ended' ? view.battle.id : null;
  useEffect(() => {
    if (ended === null) return;
    const timer = setTimeout(() => setView((v) => (v.battle?.id === ended ? { ...v, battle: null } : v)), ENDED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [ended]);

  return view;
}

/** The server's time now (ticking every 250 ms while `on`), from the view's offset. */
export function useServerNow(offset: number, on: boolean): number {
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    setNow(Date.now() + offset);
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now() + offset), 250);
    return () => clearInterval(timer);
  }, [offset, on]);
  return now;
}
