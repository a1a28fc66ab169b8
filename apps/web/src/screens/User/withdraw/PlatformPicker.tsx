import type { Api, RouteData } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { PlatformMark } from './PlatformMark';

type Platform = RouteData<Api['withdrawPlatform']>['list'][number];

/** Where to withdraw to: one tile per platform (disabled ones greyed out). */
export function PlatformPicker({ list, value, onChange }: { list: Platform[]; value: string; onChange: (p: Platform['platform']) => void }) {
  const { t } = useTranslation();
  return (
    <div className="plat-grid" role="radiogroup" aria-label={t('withdraw.to')}>
      {list.map((p) => (
        <button
          key={p.platform}
          type="button"
          role="radio"
          aria-checked={value === p.platform}
          disabled={!p.enabled}
          className={`plat plat--${p.platform} ${value === p.platform ? 'plat--on' : ''}`}
          onClick={() => onChange(p.platform)}
        >
          <PlatformMark platform={p.platform} />
          <span className="plat__name">{t(`withdraw.platform.${p.platform}`)}</span>
          {!p.enabled && <span className="plat__off">{t('withdraw.unavailable')}</span>}
        </button>
      ))}
    </div>
  );
}
