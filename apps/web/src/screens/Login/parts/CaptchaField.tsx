import { Input, SpinLoading } from 'antd-mobile';
import { SafetyOutlineIcon } from './icons';
import { useTranslation } from 'react-i18next';
import { AuthField } from './AuthField';
import type { CaptchaState } from './useCaptcha';

/** Image captcha row: the typed answer and the picture, which is replaced when tapped. */
export function CaptchaField({ captcha, value, onChange }: { captcha: CaptchaState; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <AuthField
      icon={<SafetyOutlineIcon />}
      label={t('register.captcha')}
      extra={
        <button
          type="button"
          className="captcha-img"
          title={t('register.captchaRefresh')}
          aria-label={t('register.captchaRefresh')}
          data-testid="captcha-image"
          onClick={() => void captcha.refresh()}
        >
          {captcha.loading ? (
            <SpinLoading style={{ '--size': '18px' }} color="primary" />
          ) : captcha.failed || !captcha.image ? (
            <span className="captcha-img__retry">{t('common.retry')}</span>
          ) : (
            <img src={captcha.image} alt={t('register.captcha')} />
          )}
        </button>
      }
    >
      <Input name="captcha" placeholder={t('register.captchaPlaceholder')} value={value} onChange={onChange} maxLength={8} autoComplete="off" clearable />
    </AuthField>
  );
}
