import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
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

export const launch = (extraArgs: string[] = []): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM, args: [...QUIET_FLAGS, ...extraArgs] });

/** A phone-sized context (375×812, touch, zh-CN) as the seed's narrow layout. */
export const phone = (browser: Browser, locale = 'zh-CN'): Promise<BrowserContext> =>
  browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale });

export const artifactsDir = join(repoRoot, 'artifacts', 'screens');

/** Saves a 375×812 screenshot as a test artifact (artifacts/screens/NAME.png). */
export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const path = join(artifactsDir, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** A screenshot once no toast (login's 登录成功, a save's 保存成功) covers the page. */
export async function shotSettled(page: Page, name: string): Promise<string> {
  await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
  return shot(page, name);
}
