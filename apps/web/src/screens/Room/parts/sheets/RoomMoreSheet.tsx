import { Popup } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DanmakuIcon } from '../../../../components/danmaku/DanmakuIcon';
import { DanmakuSheet } from '../../../../components/danmaku/DanmakuSheet';
import { goLogin } from '../../../../lib/nav';
import { useDanmakuSettings } from '../../../../state/session/useDanmakuSettings';
import { ClipIcon, EnvelopeIcon, ShareIcon } from '../actions/icons';
import { useRoom } from '../shell/RoomContext';
import { shareRoom } from './share';
import './more.css';

interface Tile {
  key: string;
  label: string;
  icon: ReactNode;
  /** A state under the label (the danmaku mode, clips off). */
  caption?: string;
  tone?: 'lit' | 'off' | 'envelope';
  run: () => void;
}

/**
 * The room's less-used actions behind ⋯ (as Douyin and Bigo keep the bar to the input and the
 * gift): the danmaku settings (live rooms) with their state, ✂ clip (where the live can be clipped),
 * share and a red envelope. A tap closes the sheet and opens what it names.
 */
export function RoomMoreSheet({ open, onClose, onEnvelope, onClip }: { open: boolean; onClose: () => void; onEnvelope: () => void; onClip?: () => void }) {
  const { t } = useTranslation();
  const { room, state, me } = useRoom();
  const [dm] = useDanmakuSettings();
  const [dmOpen, setDmOpen] = useState(false);
  const clipsOff = !(state.settings ?? room.settings).allow_clips;

  const tiles: Tile[] = [
    ...(room.kind === 'live'
      ? [
          {
            key: 'danmaku',
            label: t('room.moreSheet.danmaku'),
            icon: <DanmakuIcon off={dm.mode === 'off'} />,
            caption: t(`danmaku.mode.${dm.mode}`),
            tone: dm.mode === 'off' ? ('off' as const) : ('lit' as const),
            run: () => setDmOpen(true),
          },
        ]
      : []),
    ...(onClip
      ? [
          {
            key: 'clip',
            label: t('room.moreSheet.clip'),
            icon: <ClipIcon />,
            // The anchor is told too, but their ✂ stays lit: its sheet is where clips are turned back on.
            ...(clipsOff ? { caption: t('room.moreSheet.off'), ...(me.owner ? {} : { tone: 'off' as const }) } : {}),
            run: me.guest ? goLogin : onClip,
          },
        ]
      : []),
    { key: 'share', label: t('room.share'), icon: <ShareIcon />, run: () => void shareRoom(room) },
    { key: 'envelope', label: t('room.moreSheet.envelope'), icon: <EnvelopeIcon />, tone: 'envelope', run: me.guest ? goLogin : onEnvelope },
  ];

  return (
    <>
      <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="room-more" destroyOnClose>
        <div className="room-more__title">{t('room.more')}</div>
        <div className="room-more__grid" data-testid="room-more">
          {tiles.map((x) => (
            <button
              key={x.key}
              type="button"
              className={x.tone ? `room-more__tile room-more__tile--${x.tone}` : 'room-more__tile'}
              data-testid={`${x.key}-button`}
              data-mode={x.key === 'danmaku' ? dm.mode : undefined}
              onClick={() => {
                onClose();
                x.run();
              }}
            >
              <span className="room-more__icon">{x.icon}</span>
              <span className="room-more__label">{x.label}</span>
              {x.caption && <span className="room-more__caption">{x.caption}</span>}
            </button>
          ))}
        </div>
      </Popup>
      <DanmakuSheet open={dmOpen} onClose={() => setDmOpen(false)} />
    </>
  );
}
