import { onlineManager } from '@tanstack/react-query';
import { hall } from './hall';

/** The device is online and the hall has not found the server silent. */
export const serverReachable = (): boolean => globalThis.navigator?.onLine !== false && !hall.getSnapshot().unreachable;

/**
 * Tells TanStack Query whether the server can be reached, not only whether the device is online:
 * while the server is down, queries wait instead of failing one by one, and refetch when it is back.
 */
export function startReachability(): void {
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(serverReachable());
    globalThis.addEventListener('online', update);
    globalThis.addEventListener('offline', update);
    const stop = hall.subscribe(update);
    update();
    return () => {
      globalThis.removeEventListener('online', update);
      globalThis.removeEventListener('offline', update);
      stop();
    };
  });
}
