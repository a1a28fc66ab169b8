import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ObsPanel } from '../../../../components/ObsPanel';
import { useRoom } from '../shell/RoomContext';

/** PC mode: the anchor's chip to show the OBS settings again, and a note while OBS has not started. */
export function ObsButton() {
  const { t } = useTranslation();
  const { room, state } = useRoom();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="obs-chip" data-testid="obs-chip" onClick={() => setOpen(true)}>
        {state.live.anchor ? t('room.pcMode') : t('room.pcWaiting')}
        <b>{t('room.pcShow')}</b>
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="room-sheet room-sheet--dark" destroyOnClose>
        <ObsPanel roomId={room.id} />
      </Popup>
    </>
  );
}
