import type { ReactNode } from 'react';
import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useGoBack } from '../../../components/useGoBack';
import '../auth.css';

interface Props {
  title: string;
  heading: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** Login, register and forget share this: a brand gradient header, the form on a rounded card. */
export function AuthLayout({ title, heading, subtitle, children, footer }: Props) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <div className="auth">
      <header className="auth__hero">
        <div className="auth__bar">
          <button type="button" className="auth__back" aria-label={t('common.back')} onClick={goBack}>
            <LeftOutline />
          </button>
          <h1 className="auth__title">{title}</h1>
          <span className="auth__back auth__back--ghost" />
        </div>
        <div className="auth__brand">
          <img src="/icon-192.png" alt="" width={52} height={52} />
          <div>
            <div className="auth__heading">{heading}</div>
            <div className="auth__subtitle">{subtitle}</div>
          </div>
        </div>
      </header>
      <main className="auth__card">{children}</main>
      {footer && <footer className="auth__footer">{footer}</footer>}
    </div>
  );
}
