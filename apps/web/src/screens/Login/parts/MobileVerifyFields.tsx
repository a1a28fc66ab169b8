import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Api, RouteInput } from '@app/contract';
import { AuthField } from './AuthField';
import { CaptchaField } from './CaptchaField';
import { MobileIcon } from './icons';
import { SmsCodeField } from './SmsCodeField';
import type { CaptchaState } from './useCaptcha';

export interface VerifyValues {
  mobile: string;
  captcha: string;
  code: string;
}

interface Props {
  scene: RouteInput<Api['sendSms']>['scene'];
  values: VerifyValues;
  onChange: (field: keyof VerifyValues, value: string) => void;
  captcha: CaptchaState;
}

/** The mobile number, the image captcha and the SMS code that proves the number (register, forget). */
export function MobileVerifyFields({ scene, values, onChange, captcha }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <AuthField icon={<MobileIcon />} label={t('register.mobile')}>
        <Input
          name="mobile"
          type="tel"
          placeholder={t('register.mobilePlaceholder')}
          value={values.mobile}
          onChange={(v) => onChange('mobile', v.replace(/\D/g, ''))}
          maxLength={11}
          autoComplete="tel"
          clearable
        />
      </AuthField>
      <CaptchaField captcha={captcha} value={values.captcha} onChange={(v) => onChange('captcha', v)} />
      <SmsCodeField
        scene={scene}
        mobile={values.mobile}
        captchaAnswer={values.captcha}
        captcha={captcha}
        onCaptchaSpent={() => onChange('captcha', '')}
        value={values.code}
        onChange={(v) => onChange('code', v)}
      />
    </>
  );
}
