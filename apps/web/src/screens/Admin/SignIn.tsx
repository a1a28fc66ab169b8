import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OperatorMe } from '@app/contract';
import { call } from '../../lib/api';
import { adminKeys, useAdminAction } from '../../state/queries/admin';
import { QrCode } from './parts/QrCode';

/**
 * The console's second factor (decision 0200): an enrolled operator types a code of their app (or a
 * recovery code); one who has none scans a QR code, confirms with the app's first code, and is shown
 * the recovery codes once. Either way the session then opens the console.
 */
export default function SignIn({ me }: { me: OperatorMe }) {
  const { t } = useTranslation();
  return (
    <div className="adm-signin" data-testid="admin-signin">
      <section className="adm-card adm-signin__card">
        <h2>{me.second_factor.enrolled ? t('admin.signIn.title') : t('admin.signIn.enrolTitle')}</h2>
        {me.second_factor.enrolled ? <Verify /> : <Enrol />}
      </section>
    </div>
  );
}

/** Refreshes the console's queries: the caller's standing first (the console opens once it is verified). */
function useOpenConsole() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: adminKeys.all });
}

function CodeForm({ label, confirm, busy, onCode, testId }: { label: string; confirm: string; busy: boolean; onCode: (code: string) => void; testId: string }) {
  const [code, setCode] = useState('');
  return (
    <form
      className="adm-search"
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim()) onCode(code.trim());
      }}
    >
      <Input placeholder={label} value={code} onChange={setCode} autoComplete="one-time-code" clearable aria-label={label} />
      <Button size="small" type="submit" color="primary" loading={busy}>
        {confirm}
      </Button>
    </form>
  );
}

function Verify() {
  const { t } = useTranslation();
  const verify = useAdminAction('admin2faVerify');
  return (
    <>
      <p className="adm-muted">{t('admin.signIn.verifyDesc')}</p>
      <CodeForm
        testId="totp-verify"
        label={t('admin.signIn.code')}
        confirm={t('admin.signIn.verify')}
        busy={verify.isPending}
        onCode={(code) => verify.mutate({ code })}
      />
    </>
  );
}

function Enrol() {
  const { t } = useTranslation();
  const setup = useAdminAction('admin2faSetup');
  // Enabling verifies this session; the console's queries are refreshed only once the codes were read.
  const enable = useMutation({ mutationFn: (code: string) => call('admin2faEnable', { code }) });
  const open = useOpenConsole();
  const codes = enable.data?.recovery_codes;
  if (codes) {
    return (
      <div className="adm-stack" data-testid="recovery-codes">
        <h3>{t('admin.signIn.codesTitle')}</h3>
        <p className="adm-muted">{t('admin.signIn.codesDesc')}</p>
        <ol className="adm-codes">
          {codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ol>
        <Button color="primary" onClick={open}>
          {t('admin.signIn.codesSaved')}
        </Button>
      </div>
    );
  }
  if (!setup.data) {
    return (
      <>
        <p className="adm-muted">{t('admin.signIn.enrolDesc')}</p>
        <Button color="primary" loading={setup.isPending} onClick={() => setup.mutate({})}>
          {t('admin.signIn.start')}
        </Button>
      </>
    );
  }
  return (
    <>
      <p className="adm-muted">{t('admin.signIn.enrolDesc')}</p>
      <QrCode text={setup.data.otpauth_url} label={t('admin.signIn.qr')} />
      <p className="adm-muted">
        {t('admin.signIn.secret')}: <code data-testid="totp-secret">{setup.data.secret}</code>
      </p>
      <CodeForm
        testId="totp-enable"
        label={t('admin.signIn.code')}
        confirm={t('admin.signIn.enable')}
        busy={enable.isPending}
        onCode={(code) => enable.mutate(code)}
      />
    </>
  );
}
