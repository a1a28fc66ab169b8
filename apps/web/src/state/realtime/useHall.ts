import { useSyncExternalStore } from 'react';
import { useSession } from '../session';
import { hall } from './hall';
import type { HallStatus } from './hallClient';

/** Stable across renders, so effects may depend on it. */
const refreshUnread = (): void => hall.requestUnread();

/** The one way React reads the hall: its status, the unread count, and a way to ask for a fresh count. */
export function useHall(): { status: HallStatus; attempt: number; unreachable: boolean; unread: number; refreshUnread: () => void } {
  const snap = useSyncExternalStore(hall.subscribe, hall.getSnapshot);
  const unread = useSession((s) => s.unreadCount);
  return { status: snap.status, attempt: snap.attempt, unreachable: snap.unreachable, unread, refreshUnread };
}
