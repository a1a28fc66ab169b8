import { SearchBar, Toast } from 'antd-mobile';
import { EnvironmentOutline, LocationFill, RightOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Place } from '@app/contract';
import { PageFrame } from '../../components/PageFrame';
import { readDraft } from '../../state/session/usePostDraft';
import { useSession } from '../../state/session';
import { formatCoords, nearestCity, searchCities } from './cities';
import './location.css';

type Locating = 'idle' | 'locating' | 'denied';

/**
 * Choose a location (/pages/system/chooseLocation): the browser's position (named after the nearest
 * built-in city), or a searchable list of Chinese cities when it is denied or unavailable. No map
 * service is needed. The choice goes into the post draft, and the page returns to the editor.
 */
export default function ChooseLocation() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const patch = useSession((s) => s.patch);
  const current = readDraft(useSession((s) => s.postDraft)).location;
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<Locating>(() => (typeof navigator !== 'undefined' && navigator.geolocation ? 'idle' : 'denied'));
  const cities = useMemo(() => searchCities(keyword), [keyword]);

  const choose = (place: Place | null) => {
    const draft = readDraft(useSession.getState().postDraft);
    patch({ postDraft: { ...draft, location: place } as Record<string, unknown> });
    navigate(-1);
  };

  const locate = () => {
    if (!navigator.geolocation) return setState('denied');
    setState('locating');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const p = { lat: Number(pos.coords.latitude.toFixed(5)), lng: Number(pos.coords.longitude.toFixed(5)) };
        setState('idle');
        choose({ name: t('forum.place.near', { city: nearestCity(p).name }), ...p });
      },
      () => {
        setState('denied');
        Toast.show(t('forum.place.denied'));
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  };

  return (
    <PageFrame title={t('page.chooseLocation')} className="loc-page">
      <div className="loc-search">
        <SearchBar value={keyword} onChange={setKeyword} placeholder={t('forum.place.search')} data-testid="city-search" />
      </div>
      <button type="button" className="loc-row loc-row--here" onClick={locate} disabled={state === 'locating'} data-testid="use-position">
        <LocationFill className="loc-row__icon" />
        <span className="loc-row__main">
          <span className="loc-row__name">{state === 'locating' ? t('forum.place.locating') : t('forum.place.useCurrent')}</span>
          {state === 'denied' && <span className="loc-row__sub">{t('forum.place.deniedHint')}</span>}
        </span>
        <RightOutline />
      </button>
      {current && (
        <button type="button" className="loc-row" onClick={() => choose(null)}>
          <EnvironmentOutline className="loc-row__icon loc-row__icon--muted" />
          <span className="loc-row__main">
            <span className="loc-row__name">{t('forum.place.none')}</span>
            <span className="loc-row__sub">{t('forum.place.currentIs', { name: current.name })}</span>
          </span>
        </button>
      )}
      <h3 className="loc-head">{t('forum.place.cities')}</h3>
      <div className="loc-list" data-testid="city-list">
        {cities.map((c) => (
          <button key={c.name} type="button" className="loc-row" onClick={() => choose({ name: c.name, lat: c.lat, lng: c.lng })}>
            <EnvironmentOutline className="loc-row__icon loc-row__icon--muted" />
            <span className="loc-row__main">
              <span className="loc-row__name">{c.name}</span>
              <span className="loc-row__sub">
                {c.province} · {formatCoords(c.lat, c.lng)}
              </span>
            </span>
          </button>
        ))}
        {cities.length === 0 && <p className="loc-empty">{t('forum.place.noCity')}</p>}
      </div>
    </PageFrame>
  );
}
