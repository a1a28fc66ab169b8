import { Button, Steps } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths';
import { call } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { AuthForm } from './parts/AuthForm';
import { AuthLayout } from './parts/AuthLayout';
import { MobileVerifyFields } from './parts/MobileVerifyFields';
import { NewPasswordFields } from './parts/NewPasswordFields';
import { useBusy } from './parts/useBusy';
import { useCaptcha } from './parts/useCaptcha';
import { checkPasswords, checkVerify } from './validate';

/** Forget password (/pages/login/forget): verify the mobile by SMS (common/message/verify), then set a new password. */
export default function Forget() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const captcha = useCaptcha();
  const [step, setStep] = useState<0 | 1>(0);
  const [f, setF] = useState({ mobile: '', captcha: '', code: '', password: '', confirm: '' });
  const [busy, run] = useBusy();
  const set = (k: keyof typeof f) => (v: string) => setF((prev) => ({ ...prev, [k]: v }));

  const verify = async () => {
    const problem = checkVerify(f);
    if (problem) return showToast(t(problem));
    await run(async () => {
      await call('verifySms', { mobile: f.mobile.trim(), scene: 'forget', code: f.code.trim() });
      setStep(1);
    });
  };

  const reset = async () => {
    const problem = checkPasswords(f);
    if (problem) return showToast(t(problem));
    await run(async () => {
      await call('forgetPassword', { mobile: f.mobile.trim(), code: f.code.trim(), password: f.password });
      showToast(t('forget.success'), 'success');
      navigate(PATHS.login, { replace: true, state: { account: f.mobile.trim() } });
    });
  };

  return (
    <AuthLayout title={t('forget.title')} heading={t('forget.title')} subtitle={t('forget.subtitle')}>
      <Steps current={step} className="auth-steps">
        <Steps.Step title={t('forget.stepVerify')} />
        <Steps.Step title={t('forget.stepReset')} />
      </Steps>
      <AuthForm onSubmit={() => void (step === 0 ? verify() : reset())}>
        {step === 0 ? (
          <>
            <MobileVerifyFields scene="forget" values={f} onChange={(k, v) => set(k)(v)} captcha={captcha} />
            <Button type="submit" block shape="rounded" size="large" className="brand-button" loading={busy}>
              {t('forget.next')}
            </Button>
          </>
        ) : (
          <>
            <NewPasswordFields
              password={f.password}
              confirm={f.confirm}
              onChange={(k, v) => set(k)(v)}
              label={t('forget.newPassword')}
              placeholder={t('forget.newPasswordPlaceholder')}
            />
            <Button type="submit" block shape="rounded" size="large" className="brand-button" loading={busy}>
              {t('forget.submit')}
            </Button>
          </>
        )}
      </AuthForm>
    </AuthLayout>
  );
}
