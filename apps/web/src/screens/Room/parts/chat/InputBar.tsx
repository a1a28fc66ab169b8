import { CHAT_MAX_LENGTH } from '@app/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DanmakuIcon } from '../../../../components/danmaku/DanmakuIcon';
import { goLogin } from '../../../../lib/nav';
import { useRoom } from '../shell/RoomContext';

/** The chat input (send on Enter; the danmaku toggle sends the next lines as bullets) and the room's action buttons after it. */
export function InputBar({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { state, me, say } = useRoom();
  const [text, setText] = useState('');
  const [bullet, setBullet] = useState(false);
  const [busy, setBusy] = useState(false);
  const muted = state.myMuted && !me.owner;

  const send = async () => {
    const v = text.trim();
    if (!v || busy) return;
    setBusy(true);
    const ok = await say(v, bullet);
    setBusy(false);
    if (ok) setText('');
  };

  return (
    <div className="room-bottom">
      <div className={muted ? 'room-input room-input--muted' : 'room-input'}>
        <button
          type="button"
          className={bullet ? 'room-input__bullet room-input__bullet--on' : 'room-input__bullet'}
          aria-pressed={bullet}
          aria-label={t('room.bullet')}
          data-testid="bullet-toggle"
          disabled={muted}
          onClick={() => setBullet((b) => !b)}
        >
          <DanmakuIcon />
        </button>
        <input
          name="chat"
          className="room-input__field"
          value={muted ? '' : text}
          disabled={muted}
          maxLength={CHAT_MAX_LENGTH}
          enterKeyHint="send"
          placeholder={muted ? t('room.muted') : bullet ? t('room.bulletPlaceholder') : t('room.chatPlaceholder')}
          onFocus={(e) => {
            // Chat needs a member: a guest goes to log in instead of typing into the void.
            if (me.guest) {
              e.currentTarget.blur();
              goLogin();
            }
          }}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) void send();
          }}
        />
        {text.trim() && !muted && (
          <button type="button" className="room-input__send" onClick={() => void send()}>
            {t('room.send')}
          </button>
        )}
      </div>
      {children}
    </div>
  );
}
