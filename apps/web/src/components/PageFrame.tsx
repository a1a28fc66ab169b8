import type { ReactNode } from 'react';
import { NavBar } from 'antd-mobile';
import { useGoBack } from './useGoBack';

interface Props {
  title: ReactNode;
  children?: ReactNode;
  /** Tab pages have no back arrow. */
  back?: boolean;
  right?: ReactNode;
  /** A transparent nav bar over a gradient header (user centre). */
  variant?: 'default' | 'brand' | 'clear';
  className?: string;
}

/** The frame of every screen: a sticky nav bar with the title and a back arrow, then the content. */
export function PageFrame({ title, children, back = true, right, variant = 'default', className = '' }: Props) {
  const goBack = useGoBack();
  return (
    <div className={`page page--${variant} ${className}`}>
      <NavBar className="page-nav" back={back ? '' : null} backIcon={back} onBack={goBack} right={right}>
        {title}
      </NavBar>
      <div className="page-body">{children}</div>
    </div>
  );
}
