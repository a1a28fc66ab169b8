import { CLIP_DEFAULT_S } from '@app/contract';
import { Switch } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClipSheet } from '../../../../components/clip/ClipSheet';
import { useRoom } from '../shell/RoomContext';

/**
 * ✂ in the live room: the last 15, 30 or 60 s of the live. The anchor also finds here the switch
 * that lets viewers clip (on by default); while it is off, viewers see why they cannot.
 */
export function RoomClipSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { room, state, me, act } = useRoom();
  const allowed = (state.settings ?? room.settings).allow_clips;
  const [seconds, setSeconds] = useState<number>(CLIP_DEFAULT_S);
  return (
    <ClipSheet
      open={open}
      onClose={onClose}
      title={t('clip.title')}
      hint={t('clip.hint', { name: room.anchor.nickname })}
      defaultTitle={room.title}
      seconds={seconds}
      onSeconds={setSeconds}
      goLabel={t('clip.go', { s: seconds })}
      target={{ room_id: room.id }}
      blocked={!allowed && !me.owner ? { title: t('clip.offTitle'), text: t('clip.off') } : null}
      top={
        me.owner && (
          <label className="clip-sheet__switch" data-testid="clip-allow">
            <span>
              <b>{t('clip.allow')}</b>
              <small>{t('clip.allowHint')}</small>
            </span>
            <Switch checked={allowed} onChange={(on) => void act('settings', { settings: { allow_clips: on } })} aria-label={t('clip.allow')} />
          </label>
        )
      }
    />
  );
}
