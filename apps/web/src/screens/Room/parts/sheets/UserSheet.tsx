import type { UserBrief } from '@app/contract';
import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ProfileSheet } from '../../../../components/ProfileSheet';
import { showToast } from '../../../../lib/toast';
import { canAppoint, canModerate } from '../../../../state/realtime/roomState';
import { useRoom } from '../shell/RoomContext';
import { UserReport } from './UserReport';

/**
 * Someone's card in the room: follow, message, report; for the owner and the room's admins also
 * mute/unmute, take off the mic, kick (confirmed) and (owner only) appoint or remove an admin.
 */
export function UserSheet({ user, onClose }: { user: UserBrief | null; onClose: () => void }) {
  return (
    <ProfileSheet userId={user?.id ?? null} onClose={onClose}>
      {user && <RoomActionsFor target={user} onClose={onClose} />}
    </ProfileSheet>
  );
}

function RoomActionsFor({ target, onClose }: { target: UserBrief; onClose: () => void }) {
  const { t } = useTranslation();
  const { room, state, me, act } = useRoom();
  if (target.id === me.id) return null;
  const allowed = canModerate(state.myAuth) && target.id !== room.anchor.id;
  const muted = state.mutedIds.includes(target.id);
  const admin = state.adminIds.includes(target.id);
  const onSeat = state.seats.some((s) => s.user?.id === target.id);
  // As the action sheet did: an action closes the card, and the toast says it was done.
  const run = (p: Promise<boolean>) => {
    onClose();
    void p.then((ok) => ok && showToast(t('room.done'), 'success'));
  };
  const kick = () =>
    void Dialog.confirm({
      content: t('room.kickConfirm', { name: target.nickname }),
      confirmText: t('room.kick'),
      cancelText: t('common.cancel'),
      onConfirm: () => run(act('kick', { user_id: target.id })),
    });
  return (
    <div className="card-actions" data-testid="card-actions">
      {allowed && (
        <>
          <button type="button" data-testid="card-mute" onClick={() => run(act('mute', { user_id: target.id, muted: !muted }))}>
            {muted ? t('room.unmute') : t('room.mute')}
          </button>
          {onSeat && (
            <button type="button" onClick={() => run(act('micRemove', { user_id: target.id }))}>
              {t('room.remove')}
            </button>
          )}
          {canAppoint(state.myAuth) && (
            <button type="button" data-testid="card-admin" onClick={() => run(act('setAdmin', { user_id: target.id, admin: !admin }))}>
              {admin ? t('room.removeAdmin') : t('room.makeAdmin')}
            </button>
          )}
          <button type="button" className="card-actions__danger" data-testid="card-kick" onClick={kick}>
            {t('room.kick')}
          </button>
        </>
      )}
      <UserReport userId={target.id} />
    </div>
  );
}
