import type { AnchorApplication } from '@app/contract';
import { formatDateCN } from '@app/kit';
import { ClockCircleOutline, CloseCircleOutline } from 'antd-mobile-icons';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { EmptyArt } from '../../../components/EmptyArt';

/** A pending or rejected application: what is happening, and (rejected) the reason and a way to apply again. */
export function ApplyStatus({ app, onReapply }: { app: AnchorApplication; onReapply: () => void }) {
  const { t } = useTranslation();
  const rejected = app.status === 'rejected';
  return (
    <div className="apply-status" data-testid="anchor-status" data-status={app.status}>
      <EmptyArt tone={rejected ? 'muted' : 'brand'} icon={rejected ? <CloseCircleOutline /> : <ClockCircleOutline />} />
      <div className="apply-status__title">{rejected ? t('create.rejected') : t('create.pending')}</div>
      <div className="apply-status__desc">{rejected ? t('create.rejectedReason', { reason: app.reason ?? '' }) : t('create.pendingDesc')}</div>
      {app.submitted_at && <div className="apply-status__time">{t('create.submittedAt', { time: formatDateCN(app.submitted_at, 'YYYY-MM-DD HH:mm') })}</div>}
      {rejected && (
        <Button className="brand-button apply-status__btn" shape="rounded" onClick={onReapply}>
          {t('create.reapply')}
        </Button>
      )}
    </div>
  );
}
