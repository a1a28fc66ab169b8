import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { call, registerMember } from './api.js';
import { phone } from './browser.js';
import type { RunningServer } from './server.js';

export type Member = Awaited<ReturnType<typeof registerMember>>;

/** A phone page already logged in as `m` (the session the app persists, seed §3); `init` scripts (functions or page-script strings) run before the app. */
export async function pageAs(
  browser: Browser,
  m: Member,
  init: Array<(() => void) | string> = [],
  locale = 'zh-CN',
  options: BrowserContextOptions = {},
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await phone(browser, locale, options);
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

/**
 * A member made operator with the operator CLI: the only way to make the first one, and slow to
 * start (tsx), so a file makes one and does the rest of its operator work through the API.
 */
export async function operatorOf(server: RunningServer): Promise<Member> {
  const op = await registerMember(server.url);
  await server.admin('operator', 'add', op.mobile);
  return op;
}

/** A member whose anchor application an operator approved through the console's API. */
export async function approvedAnchor(server: RunningServer, operator: Member, m?: Member): Promise<Member> {
  const anchor = m ?? (await registerMember(server.url));
  await call(server.url, 'anchorApply', { real_name: '张三', id_card: '11010519491231002X', mobile: anchor.mobile, introduction: '唱歌聊天' }, anchor.token);
  await call(server.url, 'adminAnchorApprove', { user_id: anchor.user.id }, operator.token);
  return anchor;
}
