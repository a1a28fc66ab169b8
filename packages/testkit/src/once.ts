interface Emitter {
  once(event: string, listener: (...args: never[]) => void): unknown;
  off?(event: string, listener: (...args: never[]) => void): unknown;
}

/** Resolves with the first `event` from `emitter` (its first argument), or rejects after `timeout` ms. */
export function once<T = unknown>(emitter: Emitter, event: string, timeout = 10_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const listener = (value: T) => {
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => {
      emitter.off?.(event, listener as never);
      reject(new Error(`no "${event}" within ${timeout} ms`));
    }, timeout);
    emitter.once(event, listener as never);
  });
}
