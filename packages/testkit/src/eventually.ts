export interface EventuallyOptions {
  /** Give up after this long (ms). */
  timeout?: number;
  /** Time between tries (ms); a condition is polled only where no event announces it. */
  interval?: number;
  /** Names what was awaited, in the timeout's message. */
  what?: string;
}

export class EventuallyTimeout extends Error {}

/**
 * Tries `check` until it returns without throwing and its value is not false/undefined/null,
 * and returns that value. On timeout it throws the last error (or names what never came true),
 * so a failing test says what it waited for.
 */
export async function eventually<T>(check: () => T | Promise<T>, opts: EventuallyOptions = {}): Promise<Exclude<T, false | null | undefined>> {
  const timeout = opts.timeout ?? 10_000;
  const interval = opts.interval ?? 50;
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== false && value !== undefined && value !== null) return value as Exclude<T, false | null | undefined>;
      last = undefined;
    } catch (err) {
      last = err;
    }
    if (Date.now() >= deadline) {
      const what = opts.what ?? 'a condition';
      const cause = last instanceof Error ? `: ${last.message}` : '';
      throw new EventuallyTimeout(`${what} did not hold within ${timeout} ms${cause}`, { cause: last });
    }
    await new Promise((r) => setTimeout(r, interval));
  }
}
