import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { toastGone } from './page.js';
import { repoRoot } from './server.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Flags that keep Chromium quiet on a closed network (shared/notes/stack-on-this-machine.md). */
export const QUIET_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium for the specs. Every context runs under the app's Content-Security-Policy (none bypasses
 * it), so any spec's page that the policy breaks fails. Page code given to Playwright is a function,
 * never a string: Playwright evals a string predicate on every poll after the first, outside
 * DevTools' own evaluation, and the policy (no 'unsafe-eval') refuses that eval. Init scripts may be
 * strings (they run whatever the policy says).
 */
export async function launch(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...QUIET_FLAGS, ...extraArgs] });
}

/** A phone-sized context (375×812, touch, zh-CN) as the seed's narrow layout. */
export const phone = (browser: Browser, locale = 'zh-CN', options: BrowserContextOptions = {}): Promise<BrowserContext> =>
  browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale, ...options });

export const artifactsDir = join(repoRoot, 'artifacts', 'screens');

/** Saves a 375×812 screenshot as a test artifact (artifacts/screens/NAME.png), in CSS pixels: a quarter of the device pixels to encode. */
export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const path = join(artifactsDir, `${name}.png`);
  await page.screenshot({ path, scale: 'css' });
  return path;
}

/** A screenshot once no toast (login's 登录成功, a save's 保存成功) covers the page. */
export async function shotSettled(page: Page, name: string): Promise<string> {
  await toastGone(page);
  return shot(page, name);
}

/**
 * Resolves once `locator` has stopped moving: the same box and opacity (its own and its
 * ancestors') on two animation frames running, so a sheet has slid in or a dialog faded in.
 * antd-mobile animates with react-spring (inline styles), which document.getAnimations() misses.
 */
export async function settled(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.waitFor({ timeout });
  const el = await locator.elementHandle({ timeout });
  await locator.page().waitForFunction(
    (node) => {
      const w = window as unknown as { __settle?: { node: Element; key: string } };
      let opacity = 1;
      for (let e: Element | null = node; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
      const r = node!.getBoundingClientRect();
      const key = [r.x, r.y, r.width, r.height, opacity].join(',');
      const still = w.__settle?.node === node && w.__settle.key === key;
      w.__settle = { node: node!, key };
      return still;
    },
    el,
    { polling: 'raf', timeout },
  );
}

/** Resolves once no mask (of a sheet, popup or dialog) shows: closed and faded out. */
export async function masksGone(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    () => [...document.querySelectorAll('.adm-mask')].every((m) => getComputedStyle(m).display === 'none' || Number(getComputedStyle(m).opacity) === 0),
    null,
    { polling: 'raf', timeout },
  );
}
