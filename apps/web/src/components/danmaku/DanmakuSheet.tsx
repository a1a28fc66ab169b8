import { Popup, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DENSITIES } from '../../lib/danmaku/layout';
import type { DanmakuSettings } from '../../state/session/schema';
import { useDanmakuSettings } from '../../state/session/useDanmakuSettings';

const MODES: DanmakuSettings['mode'][] = ['off', 'bullets', 'all'];
const OPACITIES = [1, 0.75, 0.5];

/** One row of choices, the chosen one lit. */
function Choices<T extends string | number>({
  name,
  options,
  value,
  label,
  onPick,
}: {
  name: string;
  options: readonly T[];
  value: T;
  label: (v: T) => string;
  onPick: (v: T) => void;
}) {
  return (
    <div className="dm-choices" role="radiogroup" data-testid={`danmaku-${name}`}>
      {options.map((o) => (
        <button
          key={o}
          type="button"
          role="radio"
          aria-checked={o === value}
          className={o === value ? 'dm-choice dm-choice--on' : 'dm-choice'}
          onClick={() => onPick(o)}
        >
          {label(o)}
        </button>
      ))}
    </div>
  );
}

/** The viewer's danmaku settings (remembered across rooms and replays): what flies, how dense, face kept clear, opacity. */
export function DanmakuSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [s, set] = useDanmakuSettings();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="dm-sheet" destroyOnClose>
      <div className="dm-sheet__title">{t('danmaku.settings')}</div>
      <div className="dm-sheet__label">{t('danmaku.show')}</div>
      <Choices name="mode" options={MODES} value={s.mode} label={(m) => t(`danmaku.mode.${m}`)} onPick={(mode) => set({ mode })} />
      <div className="dm-sheet__hint">{t(`danmaku.modeHint.${s.mode}`)}</div>
      <div className="dm-sheet__label">{t('danmaku.density')}</div>
      <Choices name="density" options={DENSITIES} value={s.density} label={(d) => t(`danmaku.densityOf.${d}`)} onPick={(density) => set({ density })} />
      <div className="dm-sheet__label">{t('danmaku.opacity')}</div>
      <Choices name="opacity" options={OPACITIES} value={s.opacity} label={(o) => `${Math.round(o * 100)}%`} onPick={(opacity) => set({ opacity })} />
      <label className="dm-sheet__row">
        <span>
          <span className="dm-sheet__row-title">{t('danmaku.avoidFace')}</span>
          <span className="dm-sheet__hint">{t('danmaku.avoidFaceHint')}</span>
        </span>
        <Switch checked={s.avoidFace} onChange={(avoidFace) => set({ avoidFace })} aria-label={t('danmaku.avoidFace')} />
      </label>
    </Popup>
  );
}
