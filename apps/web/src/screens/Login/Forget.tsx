import { Button, Input, Steps } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { call } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { AuthField } from './parts/AuthField';
import { AuthLayout } from './parts/AuthLayout';
import { CaptchaField } from './parts/CaptchaField';
import { MobileIcon } from './parts/icons';
import { PasswordInput } from './parts/PasswordInput';
import { SmsCodeField } from './parts/SmsCodeField';
import { useCaptcha } from './parts/useCaptcha';
import { checkPasswords, checkVerify } from './validate';

/** Forget password (/pages/login/forget): verify the mobile by SMS (common/message/verify), then set a new password. */
export default function Forget() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const [step, setStep] = useState<0 | 1>(0);
  const [f, setF] = useState({ mobile: '', captcha: '', code: '', password: '', confirm: '' });
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof f) => (v: string) => setF((prev) => ({ ...prev, [k]: v }));

  const verify = async () => {
    const problem = checkVerify(f);
    if (problem) return showToast(t(problem));
    setBusy(true);
    try {
      await call('verifySms', { mobile: f.mobile.trim(), scene: 'forget', code: f.code.trim() });
      setStep(1);
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };

  const reset = async () => {
    const problem = checkPasswords(f);
    if (problem) return showToast(t(problem));
    setBusy(true);
    try {
      await call('forgetPassword', { mobile: f.mobile.trim(), code: f.code.trim(), password: f.password });
      showToast(t('forget.success'), 'success');
      navigate(PATHS.login, { replace: true, state: { account: f.mobile.trim() } });
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('forget.title')} heading={t('forget.title')} subtitle={t('forget.subtitle')}>
      <Steps current={step} className="auth-steps">
        <Steps.Step title={t('forget.stepVerify')} />
        <Steps.Step title={t('forget.stepReset')} />
      </Steps>
      <form
        className="auth-form"
        onSubmit={(e) => {
          e.preventDefault();
          void (step === 0 ? verify() : reset());
        }}
      >
        {step === 0 ? (
          <>
            <AuthField icon={<MobileIcon />} label={t('register.mobile')}>
              <Input
                name="mobile"
                type="tel"
                placeholder={t('register.mobilePlaceholder')}
                value={f.mobile}
                onChange={(v) => set('mobile')(v.replace(/\D/g, ''))}
                maxLength={11}
                autoComplete="tel"
                clearable
              />
            </AuthField>
            <CaptchaField captcha={captcha} value={f.captcha} onChange={set('captcha')} />
            <SmsCodeField
              scene="forget"
              mobile={f.mobile}
              captchaAnswer={f.captcha}
              captcha={captcha}
              onCaptchaSpent={() => set('captcha')('')}
              value={f.code}
              onChange={set('code')}
            />
            <Button type="submit" block shape="rounded" size="large" className="brand-button" loading={busy}>
              {t('forget.next')}
            </Button>
          </>
        ) : (
          <>
            <PasswordInput
              name="password"
              label={t('forget.newPassword')}
              placeholder={t('forget.newPasswordPlaceholder')}
              value={f.password}
              onChange={set('password')}
              autoComplete="new-password"
            />
            <PasswordInput
              name="confirm"
              label={t('register.confirm')}
              placeholder={t('register.confirmPlaceholder')}
              value={f.confirm}
              onChange={set('confirm')}
              autoComplete="new-password"
            />
            <Button type="submit" block shape="rounded" size="large" className="brand-button" loading={busy}>
              {t('forget.submit')}
            </Button>
          </>
        )}
      </form>
    </AuthLayout>
  );
}
