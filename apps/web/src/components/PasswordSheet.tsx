import { Button, Input, Popup } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './passwordSheet.css';

interface Props {
  open: boolean;
  /** Shown under the input (the wrong-password message). */
  error?: string | null;
  busy?: boolean;
  onSubmit: (password: string) => void;
  onClose: () => void;
}

/** Asks for a room's password; stays open with a clear message when it was wrong. */
export function PasswordSheet({ open, error, busy, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  useEffect(() => {
    if (error) setValue('');
  }, [error]);
  const submit = () => {
    if (value.trim()) onSubmit(value.trim());
  };
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="password-sheet" destroyOnClose>
      <div className="password-sheet__icon">
        <LockOutline />
      </div>
      <div className="password-sheet__title">{t('join.passwordTitle')}</div>
      <Input
        name="room-password"
        className="password-sheet__input"
        type="password"
        value={value}
        onChange={setValue}
        onEnterPress={submit}
        maxLength={16}
        placeholder={t('join.passwordPlaceholder')}
        autoFocus
        clearable
      />
      <div className="password-sheet__error" role="alert" data-testid="password-error">
        {error ?? ''}
      </div>
      <Button block shape="rounded" size="large" className="brand-button" loading={busy} disabled={!value.trim()} onClick={submit}>
        {t('join.enter')}
      </Button>
    </Popup>
  );
}
