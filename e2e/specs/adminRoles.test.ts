import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { ApiFailure, call, registerMember } from '../lib/api.js';
import { shot, shotSettled } from '../lib/browser.js';
import { consoleKit, rid, startConsoleEnv, type Member } from '../lib/console.js';
import { open } from '../lib/page.js';
import type { RunningServer } from '../lib/server.js';

/*
 * Operator roles in the browser, on a server that requires the second factor as production does:
 * the owner gives a moderator their role, the moderator enrols with the QR code and sees no payouts,
 * then signs in again with a recovery code; support reads orders and changes nothing.
 */

let server: RunningServer;
let browser: Browser;
let op: Member;
const { contextAs, consoleAt, confirmDialog, pendingWithdrawal, totpNow, enrolled } = consoleKit(() => ({ server, browser, op }));

before(async () => {
  ({ server, browser, op } = await startConsoleEnv());
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('operator roles', () => {
  it('gives each operator the console of their role, behind a second factor', async () => {
    const [moderator, support, earner] = await Promise.all([registerMember(server.url), registerMember(server.url), registerMember(server.url)]);
    await call(server.url, 'updateUserInfo', { nickname: '审核员小李' }, moderator.token);
    await call(server.url, 'updateUserInfo', { nickname: '客服小赵' }, support.token);
    await call(server.url, 'adminOperatorSave', { user_id: support.user.id, role: 'support' }, op.token);
    const w = await pendingWithdrawal(earner, '赵六');

    // The owner gives the moderator their role from the operators section.
    const owner = await contextAs(op, true);
    await consoleAt(owner.page, 'operators');
    await owner.page.getByRole('button', { name: '添加运营人员' }).click();
    await owner.page.getByRole('dialog').locator('[name=role]').selectOption('moderator');
    await confirmDialog(owner.page, { user_id: String(moderator.user.id) }, '保存');
    await owner.page.getByTestId('operators-row').filter({ hasText: '审核员小李' }).getByText('审核员', { exact: true }).waitFor();
    await shotSettled(owner.page, 'admin-operators');
    await owner.ctx.close();

    // The moderator enrols: the QR code, the app's first code, the recovery codes shown once.
    const mod = await contextAs(moderator, true);
    await open(mod.page, server.url, '/admin');
    await mod.page.getByTestId('admin-signin').getByRole('button', { name: '开始设置' }).click();
    await mod.page.getByTestId('totp-qr').waitFor();
    await shotSettled(mod.page, 'admin-2fa-enrol');
    const secret = await mod.page.getByTestId('totp-secret').innerText();
    await mod.page
      .getByTestId('totp-enable')
      .locator('input')
      .fill(await totpNow(secret));
    await mod.page.getByRole('button', { name: '启用' }).click();
    // The ten codes are on screen before they are read (allInnerTexts does not wait).
    await mod.page.getByTestId('recovery-codes').locator('code').nth(9).waitFor();
    const codes = await mod.page.getByTestId('recovery-codes').locator('code').allInnerTexts();
    assert.equal(codes.length, 10);
    await shotSettled(mod.page, 'admin-2fa-codes');
    await mod.page.getByRole('button', { name: '我已保存，进入后台' }).click();
    // A moderator's console: reports, rooms, anchors; no payouts, no money, no operators.
    await mod.page.getByTestId('admin-console').waitFor();
    await mod.page.getByTestId('admin-role').getByText('审核员').waitFor();
    await mod.page.getByTestId('admin-nav-content').waitFor();
    for (const hidden of ['withdrawals', 'recharges', 'catalog', 'operators', 'audit'])
      assert.equal(await mod.page.getByTestId(`admin-nav-${hidden}`).count(), 0, hidden);
    await shotSettled(mod.page, 'admin-moderator');
    await mod.ctx.close();
    await assert.rejects(
      call(server.url, 'adminWithdrawApprove', { request_id: rid(), id: w.id }, moderator.token),
      (e: unknown) => e instanceof ApiFailure && e.status === 403,
    );

    // A new login asks again; a wrong code is refused with the tries left, a recovery code opens the console.
    const again = await call(server.url, 'login', { account: moderator.mobile, password: moderator.password });
    const second = await contextAs({ ...moderator, token: again.token }, true);
    await open(second.page, server.url, '/admin');
    const verify = second.page.getByTestId('totp-verify');
    await verify.locator('input').fill('000000');
    await verify.getByRole('button', { name: '验证' }).click();
    await second.page.getByText('验证码错误，还可尝试4次').waitFor();
    await shot(second.page, 'admin-2fa-wrong');
    await verify.locator('input').fill(codes[0]!);
    await verify.getByRole('button', { name: '验证' }).click();
    await second.page.getByTestId('admin-console').waitFor();
    await second.ctx.close();

    // Support reads the pending withdrawal, with nothing to press (the server refuses support every change: operatorRoles.test.ts).
    await enrolled(support);
    const sup = await contextAs(support, true);
    await consoleAt(sup.page, 'withdrawals');
    const row = sup.page.getByTestId('withdrawals-row').filter({ hasText: w.order_no });
    await row.waitFor();
    assert.equal(await row.getByRole('button').count(), 0);
    await shotSettled(sup.page, 'admin-support-withdrawals');
    await sup.ctx.close();
  });
});
