import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useCloseRoom } from '../../../../state/queries/room';
import { useRoom } from './RoomContext';

/** The top bar's ✕: a viewer leaves at once; the owner is asked before the live ends for everyone (`closing` meanwhile). */
export function useCloseButton(): { onClose: () => void; closing: boolean } {
  const { t } = useTranslation();
  const { room, me, exit } = useRoom();
  const close = useCloseRoom();
  const onClose = () => {
    if (!me.owner) return exit();
    void Dialog.confirm({
      content: t('room.endConfirm'),
      confirmText: t('room.end'),
      cancelText: t('common.cancel'),
      onConfirm: async () => {
        await close.mutateAsync(room.id).catch(() => undefined);
      },
    });
  };
  return { onClose, closing: close.isPending };
}
