import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../../components/UserAvatar';
import { useRoom } from '../shell/RoomContext';

/** The owner's (and admins') mic panel: who asks to join (accept, reject) and who is on the mic (remove). */
export function MicQueueSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { state, act } = useRoom();
  const onMic = state.seats.filter((s) => s.user);
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="room-sheet" destroyOnClose>
      <div className="room-sheet__title">{t('room.queue')}</div>
      {state.queue.length === 0 ? (
        <div className="room-sheet__empty">{t('room.queueEmpty')}</div>
      ) : (
        <ul className="room-sheet__list" data-testid="mic-queue">
          {state.queue.map((q) => (
            <li key={q.user.id} className="sheet-user">
              <UserAvatar src={q.user.avatar} size={40} />
              <span className="sheet-user__main">
                <span className="sheet-user__name">{q.user.nickname}</span>
                {q.seat !== null && <span className="sheet-user__sub">{t('room.queueSeat', { n: q.seat })}</span>}
              </span>
              <Button size="small" shape="rounded" fill="outline" onClick={() => void act('micReject', { user_id: q.user.id })}>
                {t('room.reject')}
              </Button>
              <Button
                size="small"
                shape="rounded"
                className="brand-button"
                data-testid="mic-accept"
                onClick={() => void act('micAccept', { user_id: q.user.id, ...(q.seat !== null ? { seat: q.seat } : {}) })}
              >
                {t('room.accept')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {onMic.length > 0 && (
        <>
          <div className="room-sheet__sub">{t('room.cohosts')}</div>
          <ul className="room-sheet__list">
            {onMic.map((s) => (
              <li key={s.index} className="sheet-user">
                <UserAvatar src={s.user!.avatar} size={40} />
                <span className="sheet-user__main">
                  <span className="sheet-user__name">{s.user!.nickname}</span>
                  <span className="sheet-user__sub">{t('room.seatN', { n: s.index })}</span>
                </span>
                <Button size="small" shape="rounded" fill="outline" color="danger" onClick={() => void act('micRemove', { user_id: s.user!.id })}>
                  {t('room.remove')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Popup>
  );
}
