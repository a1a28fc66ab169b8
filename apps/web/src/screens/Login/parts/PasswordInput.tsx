import { Input } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { LockOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { AuthField } from './AuthField';

interface Props {
  name: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: 'current-password' | 'new-password';
  onEnterPress?: () => void;
}

/** Password row with a show/hide toggle. */
export function PasswordInput({ name, label, placeholder, value, onChange, autoComplete, onEnterPress }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <AuthField
      icon={<LockOutline />}
      label={label}
      extra={
        <button
          type="button"
          className="auth-eye"
          aria-label={visible ? 'hide password' : 'show password'}
          data-testid={`${name}-toggle`}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      }
    >
      <Input
        name={name}
        type={visible ? 'text' : 'password'}
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        maxLength={32}
        autoComplete={autoComplete}
        onEnterPress={onEnterPress}
        clearable
      />
    </AuthField>
  );
}
