import { Button, Checkbox, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths';
import { startPath } from '../../lib/tabs';
import { call } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { useSession } from '../../state/session';
import { AuthField } from './parts/AuthField';
import { AuthForm } from './parts/AuthForm';
import { AuthLayout } from './parts/AuthLayout';
import { AccountIcon } from './parts/icons';
import { PasswordInput } from './parts/PasswordInput';
import { useAfterLogin } from './parts/useAfterLogin';
import { useBusy } from './parts/useBusy';
import { useBounceIfLoggedIn } from './parts/useBounceIfLoggedIn';
import { checkLogin } from './validate';

/** Login (/pages/login/index): account or mobile + password, remember me; then back to the wanted page. */
export default function Login() {
  const { t } = useTranslation();
  const remembered = useSession((s) => (s.rememberMe ? s.account : ''));
  const rememberedFlag = useSession((s) => s.rememberMe);
  const signIn = useSession((s) => s.signIn);
  const afterLogin = useAfterLogin();
  const navigate = useNavigate();
  useBounceIfLoggedIn();
  const { search, state } = useLocation();
  // After a password reset the forget page hands over the mobile it just verified.
  const handed = (state as { account?: unknown } | null)?.account;
  const [account, setAccount] = useState(typeof handed === 'string' ? handed : remembered);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(rememberedFlag);
  const [busy, run] = useBusy();
  const [browsing, runBrowse] = useBusy();

  // "Browse first": a guest session for this device (home/visitor), then the start tab (not the
  // protected page that sent the user here: a guest would only be sent back).
  const browse = () =>
    runBrowse(async () => {
      signIn(await call('visitor', undefined));
      navigate(startPath(useSession.getState().systemConfig), { replace: true });
    });

  const submit = async () => {
    const problem = checkLogin({ account, password });
    if (problem) return showToast(t(problem));
    await run(async () => {
      const session = await call('login', { account: account.trim(), password, remember });
      signIn(session, { account: account.trim(), rememberMe: remember });
      showToast(t('login.success'), 'success');
      afterLogin();
    });
  };

  return (
    <AuthLayout
      title={t('login.title')}
      heading={t('login.welcome')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link to={PATHS.register + search} replace>
            {t('login.toRegister')}
          </Link>
        </>
      }
    >
      <AuthForm onSubmit={() => void submit()}>
        <AuthField icon={<AccountIcon />} label={t('login.account')}>
          <Input
            name="account"
            placeholder={t('login.accountPlaceholder')}
            value={account}
            onChange={setAccount}
            maxLength={32}
            autoComplete="username"
            clearable
          />
        </AuthField>
        <PasswordInput
          name="password"
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          onEnterPress={() => void submit()}
        />
        <div className="auth-row">
          <span data-testid="remember">
            <Checkbox checked={remember} onChange={setRemember} style={{ '--icon-size': '16px', '--font-size': '13px' }}>
              {t('login.remember')}
            </Checkbox>
          </span>
          <Link to={PATHS.forget} className="auth-link">
            {t('login.forget')}
          </Link>
        </div>
        <Button type="submit" block shape="rounded" size="large" className="brand-button" loading={busy}>
          {t('login.submit')}
        </Button>
        <Button block fill="none" size="middle" className="auth-guest" loading={browsing} onClick={() => void browse()}>
          {t('login.browse')}
        </Button>
      </AuthForm>
    </AuthLayout>
  );
}
