import type { LiveAlert } from '@app/contract';
import { create } from 'zustand';

/** How long an alert stays up unless tapped or dismissed (ms). */
export const LIVE_ALERT_MS = 8000;

interface LiveAlerts {
  /** The alert on screen (the newest; older ones were replaced). */
  current: LiveAlert | null;
  dismiss: () => void;
}

/** Go-live alerts from the hall, one at a time; the banner reads it. */
export const useLiveAlerts = create<LiveAlerts>((set) => ({
  current: null,
  dismiss: () => set({ current: null }),
}));

/** The hall's `liveAlert`. */
export function pushLiveAlert(a: LiveAlert): void {
  useLiveAlerts.setState({ current: a });
}
