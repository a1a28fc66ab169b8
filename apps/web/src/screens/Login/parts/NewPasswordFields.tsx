import { useTranslation } from 'react-i18next';
import { PasswordInput } from './PasswordInput';

interface Props {
  password: string;
  confirm: string;
  onChange: (field: 'password' | 'confirm', value: string) => void;
  /** The first field's label and placeholder (the second one is always "confirm"). */
  label: string;
  placeholder: string;
}

/** A new password typed twice (register, forget). */
export function NewPasswordFields({ password, confirm, onChange, label, placeholder }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        name="password"
        label={label}
        placeholder={placeholder}
        value={password}
        onChange={(v) => onChange('password', v)}
        autoComplete="new-password"
      />
      <PasswordInput
        name="confirm"
        label={t('register.confirm')}
        placeholder={t('register.confirmPlaceholder')}
        value={confirm}
        onChange={(v) => onChange('confirm', v)}
        autoComplete="new-password"
      />
    </>
  );
}
