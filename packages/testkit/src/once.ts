/* eslint-disable @typescript-eslint/no-explicit-any -- any emitter (Node's, socket.io's typed sockets) takes a listener of its own argument types */
interface Emitter {
  once(event: string, listener: (...args: any[]) => void): unknown;
  off?(event: string, listener: (...args: any[]) => void): unknown;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Resolves with the first `event` from `emitter` (its first argument), or rejects after `timeout` ms. */
export function once<T = unknown>(emitter: Emitter, event: string, timeout = 10_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const listener = (value: T) => {
      clearTimeout(timer);
      resolve(value);
    };
    const timer = setTimeout(() => {
      emitter.off?.(event, listener);
      reject(new Error(`no "${event}" within ${timeout} ms`));
    }, timeout);
    emitter.once(event, listener);
  });
}
