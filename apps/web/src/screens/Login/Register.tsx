import { Button, Checkbox, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PATHS } from '../../lib/paths';
import { call } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { useSession } from '../../state/session';
import { AuthField } from './parts/AuthField';
import { AuthForm } from './parts/AuthForm';
import { AuthLayout } from './parts/AuthLayout';
import { InviteIcon } from './parts/icons';
import { MobileVerifyFields } from './parts/MobileVerifyFields';
import { NewPasswordFields } from './parts/NewPasswordFields';
import { useAfterLogin } from './parts/useAfterLogin';
import { useBusy } from './parts/useBusy';
import { useBounceIfLoggedIn } from './parts/useBounceIfLoggedIn';
import { useCaptcha } from './parts/useCaptcha';
import { checkRegister } from './validate';

/** Register (/pages/login/register): mobile, image captcha, SMS code, password twice, optional invite code. */
export default function Register() {
  const { t } = useTranslation();
  const referer = useSession((s) => s.referer);
  const signIn = useSession((s) => s.signIn);
  const afterLogin = useAfterLogin();
  useBounceIfLoggedIn();
  const { search } = useLocation();
  const captcha = useCaptcha();
  const [f, setF] = useState({ mobile: '', captcha: '', code: '', password: '', confirm: '', invite: referer, agreed: false });
  const [busy, run] = useBusy();
  const set =
    <K extends keyof typeof f>(k: K) =>
    (v: (typeof f)[K]) =>
      setF((prev) => ({ ...prev, [k]: v }));

  const submit = async () => {
    const problem = checkRegister(f);
    if (problem) return showToast(t(problem));
    await run(async () => {
      const invite = f.invite.trim();
      const session = await call('register', {
        mobile: f.mobile.trim(),
        code: f.code.trim(),
        password: f.password,
        ...(invite ? { invite_code: invite } : {}),
      });
      signIn(session, { account: f.mobile.trim() });
      showToast(t('register.success'), 'success');
      afterLogin();
    });
  };

  return (
    <AuthLayout
      title={t('register.title')}
      heading={t('register.welcome')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link to={PATHS.login + search} replace>
            {t('register.toLogin')}
          </Link>
        </>
      }
    >
      <AuthForm onSubmit={() => void submit()}>
        <MobileVerifyFields scene="register" values={f} onChange={(k, v) => set(k)(v)} captcha={captcha} />
        <NewPasswordFields
          password={f.password}
          confirm={f.confirm}
          onChange={(k, v) => set(k)(v)}
          label={t('register.password')}
          placeholder={t('register.passwordPlaceholder')}
        />
        <AuthField icon={<InviteIcon />} label={t('register.invite')}>
          <Input name="invite_code" placeholder={t('register.invitePlaceholder')} value={f.invite} onChange={set('invite')} maxLength={16} clearable />
        </AuthField>
        <div className="auth-row auth-row--agree">
          <span data-testid="agreement">
            <Checkbox checked={f.agreed} onChange={set('agreed')} style={{ '--icon-size': '16px', '--font-size': '12px' }}>
              {t('register.agreePrefix')}
              <span className="auth-link">{t('register.agreement')}</span>
              {t('register.and')}
              <span className="auth-link">{t('register.privacy')}</span>
            </Checkbox>
          </span>
        </div>
        <Button type="submit" block shape="rounded" size="large" className="brand-button" loading={busy}>
          {t('register.submit')}
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}
