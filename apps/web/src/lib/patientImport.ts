/**
 * A code-split import tried again every few seconds until it loads: for a part a screen can wait
 * for but must not fall over without (the server may be restarting when it is first wanted).
 */
export function patientImport<T>(load: () => Promise<T>, everyMs = 3000): () => Promise<T> {
  const attempt = (): Promise<T> => load().catch(() => new Promise<T>((resolve) => setTimeout(() => resolve(attempt()), everyMs)));
  return attempt;
}
