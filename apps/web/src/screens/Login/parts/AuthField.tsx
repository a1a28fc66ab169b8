import type { ReactNode } from 'react';

/** One rounded input row of the auth forms: icon, the input, something on the right (eye, code button). */
export function AuthField(props: { icon: ReactNode; children: ReactNode; extra?: ReactNode; label: string }) {
  const { icon, children, extra, label } = props;
  return (
    <label className="auth-field" aria-label={label}>
      <span className="auth-field__icon">{icon}</span>
      <span className="auth-field__input">{children}</span>
      {extra && <span className="auth-field__extra">{extra}</span>}
    </label>
  );
}
