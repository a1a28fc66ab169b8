import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, type registerMember } from './api.js';
import { phone } from './browser.js';

export type Member = Awaited<ReturnType<typeof registerMember>>;

/** A phone page already logged in as `m` (the session the app persists, seed §3); `init` scripts run before the app. */
export async function pageAs(browser: Browser, m: Member, init: Array<() => void> = []): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await phone(browser);
  const state = { state: { token: m.token, userInfo: m.user }, version: 1 };
  await ctx.addInitScript((s) => {
    if (!localStorage.getItem('liveapp.session')) localStorage.setItem('liveapp.session', s);
  }, JSON.stringify(state));
  for (const script of init) await ctx.addInitScript(script);
  return { ctx, page: await ctx.newPage() };
}

/** Pays a recharge order the way the sandbox checkout page would (its pre-signed "paid" callback). */
export async function topUp(base: string, m: Member, packageId = 1): Promise<void> {
  const o = await call(base, 'rechargeOrder', { request_id: randomUUID().replace(/-/g, ''), package_id: packageId, provider: 'sandbox' }, m.token);
  const html = await fetch(`${base}${new URL(o.pay_url, base).pathname}`).then((r) => r.text());
  const paid = JSON.parse(/PAY = (\{.*?\}), CANCEL/.exec(html)![1]!) as Record<string, unknown>;
  await call(base, 'sandboxPayCallback', paid as never);
}
