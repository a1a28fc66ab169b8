import { DEFAULT_CIPHER_IV, DEFAULT_CIPHER_KEY, decryptText } from '@app/kit';
import type { Page, Response } from 'playwright-core';

/** Reads the envelope of an answer the app received, decrypting it when it came encrypted. */
export async function envelopeOf(res: Response): Promise<{ code: number; msg: string; data: unknown }> {
  const text = await res.text();
  const plain = res.headers()['requested-encrypt'] ? decryptText(text, DEFAULT_CIPHER_KEY, DEFAULT_CIPHER_IV) : text;
  return JSON.parse(plain);
}

/** Keeps the newest captcha key the page asked for, so the test can look up its answer in the dev sink. */
export function trackUniqueCode(page: Page): () => string {
  let latest = '';
  page.on('response', async (res) => {
    if (!res.url().includes('/common/message/unique_code')) return;
    try {
      const env = await envelopeOf(res);
      latest = (env.data as { unique_code: string }).unique_code;
    } catch {
      /* a failed answer leaves the previous key */
    }
  });
  return () => latest;
}

/** The token the app persisted (seed §3 remembered keys). */
export async function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('liveapp.session');
    return raw ? ((JSON.parse(raw) as { state?: { token?: string } }).state?.token ?? '') : '';
  });
}

/** Opens a hash route of the app. */
export const open = (page: Page, base: string, path: string) => page.goto(`${base}/#${path}`);

/** Resolves when the hash route is the given path (the query ignored). */
export async function waitForRoute(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction((p) => location.hash.replace(/^#/, '').split('?')[0] === p, path, { timeout });
}

export const routeOf = (page: Page): Promise<string> => page.evaluate(() => location.hash.replace(/^#/, '').split('?')[0] ?? '');

/** Waits for a toast showing `text` (a success, or a business error's `code[msg]`). */
export async function expectToast(page: Page, text: string | RegExp, timeout = 10_000): Promise<void> {
  await page.locator('.adm-toast-main', { hasText: text }).first().waitFor({ timeout });
}

/** Waits until no toast is shown (its mask gone), e.g. before a screenshot or a tap it would cover. */
export async function toastGone(page: Page, timeout = 10_000): Promise<void> {
  await page.locator('.adm-toast-mask').waitFor({ state: 'detached', timeout });
}

/** Waits until every image in the viewport has loaded (or failed): what a screenshot would show. Lazy images below stay unloaded. */
export async function imagesShown(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.images].every((i) => {
        const r = i.getBoundingClientRect();
        return i.complete || r.bottom <= 0 || r.top >= innerHeight || r.width === 0;
      }),
    null,
    { polling: 'raf', timeout },
  );
}

/** Starts summing the page's layout shifts (CLS, shifts after input excluded) from its first paint; read with `layoutShift`. */
export async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift summed since the page loaded (see `watchLayoutShift`). */
export const layoutShift = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { __cls: number }).__cls);

/**
 * Collects the page's Content-Security-Policy violations from now on, over every navigation: each
 * `securitypolicyviolation` event (logged by an init script) and Chromium's own console refusals.
 * Returns the list, which fills as they happen.
 */
export async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|securitypolicyviolation/i.test(m.text())) seen.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`securitypolicyviolation: ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return seen;
}
