import { CloseOutline, ExclamationTriangleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { roomChannel } from '../../../../state/realtime/room';

/** A moderator's warning to the anchor, over the stage until the anchor closes it. */
export function WarningBanner({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="room-warning" role="alert" data-testid="room-warning">
      <ExclamationTriangleOutline className="room-warning__icon" />
      <div className="room-warning__body">
        <div className="room-warning__title">{t('room.warningTitle')}</div>
        <div>{text}</div>
      </div>
      <button type="button" className="room-warning__close" aria-label={t('room.warningDismiss')} onClick={() => roomChannel.dismissWarning()}>
        <CloseOutline />
      </button>
    </div>
  );
}
