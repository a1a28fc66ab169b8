import type { ReactNode } from 'react';
import Button from 'antd-mobile/es/components/button';
import { FileOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
import { EmptyArt } from './EmptyArt';
import { useTranslation } from 'react-i18next';

interface Props {
  title: ReactNode;
  description?: ReactNode;
  /** A call to action under the text. */
  action?: { label: ReactNode; onClick: () => void };
  icon?: ReactNode;
}

/** The illustrated "nothing here" block every list shows when it is empty. */
export function EmptyState({ title, description, action, icon }: Props) {
  return (
    <div className="empty-state">
      <EmptyArt icon={icon ?? <FileOutline />} />
      <div className="empty-state__title">{title}</div>
      {description && <div className="empty-state__desc">{description}</div>}
      {action && (
        <Button className="empty-state__action" color="primary" fill="outline" shape="rounded" size="small" onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </div>
  );
}

/** A failed load with a retry button. */
export function LoadError({ onRetry, title, description }: { onRetry: () => void; title?: ReactNode; description?: ReactNode }) {
  const { t } = useTranslation();
  // Offline, say so plainly: the banner above explains, the retry works once the network is back.
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <div className="empty-state">
      <EmptyArt tone="muted" icon={<ExclamationCircleOutline />} />
      <div className="empty-state__title">{title ?? (offline ? t('error.offlineLaunch') : t('common.loadFailed'))}</div>
      <div className="empty-state__desc">{description ?? (offline ? t('error.offlineLaunchDesc') : t('common.loadFailedDesc'))}</div>
      <Button className="empty-state__action" color="primary" shape="rounded" size="small" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
