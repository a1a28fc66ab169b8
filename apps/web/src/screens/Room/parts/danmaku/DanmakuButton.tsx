import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DanmakuSheet } from '../../../../components/danmaku/DanmakuSheet';
import { useDanmakuSettings } from '../../../../state/session/useDanmakuSettings';

/** The viewer's danmaku button among the room's actions: lit while every chat line flies; opens the settings. */
export function DanmakuButton() {
  const { t } = useTranslation();
  const [s] = useDanmakuSettings();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={s.mode === 'all' ? 'room-action room-action--danmaku room-action--active' : 'room-action room-action--danmaku'}
        data-testid="danmaku-button"
        data-mode={s.mode}
        aria-label={t('danmaku.settings')}
        onClick={() => setOpen(true)}
      >
        <span className={s.mode === 'off' ? 'room-action__glyph room-action__glyph--off' : 'room-action__glyph'}>{t('danmaku.glyph')}</span>
      </button>
      <DanmakuSheet open={open} onClose={() => setOpen(false)} />
    </>
  );
}
