import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generate } from 'otplib';
import { call, registerMember } from './api.js';
import { launch, shotSettled } from './browser.js';
import { pageAs } from './member.js';
import { open, watchCsp } from './page.js';
import { startServer, type RunningServer } from './server.js';

export type Member = Awaited<ReturnType<typeof registerMember>>;

/** What the console suites share: their server, browser and first owner (set in their `before`). */
export interface ConsoleEnv {
  server: RunningServer;
  browser: Browser;
  op: Member;
}

export const rid = () => randomUUID().replace(/-/g, '');

/** The operator console's helpers over a suite's environment; `refused` gathers every console page's CSP violations. */
export function consoleKit(env: () => ConsoleEnv) {
  const refused: string[][] = [];
  async function contextAs(m: Member, desktop: boolean): Promise<{ ctx: BrowserContext; page: Page }> {
    if (!desktop) return pageAs(env().browser, m);
    const ctx = await env().browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    await ctx.addInitScript(
      (s) => {
        if (!localStorage.getItem('liveapp.session')) localStorage.setItem('liveapp.session', s);
      },
      JSON.stringify({ state: { token: m.token, userInfo: m.user }, version: 1 }),
    );
    const page = await ctx.newPage();
    refused.push(await watchCsp(page));
    return { ctx, page };
  }

  /** The console at one section, loaded (its table or cards on screen). */
  async function consoleAt(page: Page, section: string): Promise<void> {
    await open(page, env().server.url, `/admin/${section}`);
    await page.getByTestId('admin-console').waitFor();
    await page.waitForLoadState('networkidle');
  }

  /** Opens the console's form dialog row action, fills it, confirms. */
  async function confirmDialog(page: Page, fields: Record<string, string>, confirm: string, shotName?: string): Promise<void> {
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    for (const [name, value] of Object.entries(fields)) await dialog.locator(`[name=${name}]`).fill(value);
    if (shotName) await shotSettled(page, shotName);
    await dialog.getByRole('button', { name: confirm }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** 200 coins of gift earnings credited by the owner, 150 of them asked out: a pending withdrawal. */
  async function pendingWithdrawal(earner: Member, payee: string) {
    await call(
      env().server.url,
      'adminAdjust',
      { request_id: rid(), user_id: earner.user.id, account: 'gift_earnings', direction: 'credit', amount: 200 * 10000, reason: '测试收益' },
      env().op.token,
    );
    return call(
      env().server.url,
      'withdrawOrder',
      { request_id: rid(), platform: 'alipay', account: '13800138000', account_name: payee, amount: 150 * 10000 },
      earner.token,
    );
  }

  /** A code of an authenticator app holding `secret`, now. */
  const totpNow = (secret: string) => generate({ secret });

  /** Enrols an operator's session through the API (setup, then the app's first code): that session is verified. */
  async function enrolled(m: Member): Promise<string[]> {
    const { secret } = await call(env().server.url, 'admin2faSetup', {}, m.token);
    return (await call(env().server.url, 'admin2faEnable', { code: await totpNow(secret) }, m.token)).recovery_codes;
  }

  return { refused, contextAs, consoleAt, confirmDialog, pendingWithdrawal, totpNow, enrolled };
}

/** A server requiring the second factor as production does, its first owner made on the command line and their session enrolled. */
export async function startConsoleEnv(): Promise<ConsoleEnv> {
  const [server, browser] = await Promise.all([startServer({ OPERATOR_2FA: 'required' }), launch()]);
  const op = await registerMember(server.url);
  await call(server.url, 'updateUserInfo', { nickname: '运营小王' }, op.token);
  await server.admin('operator', 'add', op.mobile, 'owner');
  const env = { server, browser, op };
  await consoleKit(() => env).enrolled(op);
  return env;
}
