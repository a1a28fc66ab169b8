import type { UserBrief } from '@app/contract';
import { ActionSheet, Dialog } from 'antd-mobile';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { canAppoint, canModerate } from '../../../state/realtime/roomState';
import { useRoom } from './RoomContext';

/**
 * What the owner or an admin can do to someone in the room: mute/unmute, take off the mic, kick
 * (confirmed), and (owner only) appoint or remove an admin. Viewers get nothing to act on.
 */
export function UserSheet({ user, onClose }: { user: UserBrief | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { room, state, me, act } = useRoom();
  const target = user;
  const allowed = target !== null && canModerate(state.myAuth) && target.id !== me.id && target.id !== room.anchor.id;
  const muted = target ? state.mutedIds.includes(target.id) : false;
  const admin = target ? state.adminIds.includes(target.id) : false;
  const onSeat = target ? state.seats.some((s) => s.user?.id === target.id) : false;
  const done = (ok: boolean) => {
    if (ok) showToast(t('room.done'), 'success');
  };

  const actions: ComponentProps<typeof ActionSheet>['actions'] =
    !allowed || !target
      ? []
      : [
          {
            key: 'mute',
            text: muted ? t('room.unmute') : t('room.mute'),
            onClick: () => void act('mute', { user_id: target.id, muted: !muted }).then(done),
          },
          ...(onSeat ? [{ key: 'remove', text: t('room.remove'), onClick: () => void act('micRemove', { user_id: target.id }).then(done) }] : []),
          ...(canAppoint(state.myAuth)
            ? [
                {
                  key: 'admin',
                  text: admin ? t('room.removeAdmin') : t('room.makeAdmin'),
                  onClick: () => void act('setAdmin', { user_id: target.id, admin: !admin }).then(done),
                },
              ]
            : []),
          {
            key: 'kick',
            text: t('room.kick'),
            danger: true,
            onClick: () =>
              void Dialog.confirm({
                content: t('room.kickConfirm', { name: target.nickname }),
                confirmText: t('room.kick'),
                cancelText: t('common.cancel'),
                onConfirm: async () => {
                  done(await act('kick', { user_id: target.id }));
                },
              }),
          },
        ];

  return (
    <ActionSheet
      visible={target !== null && actions.length > 0}
      extra={target ? <span className="user-sheet__who">{target.nickname}</span> : null}
      actions={actions}
      cancelText={t('common.cancel')}
      closeOnAction
      onClose={onClose}
    />
  );
}
