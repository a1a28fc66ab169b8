import type { RoomSettings } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { canShareScreen } from '../../../../lib/media/capture';
import { useSession } from '../../../../state/session';
import { CameraIcon, CameraOffIcon, FlipIcon, MicIcon, MicOffIcon, RotateIcon, ScreenIcon } from './icons';
import { useRoom } from '../shell/RoomContext';

/**
 * The publisher's controls (a column at the right edge, as in Bigo): flip camera, camera on/off,
 * mute, screen share, portrait/landscape. The owner's changes are also saved as the room's §3
 * settings, so viewers (and the next live) know; a co-host's camera and mic go to their seat.
 */
export function AnchorTools() {
  const { t } = useTranslation();
  const { me, media, act } = useRoom();
  const b = media.broadcaster;
  const s = media.broadcast;
  const patchSession = useSession((x) => x.patch);
  if (!b || !s) return null;

  const save = (patch: Partial<RoomSettings>) => {
    if (!me.owner) {
      // A co-host's camera and mic are their seat's: everyone's tile shows the avatar / muted icon.
      if (patch.camera !== undefined || patch.audio !== undefined) {
        void act('seatMedia', { ...(patch.camera !== undefined ? { camera: patch.camera } : {}), ...(patch.audio !== undefined ? { mic: patch.audio } : {}) });
      }
      return;
    }
    void act('settings', { settings: patch });
    const cur = useSession.getState().roomSettings;
    patchSession({
      roomSettings: {
        ...cur,
        ...(patch.front_camera !== undefined ? { frontCamera: patch.front_camera } : {}),
        ...(patch.camera !== undefined ? { camera: patch.camera } : {}),
        ...(patch.audio !== undefined ? { audio: patch.audio } : {}),
        ...(patch.screen !== undefined ? { screen: patch.screen } : {}),
        ...(patch.vertical !== undefined ? { vertical: patch.vertical } : {}),
      },
    });
  };

  const flip = async () => {
    await b.flipCamera();
    save({ front_camera: b.getSnapshot().frontCamera });
  };
  const camera = () => {
    b.setCamera(!s.camera);
    save({ camera: !s.camera });
  };
  const mic = () => {
    b.setMic(!s.mic);
    save({ audio: !s.mic });
  };
  const screen = async () => {
    if (s.screen) await b.stopScreen();
    else await b.startScreen();
    save({ screen: b.getSnapshot().screen });
  };
  const rotate = async () => {
    await b.setVertical(!s.vertical);
    save({ vertical: !s.vertical });
  };

  const tools = [
    { key: 'flip', label: t('room.flip'), icon: <FlipIcon />, on: false, run: flip },
    { key: 'camera', label: t('room.camera'), icon: s.camera ? <CameraIcon /> : <CameraOffIcon />, on: !s.camera, run: camera },
    { key: 'mic', label: t('room.mic'), icon: s.mic ? <MicIcon /> : <MicOffIcon />, on: !s.mic, run: mic },
    ...(canShareScreen()
      ? [{ key: 'screen', label: s.screen ? t('room.screenStop') : t('room.screen'), icon: <ScreenIcon />, on: s.screen, run: screen }]
      : []),
    ...(me.owner ? [{ key: 'rotate', label: t('room.orientation'), icon: <RotateIcon />, on: !s.vertical, run: rotate }] : []),
  ];

  return (
    <div className="anchor-tools" data-testid="anchor-tools">
      {tools.map((x) => (
        <button
          key={x.key}
          type="button"
          className={x.on ? 'anchor-tool anchor-tool--on' : 'anchor-tool'}
          data-tool={x.key}
          aria-pressed={x.on}
          onClick={() => void x.run()}
        >
          <span className="anchor-tool__icon">{x.icon}</span>
          <span className="anchor-tool__label">{x.label}</span>
        </button>
      ))}
    </div>
  );
}
