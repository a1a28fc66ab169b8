import { CAPTCHA_RESEND_SECONDS, CODE_LENGTH } from '@app/kit';
import { Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteInput, Api } from '@app/contract';
import { call } from '../../../lib/api';
import { showToast } from '../../../lib/toast';
import { checkSmsRequest } from '../validate';
import { AuthField } from './AuthField';
import { SmsIcon } from './icons';
import type { CaptchaState } from './useCaptcha';
import { smsButtonLabel, useCountdown } from './useCountdown';

type Scene = RouteInput<Api['sendSms']>['scene'];

interface Props {
  scene: Scene;
  mobile: string;
  captchaAnswer: string;
  captcha: CaptchaState;
  /** After a send the captcha is spent: the form clears its answer. */
  onCaptchaSpent: () => void;
  value: string;
  onChange: (v: string) => void;
}

/** SMS code row with the 60 s button: checks the image captcha, sends the code, counts down. */
export function SmsCodeField({ scene, mobile, captchaAnswer, captcha, onCaptchaSpent, value, onChange }: Props) {
  const { t } = useTranslation();
  const { left, started, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const problem = checkSmsRequest({ mobile, captcha: captchaAnswer });
    if (problem) return showToast(t(problem));
    setSending(true);
    try {
      await call('captchaCheck', { unique_code: captcha.uniqueCode, captcha: captchaAnswer.trim() });
      const sent = await call('sendSms', { mobile: mobile.trim(), scene, unique_code: captcha.uniqueCode });
      start(sent.resend_in > 0 ? sent.resend_in : CAPTCHA_RESEND_SECONDS);
      showToast(t('sms.sent'), 'success');
    } catch {
      /* the API client toasted code[message] */
    } finally {
      // A captcha passes once; a fresh one is ready for a resend or a retry.
      onCaptchaSpent();
      void captcha.refresh();
      setSending(false);
    }
  };

  const label = smsButtonLabel(left, started);
  return (
    <AuthField
      icon={<SmsIcon />}
      label={t('register.smsCode')}
      extra={
        <button type="button" className="sms-button" disabled={left > 0 || sending || captcha.loading} onClick={() => void send()}>
          {label.key === 'sms.counting' ? t('sms.counting', { n: label.n }) : t(label.key)}
        </button>
      }
    >
      <Input
        name="code"
        placeholder={t('register.smsCodePlaceholder')}
        value={value}
        onChange={(v) => onChange(v.replace(/\D/g, ''))}
        maxLength={CODE_LENGTH}
        inputMode="numeric"
        autoComplete="one-time-code"
        clearable
      />
    </AuthField>
  );
}
