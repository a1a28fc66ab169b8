import { useCallback, useState } from 'react';

/**
 * A form action's busy flag: `run(work)` sets it while the work runs. A failed call was already
 * toasted by the API client (`code[msg]`), so the failure ends here and the form stays as typed.
 */
export function useBusy(): [boolean, (work: () => Promise<unknown>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      /* toasted by the API client */
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
