import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from './EmptyState';
import { PageFrame } from './PageFrame';

interface Props {
  title: ReactNode;
  empty: ReactNode;
  description?: ReactNode;
  back?: boolean;
  action?: { label: ReactNode; to: string };
  /** The icon on the empty-state illustration. */
  icon?: ReactNode;
  children?: ReactNode;
}

/** A screen whose feature comes in a later issue: its real frame and an empty state, never a blank page. */
export function FrameScreen({ title, empty, description, back = true, action, icon, children }: Props) {
  const navigate = useNavigate();
  return (
    <PageFrame title={title} back={back}>
      {children}
      <EmptyState
        title={empty}
        icon={icon}
        description={description}
        action={action ? { label: action.label, onClick: () => navigate(action.to) } : undefined}
      />
    </PageFrame>
  );
}
