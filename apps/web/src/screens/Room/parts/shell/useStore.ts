import { useSyncExternalStore } from 'react';

interface Store<T> {
  subscribe(l: () => void): () => void;
  getSnapshot(): T;
}

const noop = () => () => undefined;

/** Reads a plain-class store (player, broadcaster) that may not exist yet. */
export function useStore<T>(store: Store<T> | null): T | null {
  return useSyncExternalStore(store ? store.subscribe : noop, store ? store.getSnapshot : () => null);
}
