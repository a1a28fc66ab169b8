import { useTranslation } from 'react-i18next';
import type { RoomBrief } from '@app/contract';
import { showToast } from '../../../lib/toast';
import { useAdminAction } from '../../../state/queries/admin';
import type { DialogSpec } from '../parts/FormDialog';

/** Ending a live with a reason the anchor sees, the same from the rooms list and the patrol wall: answers the dialog to `ask`. */
export function useCloseLive(done?: () => void): (room: Pick<RoomBrief, 'id' | 'title'>) => DialogSpec {
  const { t } = useTranslation();
  const close = useAdminAction('adminRoomClose');
  return (room) => ({
    title: t('admin.rooms.closeTitle', { title: room.title }),
    description: t('admin.rooms.closeDesc'),
    fields: [{ name: 'reason', label: t('admin.reason'), kind: 'textarea' }],
    confirm: t('admin.rooms.close'),
    danger: true,
    onSubmit: async (v) => {
      await close.mutateAsync({ room_id: room.id, reason: v.reason ?? '' });
      showToast(t('admin.done'), 'success');
      done?.();
    },
  });
}
